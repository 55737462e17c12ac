/* Reads what the user chose to translate, and nothing else: the current selection (page text,
 * contenteditable, or the selected part of a text field) or, for the toolbar action, the page's
 * main paragraphs. Password fields are never read. Runs only when the background asks, which
 * happens only after the user's explicit action. */
"use strict";

globalThis.PrismCapture = (() => {
  const TEXT_INPUTS = new Set(["text", "search", "url", "tel", "email", ""]);
  const SMALL = { width: 420, height: 240 }; // below this an iframe is too small for the overlay
  const BLOCKS = "p, h1, h2, h3, h4, h5, h6, li, blockquote, figcaption, dd, dt, td, th, pre";
  const SKIP = "nav, header, footer, aside, script, style, noscript, template, form, [contenteditable], [aria-hidden=true], prism-translate-overlay";

  /* the focused element, looking through open shadow roots of the page */
  function activeElement() {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el;
  }

  function rectOf(r) {
    return r ? { x: r.left, y: r.top, width: r.width, height: r.height } : null;
  }

  function isSmallFrame() {
    return window !== window.top && (window.innerWidth < SMALL.width || window.innerHeight < SMALL.height);
  }

  /* {text, rect, small} | {error} | null when nothing is selected here */
  function selection() {
    const el = activeElement();
    if (el instanceof HTMLInputElement && el.type === "password") return { error: "E068" };
    let text = "";
    let rect = null;
    if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type))) {
      const { selectionStart: start, selectionEnd: end } = el;
      if (start !== null && end !== null && end > start) text = el.value.slice(start, end);
      rect = rectOf(el.getBoundingClientRect());
    }
    if (!text) {
      const sel = window.getSelection();
      text = sel ? sel.toString() : "";
      if (text && sel.rangeCount) rect = rectOf(sel.getRangeAt(sel.rangeCount - 1).getBoundingClientRect());
    }
    if (!text.trim()) return null;
    return { text, rect, small: isSmallFrame() };
  }

  function visible(el) {
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }

  /* The page's main text as paragraphs, in document order, without nested duplicates. */
  function paragraphs() {
    const root = document.querySelector("article, main, [role=main]") || document.body;
    if (!root) return [];
    const blocks = [...root.querySelectorAll(BLOCKS)].filter((el) => !el.closest(SKIP) && visible(el));
    const outer = blocks.filter((el) => !blocks.some((other) => other !== el && el.contains(other)));
    return outer.map((el) => el.innerText.trim()).filter((t) => /\p{L}{2,}/u.test(t));
  }

  return Object.freeze({ selection, paragraphs });
})();
