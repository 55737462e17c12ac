/* Reads what the user chose to translate, and nothing else: the current selection (page text,
 * contenteditable, or the selected part of a text field). Password fields are never read. Runs
 * only when the background asks, which happens only after the user's explicit action.
 * It also remembers where the selection was, so the overlay can stay next to it and
 * "Replace selection" / "Insert below" can write the translation back (insert()). */
"use strict";

globalThis.PrismCapture = (() => {
  const TEXT_INPUTS = new Set(["text", "search", "url", "tel", "email", ""]);
  const SMALL = { width: 300, height: 200 }; // below this an iframe is too small for the overlay

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

  /* A selection covering much of the window (a whole message) leaves no room beside it. An iframe
   * may be taller than the window, so its visible height is at most the screen's. */
  const TALL_SHARE = 0.4;
  function isTall(r) {
    const seen = window === window.top ? window.innerHeight : Math.min(window.innerHeight, window.screen.availHeight || window.innerHeight);
    return r.height > TALL_SHARE * seen;
  }

  /* the editing host around node: the outermost contenteditable element, or the body of a
   * designMode document (an editor in an iframe, as TinyMCE's) */
  function editableRoot(node) {
    let el = node && (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
    if (!el || !el.isContentEditable) return null;
    while (el.parentElement && el.parentElement.isContentEditable) el = el.parentElement;
    return el === document.documentElement ? document.body : el;
  }

  /* The selected text's own extent inside root. A triple-click ends at offset 0 of the next
   * block, Ctrl+A and drags start or end on element boundaries: writing over such a range would
   * pull the next line into this one, and "below" would land in the next block. Whitespace-only
   * text nodes (the markup's indentation between blocks) do not count as an end. */
  function textExtent(range, root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let first = null;
    let last = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!range.intersectsNode(n)) continue;
      const start = n === range.startContainer ? range.startOffset : 0;
      const end = n === range.endContainer ? range.endOffset : n.length;
      if (end <= start || !n.data.slice(start, end).trim()) continue;
      if (!first) first = { n, start };
      last = { n, end };
    }
    if (!first) return range;
    const extent = document.createRange();
    extent.setStart(first.n, first.start);
    extent.setEnd(last.n, last.end);
    return extent;
  }

  /* Whether every frame above this one has this frame's origin: then the only page that could
   * cover or restyle an overlay shown here is the editor's own. */
  function ownPage() {
    try {
      for (let w = window; w !== w.top; w = w.parent) if (w.parent.origin !== window.origin) return false;
      return true;
    } catch (e) {
      return false; // a cross-origin frame above
    }
  }

  /* The text around a selection and the page's declared language, for the background's local
   * language detection only (a three-word selection says little about its language); never sent. */
  const CONTEXT_CHARS = 2000;
  function contextOf(node) {
    let el = node && (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
    while (el && el.parentElement && (el.textContent || "").length < 200) el = el.parentElement;
    return el ? (el.textContent || "").slice(0, CONTEXT_CHARS) : "";
  }

  function pageLanguage(node) {
    const el = node && (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement);
    const tagged = el && el.closest("[lang]");
    return (tagged || document.documentElement).getAttribute("lang") || "";
  }

  /* {found: {text, rect, small, tall, editable, context, lang}, place} | {found: {error}} | null when
   * nothing is selected here. place is kept by the caller: where the text was (a field and its
   * offsets, or a Range), for anchoring and writing back. */
  function selection() {
    const el = activeElement();
    if (el instanceof HTMLInputElement && el.type === "password") return { found: { error: "E068" } };
    if (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type))) {
      const { selectionStart: start, selectionEnd: end } = el;
      if (start !== null && end !== null && end > start && el.value.slice(start, end).trim()) {
        const place = { field: el, start, end, value: el.value };
        return {
          found: {
            text: el.value.slice(start, end), rect: rectOf(el.getBoundingClientRect()), small: isSmallFrame(), tall: false,
            editable: !el.readOnly && !el.disabled, ownPage: ownPage(), context: el.value.slice(0, CONTEXT_CHARS),
            lang: pageLanguage(el),
          },
          place,
        };
      }
    }
    const sel = window.getSelection();
    const text = sel ? sel.toString() : "";
    if (!text.trim() || !sel.rangeCount) return null;
    const selected = sel.getRangeAt(sel.rangeCount - 1);
    const root = editableRoot(selected.commonAncestorContainer);
    // a live Range: edits of the draft meanwhile change what it holds, which insert() checks
    const range = root ? textExtent(selected, root) : selected.cloneRange();
    const place = { range, root, held: range.toString() };
    const around = range.commonAncestorContainer;
    return {
      found: {
        text, rect: rectOf(range.getBoundingClientRect()), small: isSmallFrame(), tall: isTall(range.getBoundingClientRect()),
        editable: Boolean(root), ownPage: ownPage(), context: contextOf(around), lang: pageLanguage(around),
      },
      place,
    };
  }

  /* Whether something is selected here, cheaply (no text is read): run on every selection change. */
  function holdsSelection() {
    const el = activeElement();
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) {
      try {
        return el.selectionEnd > el.selectionStart;
      } catch (e) {
        return false; // an input type without a text selection (checkbox, number)
      }
    }
    const sel = window.getSelection();
    return Boolean(sel && sel.rangeCount && !sel.isCollapsed);
  }

  /* This frame has the keyboard focus itself (not one of its child frames). */
  function focusedHere() {
    const el = activeElement();
    return document.hasFocus() && !(el instanceof HTMLIFrameElement || el instanceof HTMLFrameElement);
  }

  /* where the selection is now, in this frame's viewport (it moves when the page scrolls) */
  function anchorOf(place) {
    if (!place) return null;
    const r = place.field ? place.field.getBoundingClientRect() : place.range.getBoundingClientRect();
    return r.width || r.height ? rectOf(r) : null;
  }

  /* Write text over the selection ("replace") or on a new line after it ("below") with one
   * editing command of the editor's own, so one Ctrl+Z undoes it in the editor's undo stack
   * (a "\n" in insertText makes a new paragraph in Chromium, a line break in Firefox). Only
   * where the selected text is still there unchanged. The caret is left after the new text, in
   * the editor. Returns {ok, undo}. */
  function insert(place, how, text) {
    if (!place) return { ok: false };
    if (place.field) {
      const f = place.field;
      if (!f.isConnected || f.value !== place.value) return { ok: false };
      f.focus({ preventScroll: true });
      if (how === "replace") f.setSelectionRange(place.start, place.end);
      else f.setSelectionRange(place.end, place.end);
      const insertion = how === "replace" ? text : `\n${text}`;
      if (document.execCommand("insertText", false, insertion)) return { ok: true, undo: "editor" };
      f.setRangeText(insertion, f.selectionStart, f.selectionEnd, "end"); // no undo entry here
      f.dispatchEvent(new Event("input", { bubbles: true }));
      return { ok: true, undo: "none" };
    }
    const { root, range } = place;
    if (!root || !root.isConnected || !root.contains(range.commonAncestorContainer) || range.toString() !== place.held) {
      return { ok: false };
    }
    root.focus({ preventScroll: true });
    const target = range.cloneRange();
    if (how === "below") target.collapse(false);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(target);
    // the selection's line breaks at its ends were block boundaries, which stay where they are
    const body = text.replace(/^\n+|\n+$/g, "");
    const insertion = how === "below" ? `\n${body}` : body;
    if (document.execCommand("insertText", false, insertion)) return { ok: true, undo: "editor" };
    return { ok: false };
  }

  /* Focus back in the editor the user selected in, with the selection as it was (the overlay had
   * the focus; closing it would otherwise leave it on the page's body). */
  function refocus(place) {
    if (!place) return;
    if (place.field) {
      if (!place.field.isConnected) return;
      place.field.focus({ preventScroll: true });
      if (place.field.value === place.value) place.field.setSelectionRange(place.start, place.end);
      return;
    }
    if (!place.root || !place.root.isConnected) return;
    place.root.focus({ preventScroll: true });
    if (place.range.toString() !== place.held) return;
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(place.range.cloneRange());
  }

  return Object.freeze({ selection, holdsSelection, focusedHere, anchorOf, insert, refocus });
})();
