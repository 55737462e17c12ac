/* The in-page result UI, inside a closed shadow root: page CSS cannot reach it and page scripts
 * cannot walk into it (the decoded private text is exactly what a page must not read).
 * Translator output is untrusted, so every text is set with textContent, never as HTML.
 *
 * Two kinds: "selection" (a small draggable box near the selection) and "page" (a side panel
 * listing the page's paragraphs as they are translated, each original one click away). */
"use strict";

globalThis.PrismOverlay = (() => {
  const P = globalThis.PrismProtocol;
  const api = globalThis.browser ?? globalThis.chrome;
  const MARGIN = 8;
  const STYLE = `
:host { all: initial; }
.box { position: fixed; z-index: 2147483647; box-sizing: border-box; width: min(440px, calc(100vw - 16px));
  max-height: min(70vh, 560px); display: flex; flex-direction: column; font: 14px/1.45 system-ui, sans-serif;
  color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 10px;
  box-shadow: 0 8px 28px rgba(0,0,0,.28); --fg: #1d1f24; --bg: #ffffff; --muted: #5d6470; --line: #d5d9e0;
  --accent: #2548a0; --soft: #eef2fb; --err: #a3261b; }
.box.page { top: 0; right: 0; left: auto; width: min(420px, 100vw); height: 100vh; max-height: 100vh; border-radius: 0; }
@media (prefers-color-scheme: dark) {
  .box { --fg: #e6e8ee; --bg: #1f2229; --muted: #a3aab7; --line: #3a3f4b; --accent: #8fb0ff; --soft: #2a3040; --err: #ff8a7f; }
}
.bar { display: flex; align-items: center; gap: 8px; padding: 8px 10px; border-bottom: 1px solid var(--line);
  cursor: move; user-select: none; touch-action: none; }
.title { flex: 1; font-weight: 600; font-size: 13px; color: var(--accent); }
button { font: inherit; font-size: 12.5px; color: var(--fg); background: var(--soft); border: 1px solid var(--line);
  border-radius: 6px; padding: 3px 9px; cursor: pointer; }
button:hover { border-color: var(--accent); }
button[aria-pressed=true] { background: var(--accent); color: var(--bg); }
.close { background: none; border: none; font-size: 18px; line-height: 1; padding: 0 4px; }
.body { padding: 10px 12px; overflow: auto; flex: 1; }
.text { white-space: pre-wrap; word-wrap: break-word; }
.section { margin-top: 10px; padding: 8px; border-radius: 6px; background: var(--soft); white-space: pre-wrap;
  word-wrap: break-word; }
.label { display: block; font-size: 12px; color: var(--muted); margin-bottom: 4px; white-space: normal; }
.stats { display: block; font-size: 12px; color: var(--muted); margin-top: 6px; white-space: normal; }
.actions { display: flex; gap: 6px; padding: 8px 10px; border-top: 1px solid var(--line); flex-wrap: wrap; }
.busy { display: flex; align-items: center; gap: 10px; color: var(--muted); }
.spinner { width: 16px; height: 16px; border: 2px solid var(--line); border-top-color: var(--accent); border-radius: 50%;
  animation: spin .8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 3s; } }
.error { color: var(--err); }
.error .title-line { font-weight: 600; }
code { display: block; margin-top: 6px; padding: 6px 8px; border-radius: 6px; background: var(--soft); color: var(--fg);
  font: 12.5px ui-monospace, monospace; user-select: all; }
.progress { height: 4px; background: var(--line); }
.progress > div { height: 100%; width: 0; background: var(--accent); transition: width .2s; }
.para { padding: 8px 0; border-bottom: 1px solid var(--line); }
.para .text.pending { color: var(--muted); }
.para button { margin-top: 4px; }
[hidden] { display: none !important; }
`;

  let current = null; // {id, host, root, box, ...}

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "text") node.textContent = v;
      else if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c) node.append(c);
    return node;
  }

  function styleRoot(root) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
      root.adoptedStyleSheets = [sheet];
    } catch (e) {
      root.append(el("style", { text: STYLE })); // where constructable sheets are unavailable
    }
  }

  function close() {
    if (!current) return;
    current.host.remove();
    document.removeEventListener("keydown", onKey, true);
    window.removeEventListener("resize", keepInView);
    current = null;
  }

  function onKey(e) {
    if (e.key === "Escape" && e.isTrusted && current) {
      e.stopPropagation();
      close();
    }
  }

  function keepInView() {
    if (!current || current.kind !== "selection") return;
    const box = current.box;
    const r = box.getBoundingClientRect();
    const left = Math.min(Math.max(MARGIN, r.left), Math.max(MARGIN, window.innerWidth - r.width - MARGIN));
    const top = Math.min(Math.max(MARGIN, r.top), Math.max(MARGIN, window.innerHeight - r.height - MARGIN));
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }

  function place(box, anchor) {
    if (anchor) {
      box.style.left = `${anchor.x}px`;
      const below = anchor.y + anchor.height + MARGIN;
      const height = box.getBoundingClientRect().height;
      box.style.top = `${below + height > window.innerHeight && anchor.y - height - MARGIN > 0 ? anchor.y - height - MARGIN : below}px`;
    } else {
      box.style.top = `${MARGIN * 2}px`;
      box.style.left = `${window.innerWidth - box.getBoundingClientRect().width - MARGIN * 2}px`;
    }
    keepInView();
  }

  function draggable(box, handle) {
    handle.addEventListener("pointerdown", (e) => {
      if (e.button !== 0 || e.target.closest("button")) return;
      const r = box.getBoundingClientRect();
      const dx = e.clientX - r.left;
      const dy = e.clientY - r.top;
      handle.setPointerCapture(e.pointerId);
      const move = (ev) => {
        box.style.left = `${ev.clientX - dx}px`;
        box.style.top = `${ev.clientY - dy}px`;
        keepInView();
      };
      const up = () => {
        handle.removeEventListener("pointermove", move);
        handle.removeEventListener("pointerup", up);
      };
      handle.addEventListener("pointermove", move);
      handle.addEventListener("pointerup", up);
    });
  }

  function frame(id, kind, title) {
    close();
    const host = document.createElement("prism-translate-overlay");
    // inline !important beats any page stylesheet aimed at our element
    host.setAttribute("style", "all: initial !important; position: fixed !important; top: 0 !important; left: 0 !important; width: 0 !important; height: 0 !important; z-index: 2147483647 !important; display: block !important;");
    const root = host.attachShadow({ mode: "closed" });
    styleRoot(root);
    const closeButton = el("button", { class: "close", "aria-label": "Close", title: "Close (Esc)", text: "\u00d7", onclick: close });
    const titleNode = el("span", { class: "title", text: title });
    const bar = el("div", { class: "bar" }, titleNode, closeButton);
    const body = el("div", { class: "body" });
    const actions = el("div", { class: "actions" });
    const box = el("div", { class: `box ${kind}`, role: "dialog", "aria-label": title }, bar, body, actions);
    root.append(box);
    document.documentElement.append(host); // outside <body>: no page layout rule applies to it
    document.addEventListener("keydown", onKey, true);
    window.addEventListener("resize", keepInView);
    if (kind === "selection") draggable(box, bar);
    current = { id, kind, host, root, box, body, actions, titleNode };
    return current;
  }

  function busy(label) {
    return el("div", { class: "busy" }, el("div", { class: "spinner", role: "progressbar", "aria-label": label }), el("span", { text: label }));
  }

  function toggle(label, target, onLabel) {
    const button = el("button", { "aria-pressed": "false", text: label });
    button.addEventListener("click", () => {
      const show = target.hidden;
      target.hidden = !show;
      button.setAttribute("aria-pressed", String(show));
      if (onLabel) button.textContent = show ? onLabel : label;
      keepInView();
    });
    return button;
  }

  /* The async clipboard where the page is a secure context; otherwise a copy command whose
   * data we set ourselves: no selection is made, so the page's copy listeners see nothing. */
  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (e) {
      const fill = (ev) => {
        ev.stopImmediatePropagation();
        ev.preventDefault();
        ev.clipboardData.setData("text/plain", text);
      };
      window.addEventListener("copy", fill, true);
      try {
        document.execCommand("copy");
      } finally {
        window.removeEventListener("copy", fill, true);
      }
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  }

  function errorView(error) {
    const code = error && error.code ? error.code : "E001";
    const known = P.ERRORS[code];
    const view = el("div", { class: "error", role: "alert" });
    view.append(el("div", { class: "title-line", text: `${known ? known.title : "Error"} [${code}]` }));
    // The host's message names the specifics (installed pairs, limits, the translator's status).
    if (error && error.message) view.append(el("div", { text: error.message.replace(/^\[E\d+\]\s*/, "") }));
    if (known) view.append(el("div", { text: known.fix }));
    if (known && known.command) view.append(el("code", { text: known.command }));
    if (known && known.options) {
      view.append(el("button", { text: "Open options", onclick: () => api.runtime.sendMessage({ type: P.MSG.OPEN_OPTIONS }) }));
    }
    return view;
  }

  function describe(result) {
    const parts = [`${result.hidden} of ${result.words} words hidden`];
    if (result.hidden_entities) parts.push(`incl. ${result.hidden_entities} in names, numbers or addresses`);
    const method = P.METHOD_NAMES[result.method] || result.method;
    parts.push(result.epsilon === null || result.epsilon === undefined
      ? `${method}: no \u03b5 (not differentially private)`
      : `${method}: \u03b5 = ${result.epsilon.toFixed(2)}` + (result.scope ? ` (${result.scope})` : ""));
    if (result.unrestored.length) parts.push(`${result.unrestored.length} substitute(s) could not be restored`);
    return parts.join(" \u00b7 ");
  }

  /* -- selection overlay ------------------------------------------------------------------- */

  function openSelection(msg) {
    const o = frame(msg.overlayId, "selection", "PRISM \u00b7 private translation");
    o.body.append(busy("Translating privately\u2026"));
    place(o.box, msg.anchor);
  }

  function showResult(msg) {
    if (!current || current.id !== msg.overlayId) return;
    const r = msg.result;
    const o = current;
    o.body.replaceChildren();
    o.actions.replaceChildren();
    const text = el("div", { class: "text", lang: r.target || "", text: r.translation });
    const original = el("div", { class: "section", hidden: "" }, el("span", { class: "label", text: "Original (never left this computer)" }), document.createTextNode(r.original));
    const sent = el("div", { class: "section sent", hidden: "" },
      el("span", { class: "label", text: `Sent to ${r.translator}` }),
      document.createTextNode(r.sent),
      el("span", { class: "stats", text: describe(r) }));
    o.body.append(text, original, sent);
    const copyButton = el("button", { text: "Copy" });
    copyButton.addEventListener("click", () => copy(r.translation, copyButton));
    o.actions.append(copyButton, toggle("Show original", original, "Hide original"), toggle("What was sent", sent));
    keepInView();
  }

  function showError(msg) {
    if (!current || current.id !== msg.overlayId) return;
    current.body.replaceChildren(errorView(msg.error));
    current.actions.replaceChildren();
    keepInView();
  }

  /* -- page panel -------------------------------------------------------------------------- */

  function openPage(msg) {
    const o = frame(msg.overlayId, "page", "PRISM \u00b7 this page, privately");
    const bar = el("div");
    const progress = el("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": String(msg.paragraphs.length), "aria-valuenow": "0" }, bar);
    const status = el("div", { class: "stats", text: `0 of ${msg.paragraphs.length} paragraphs translated` });
    o.box.insertBefore(progress, o.body);
    o.body.append(status);
    o.paragraphs = msg.paragraphs.map((original) => {
      const text = el("div", { class: "text pending", text: "\u2026" });
      const orig = el("div", { class: "section", hidden: "" }, document.createTextNode(original));
      const para = el("div", { class: "para" }, text, orig, toggle("Original", orig, "Hide original"));
      o.body.append(para);
      return { text, translation: "", done: false };
    });
    Object.assign(o, { progress, bar, status, finished: 0 });
  }

  function pagePart(msg) {
    if (!current || current.id !== msg.overlayId || !current.paragraphs) return;
    const o = current;
    for (const item of msg.items) {
      const p = o.paragraphs[item.index];
      if (!p) continue;
      p.translation += item.translation;
      p.text.textContent = p.translation;
      p.text.classList.remove("pending");
      if (!p.done) {
        p.done = true;
        o.finished += 1;
      }
    }
    o.bar.style.width = `${(100 * o.finished) / o.paragraphs.length}%`;
    o.progress.setAttribute("aria-valuenow", String(o.finished));
    o.status.textContent = `${o.finished} of ${o.paragraphs.length} paragraphs translated`;
  }

  function pageDone(msg) {
    if (!current || current.id !== msg.overlayId) return;
    current.status.textContent = `All ${current.paragraphs.length} paragraphs translated privately.`;
  }

  function pageError(msg) {
    if (!current || current.id !== msg.overlayId) return;
    current.body.prepend(errorView(msg.error));
  }

  return Object.freeze({ openSelection, showResult, showError, openPage, pagePart, pageDone, pageError, close });
})();
