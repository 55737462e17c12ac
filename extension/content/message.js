/* "Translate this page / message": finds the message bodies in this frame (webmail reading panes
 * and editors, nested divs, quoted parts) or, on other pages, the main text; splits them into
 * paragraphs; then shows each paragraph's translation under it (bilingual), instead of it
 * (translation only), or not at all (original). Each frame does this for its own document, so a
 * translation is only ever shown in the document that already holds its original.
 *
 * Translations are shown in elements with a closed shadow root (page CSS cannot restyle them;
 * they are not editable, so an editor around them never takes them into the text it sends),
 * and every change is undone by clear(). */
"use strict";

globalThis.PrismMessage = (() => {
  /* Message bodies, by the markup the webmails use for them (Gmail .a3s / .ii.gt, Outlook on the
   * web's "Message body" region and reading pane document, Roundcube #messagebody /
   * .message-htmlpart / .message-part, generic article bodies). */
  const BODIES = [
    ".a3s", ".ii.gt", "[aria-label='Message body']", "[role=document]", "#messagebody", ".message-htmlpart",
    ".message-part", ".rcmBody", "[itemprop=articleBody]", "[data-message-body]",
  ].join(", ");
  const MAIN = "article, main, [role=main]";
  const SKIP = "nav, header, footer, aside, script, style, noscript, template, button, select, textarea, input, svg, math, "
    + "iframe, object, [aria-hidden=true], [hidden], prism-translate-overlay, prism-translation";
  const INLINE = new Set(["A", "ABBR", "B", "BDI", "BDO", "BR", "CITE", "CODE", "DATA", "DFN", "EM", "FONT", "I", "IMG", "KBD",
    "LABEL", "MARK", "Q", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR", "WBR", "DEL", "INS"]);
  /* Colours come from the page, not from the system's theme: a dark page on a light system (or
   * the reverse) would otherwise get text it can hardly read. colours() sets them per paragraph. */
  const STYLE = `
:host { all: initial; display: block; margin: 2px 0 10px; }
.t { display: block; font: inherit; white-space: pre-wrap; color: var(--prism-fg); border-left: 3px solid var(--prism-line);
  padding: 2px 0 2px 8px; font-family: system-ui, sans-serif; font-size: 0.95em; line-height: 1.45; }
.t.pending, .t.stopped { font-style: italic; }
.t.marked { border-left-color: var(--prism-warn); }
mark { background: var(--prism-mark); color: inherit; border-bottom: 2px solid var(--prism-warn); }
.note { display: block; color: var(--prism-warn); font-size: 0.85em; font-style: normal; margin-bottom: 2px; }
:host(.only) .t { border-left-color: transparent; padding-left: 0; color: var(--prism-text); }
`;
  const LIGHT = { fg: "#1d3b8b", line: "#9db4ef", warn: "#9a3412", mark: "#fde68a" }; // on a light page
  const DARK = { fg: "#b7c9ff", line: "#4b6cc4", warn: "#fdba74", mark: "#5b4a12" }; // on a dark one
  const AA = 4.5; // WCAG AA contrast for body text

  /* [r, g, b, alpha] of a computed colour ("rgb(...)", "rgba(...)") or of "#rrggbb" */
  function rgba(css) {
    const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(css || "");
    if (hex) return [...hex.slice(1).map((h) => parseInt(h, 16)), 1];
    const m = /rgba?\(([^)]+)\)/.exec(css || "");
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  }

  function luminance([r, g, b]) {
    const lin = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  }

  function contrast(a, b) {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  }

  /* The background the paragraph is drawn on: the first opaque one up its ancestors (white if none:
   * the canvas of a page that sets none). */
  function backgroundOf(el) {
    for (let n = el; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c && c[3] >= 0.5) return c;
    }
    return [255, 255, 255, 1];
  }

  /* CSS custom properties for a translation under el: the palette for the page's background; the
   * page's own text colour for "translation only"; black or white where either falls short of AA. */
  function colours(el) {
    const bg = backgroundOf(el);
    const dark = luminance(bg) < 0.2;
    const palette = dark ? DARK : LIGHT;
    const plain = dark ? "#ffffff" : "#000000";
    const readable = (css) => {
      const c = rgba(css);
      return c && c[3] >= 0.5 && contrast(c, bg) >= AA ? css : plain;
    };
    const text = readable(getComputedStyle(el).color);
    return `--prism-fg: ${readable(palette.fg)}; --prism-text: ${text}; --prism-line: ${palette.line}; --prism-warn: ${readable(palette.warn)};`
      + ` --prism-mark: ${palette.mark};`;
  }

  let paragraphs = []; // {nodes, block, text}
  let shown = []; // {host, t, translation, marks, warnings, done}
  let wrapped = []; // spans we wrapped around inline runs: {span}
  let view = "bilingual";

  function visible(el) {
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }

  function isBlock(node) {
    return node.nodeType === Node.ELEMENT_NODE && !INLINE.has(node.tagName) && !node.matches("prism-translation");
  }

  function outermost(elements) {
    return elements.filter((el) => !elements.some((other) => other !== el && other.contains(el)));
  }

  /* Paragraphs under root: each block whose children are inline is one; a block that mixes
   * text with blocks gives one paragraph per run of inline content between its blocks. */
  function split(root, out) {
    let run = [];
    const flush = () => {
      const text = run.map((n) => n.textContent).join("").trim();
      if (/\p{L}{2,}/u.test(text)) out.push({ nodes: run, text, block: null, parent: root });
      run = [];
    };
    for (const child of root.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) run.push(child);
      else if (child.nodeType !== Node.ELEMENT_NODE || child.matches(SKIP)) continue;
      else if (!isBlock(child)) {
        if (child.tagName === "BR" && run.length && run[run.length - 1].nodeName === "BR") flush(); // a blank line
        else run.push(child);
      } else {
        flush();
        if (visible(child)) split(child, out);
      }
    }
    flush();
  }

  /* A run that is all of its parent's content is the parent block itself. */
  function settle(p) {
    const meaningful = [...p.parent.childNodes].filter((n) => n.nodeType === Node.ELEMENT_NODE || n.textContent.trim());
    const own = p.nodes.filter((n) => n.nodeType === Node.ELEMENT_NODE || n.textContent.trim());
    if (meaningful.length === own.length && p.parent !== document.body) p.block = p.parent;
    p.text = (p.block ? p.block.innerText : p.nodes.map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : n.innerText || n.textContent)).join("")).trim();
    return p;
  }

  /* {paragraphs: [text], known, frames} for this frame */
  function collect() {
    clear();
    const bodies = outermost([...document.querySelectorAll(BODIES)].filter((el) => !el.closest(SKIP) && visible(el)));
    const known = bodies.length > 0;
    const roots = known ? bodies : outermost([...document.querySelectorAll(MAIN)].filter(visible));
    const found = [];
    for (const root of roots.length ? roots : [document.body].filter(Boolean)) split(root, found);
    paragraphs = found.map(settle).filter((p) => /\p{L}{2,}/u.test(p.text));
    return { paragraphs: paragraphs.map((p) => p.text), known, frames: window.frames.length };
  }

  function styleRoot(root) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
      root.adoptedStyleSheets = [sheet];
    } catch (e) {
      const style = document.createElement("style");
      style.textContent = STYLE;
      root.append(style);
    }
  }

  /* the original of paragraph p as one element we can hide (a wrapping span for inline runs) */
  function originalOf(p) {
    if (p.block) return p.block;
    if (!p.span) {
      p.span = document.createElement("span");
      p.nodes[0].before(p.span);
      p.span.append(...p.nodes);
      wrapped.push(p.span);
    }
    return p.span;
  }

  function start() {
    // Again with another language pair: the earlier translations give way to the new ones.
    for (const s of shown) {
      const original = s.p.block || s.p.span;
      if (original) original.style.removeProperty("display");
      s.host.remove();
    }
    shown = paragraphs.map((p) => {
      const host = document.createElement("prism-translation");
      host.setAttribute("contenteditable", "false");
      const near = p.block || p.parent;
      host.setAttribute("style", `all: initial !important; display: block !important; ${colours(near)}`);
      const root = host.attachShadow({ mode: "closed" });
      styleRoot(root);
      const t = document.createElement("div");
      t.className = "t pending";
      t.textContent = "Translating privately\u2026";
      root.append(t);
      const after = p.block || p.nodes[p.nodes.length - 1];
      after.after(host);
      return { host, t, translation: "", marks: [], warnings: [], done: false, p };
    });
    applyView();
  }

  function render(s) {
    s.t.replaceChildren();
    s.t.className = `t${s.marks.length || s.warnings.length ? " marked" : ""}`;
    if (s.marks.length || s.warnings.length) {
      const n = s.marks.length || s.warnings.length;
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = `\u26a0 ${n} value${n === 1 ? "" : "s"} could not be checked${s.marks.length ? "; highlighted below" : ""}. ${s.warnings.join(" ")}`;
      s.t.append(note);
    }
    let at = 0;
    for (const m of [...s.marks].sort((a, b) => a.start - b.start)) {
      if (m.start < at) continue;
      s.t.append(document.createTextNode(s.translation.slice(at, m.start)));
      const mark = document.createElement("mark");
      mark.textContent = s.translation.slice(m.start, m.end);
      mark.title = m.reason === "not-restored" ? "An invented stand-in value is still here: check it against the original."
        : m.reason === "unsure" ? "Restored from an uncertain match." : "A value that is not in the original.";
      s.t.append(mark);
      at = m.end;
    }
    s.t.append(document.createTextNode(s.translation.slice(at)));
    s.host.dataset.prismMarked = s.t.className.includes("marked") ? "true" : "false";
  }

  function part(items) {
    for (const item of items) {
      const s = shown[item.index];
      if (!s) continue;
      const offset = s.translation.length;
      s.translation += item.translation;
      s.marks.push(...item.marks.map((m) => ({ ...m, start: m.start + offset, end: m.end + offset })));
      s.warnings.push(...item.warnings);
      s.done = true;
      render(s);
    }
  }

  function end(cancelled) {
    for (const s of shown) {
      if (!s.done && cancelled) {
        s.t.className = "t stopped";
        s.t.textContent = "Not translated (stopped).";
      }
    }
  }

  function applyView() {
    for (const s of shown) {
      const original = view === "translation" && s.done ? originalOf(s.p) : s.p.block || s.p.span;
      if (original && view === "translation" && s.done) original.style.setProperty("display", "none", "important");
      else if (original) original.style.removeProperty("display");
      s.host.style.setProperty("display", view === "original" ? "none" : "block", "important");
      s.host.classList.toggle("only", view === "translation");
    }
  }

  function setView(next) {
    view = next;
    applyView();
  }

  function clear() {
    for (const s of shown) {
      const original = s.p.block || s.p.span;
      if (original) original.style.removeProperty("display");
      s.host.remove();
    }
    for (const span of wrapped) {
      if (span.isConnected) span.replaceWith(...span.childNodes);
      if (span.getAttribute("style") === "") span.removeAttribute("style");
    }
    for (const p of paragraphs) if (p.block && p.block.getAttribute("style") === "") p.block.removeAttribute("style");
    shown = [];
    wrapped = [];
    view = "bilingual";
  }

  return Object.freeze({ collect, start, part, end, setView, clear });
})();
