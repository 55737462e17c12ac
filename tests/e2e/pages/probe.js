// The hostile pages' probe: look for the translation with the browser's own find, and select
// everything (hostile.html, hostile-top.html).
window.probe = (words) => {
  const found = words.filter((w) => { getSelection().removeAllRanges(); return window.find(w, false, false, true); });
  document.execCommand("selectAll");
  const all = getSelection().toString();
  getSelection().selectAllChildren(document.documentElement);
  return { found, selected: all + getSelection().toString() };
};
