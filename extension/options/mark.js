/* Options: the user's own mark (shared/mark.js), kept in extension storage, not in the helper:
 * it is there from install, with or without the helper. Saved as it changes. */
import "../shared/mark.js";

(() => {
  const M = globalThis.PrismMark;
  const $ = (id) => document.getElementById(id);

  function preview(mark) {
    $("mark-preview").textContent = mark.word;
    $("mark-preview").style.setProperty("--mark", mark.colour);
  }

  let pending = null;
  function saveSoon() {
    clearTimeout(pending);
    pending = setTimeout(async () => {
      try {
        preview(await M.set({ word: $("mark-word").value, colour: $("mark-colour").value }));
        $("mark-word").removeAttribute("aria-invalid");
        $("mark-saved").textContent = "Saved.";
      } catch (e) {
        $("mark-word").setAttribute("aria-invalid", "true");
        $("mark-saved").textContent = `Not saved: ${e.message}.`;
      }
    }, 300);
  }

  M.get().then((mark) => {
    $("mark-word").value = mark.word;
    $("mark-colour").value = mark.colour;
    preview(mark);
  });
  $("mark-word").addEventListener("input", saveSoon);
  $("mark-colour").addEventListener("input", saveSoon);
})();
