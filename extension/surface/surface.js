/* The overlay's content: an extension page inside an iframe the content script places in the
 * page. Its state (the translation, what was sent, progress, errors) comes from the background
 * over a runtime port named by the overlay id in this page's URL; what the user asks for
 * (close, cancel, insert, another target language, a view) goes back the same way.
 * Translator output is untrusted: every text is set with textContent, never as HTML. */
import "../shared/protocol.js";
import "../shared/mark.js";
import "./guard.js";

(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const G = globalThis.PrismGuard;
  const $ = (id) => document.getElementById(id);
  const ui = { original: false, sent: false }; // what the user opened, kept across updates
  let state = null;
  let announced = null;

  const port = api.runtime.connect({ name: P.SURFACE_PORT });
  port.postMessage({ hello: location.hash.slice(1) });
  port.onMessage.addListener((msg) => {
    if (msg && msg.state) render(msg.state);
    if (msg && msg.tampered) G.tampered();
  });
  port.onDisconnect.addListener(() => { state = null; });

  const send = (action, extra = {}) => port.postMessage({ action, ...extra });

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "text") node.textContent = v;
      else if (k === "class") node.className = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  function language(code) {
    return P.LANGUAGES[code] || code;
  }

  /* report the height this content wants, so the page-side frame can fit it */
  function reportSize() {
    const body = $("body");
    const bar = document.querySelector(".bar");
    const actions = $("actions");
    // the content's own height (the body stretches to fill the frame, so its scrollHeight would never shrink)
    const content = [...body.children].reduce((h, c) => (c.hidden ? h : Math.max(h, c.offsetTop + c.offsetHeight)), 0) + 10;
    const height = bar.offsetHeight + content + (actions.childElementCount ? actions.offsetHeight : 0) + 2;
    send("resize", { height });
  }

  function announce(key, text) {
    if (announced === key) return;
    announced = key;
    $("live").textContent = text;
  }

  function busy(label) {
    return el("div", { class: "busy" }, el("div", { class: "spinner", "aria-hidden": "true" }), el("span", { text: label }));
  }

  function progressBar(done, total, unit) {
    return el("div", {},
      el("progress", { max: String(total), value: String(done), "aria-label": `${done} of ${total} ${unit}` }),
      el("span", { class: "stats", text: `${done} of ${total} ${unit} translated` }));
  }

  function errorView(error) {
    const code = error && error.code ? error.code : "E001";
    const known = P.ERRORS[code];
    const title = known ? known.title : "Something went wrong";
    const detail = error && error.message ? error.message.replace(/^\[E\d+\]\s*/, "") : "";
    const view = el("div", { class: "error", role: "alert" }, el("div", { class: "title-line", text: `${title} [${code}]` }));
    // the host's message only where it says more than the title (sizes, installed pairs, a status)
    if (detail && !detail.startsWith(title)) view.append(el("p", { text: detail }));
    if (known) view.append(el("p", { text: known.fix }));
    if (known && known.command) view.append(el("code", { text: known.command }));
    else if (known && known.setup) view.append(el("button", { text: "Open the setup page", onclick: () => send("setup") }));
    else if (known && known.options) view.append(el("button", { text: "Open options", onclick: () => send("options") }));
    return view;
  }

  /* the translation with the marked spans highlighted (offsets are JavaScript string indices) */
  function marked(translation, marks) {
    const node = el("div", { class: "text", id: "translation" });
    let at = 0;
    for (const m of [...marks].sort((a, b) => a.start - b.start)) {
      if (m.start < at || m.end > translation.length) continue;
      node.append(translation.slice(at, m.start));
      const why = m.reason === "not-restored" ? "An invented stand-in value is still here: check it against the original."
        : m.reason === "unsure" ? "Restored from an uncertain match: check it." : "Not one of your values: check it.";
      node.append(el("mark", { title: why, "data-reason": m.reason, text: translation.slice(m.start, m.end) }));
      at = m.end;
    }
    node.append(translation.slice(at));
    return node;
  }

  function describe(r) {
    const parts = [`${r.hidden} of ${r.words} words hidden`];
    if (r.hidden_entities) parts.push(`incl. ${r.hidden_entities} in names, numbers or addresses`);
    const method = r.methodName; // the host's name for it (capabilities)
    parts.push(r.epsilon === null || r.epsilon === undefined
      ? `${method}: no \u03b5 (not differentially private)`
      : `${method}: \u03b5 = ${r.epsilon.toFixed(2)}` + (r.scope ? ` (${r.scope})` : ""));
    if (r.unrestored.length) parts.push(`${r.unrestored.length} of your values could not be put back: ${r.unrestored.join(", ")}`);
    return parts.join(" \u00b7 ");
  }

  function toggle(label, key, section, onLabel) {
    const button = el("button", { "aria-pressed": String(ui[key]), "aria-expanded": String(ui[key]), text: ui[key] ? onLabel : label });
    button.addEventListener("click", () => {
      ui[key] = !ui[key];
      section.hidden = !ui[key];
      button.setAttribute("aria-pressed", String(ui[key]));
      button.setAttribute("aria-expanded", String(ui[key]));
      button.textContent = ui[key] ? onLabel : label;
      reportSize();
      if (ui[key]) section.scrollIntoView({ block: "nearest" }); // opened where it can be seen
    });
    return button;
  }

  async function copy(text, button) {
    // The async clipboard can wait on focus or a permission that never comes: after a second,
    // copy the old way instead of leaving the user with no answer.
    const written = navigator.clipboard.writeText(text).then(() => true, () => false);
    const late = new Promise((resolve) => { setTimeout(() => resolve(false), 1000); });
    if (!(await Promise.race([written, late]))) {
      // inside this extension page: the page around the overlay sees neither a selection nor the data
      const area = el("textarea", { class: "sr" });
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy"; }, 4000);
  }

  /* The language pair, with a quick switch: the source (as detected, or any installed source)
   * and the target (any the chosen source has a dictionary for). A change translates again at
   * once. Rebuilt only when the pair changes, so an open list is not replaced under the user. */
  let shownPair = null;
  function pairView(s, { editable }) {
    const box = $("pair");
    const key = JSON.stringify([s.pair, editable && s.pairs]);
    if (key === shownPair) return;
    shownPair = key;
    box.replaceChildren();
    const pair = s.pair;
    if (!pair) return;
    const pairs = s.pairs || [];
    const sources = [...new Set([pair.source, ...pairs.map((p) => p.source)])];
    const targetsOf = (source) => pairs.filter((p) => p.source === source).map((p) => p.target);
    const targets = [...new Set([pair.target, ...targetsOf(pair.source)])];
    if (!editable || (sources.length < 2 && targets.length < 2)) {
      box.textContent = `${language(pair.source)} \u2192 ${language(pair.target)}`;
      return;
    }
    const option = (value, label, selected) => {
      const o = el("option", { value, text: label });
      o.selected = selected;
      return o;
    };
    const source = el("select", { "aria-label": "Translate from", id: "source" },
      option("auto", `${language(pair.detected)} (detected)`, pair.auto),
      ...sources.map((code) => option(code, language(code), !pair.auto && code === pair.source)));
    const target = el("select", { "aria-label": "Translate into", id: "target" },
      ...targets.map((code) => option(code, language(code), code === pair.target)));
    source.addEventListener("change", () => {
      const from = source.value === "auto" ? pair.detected : source.value;
      const into = targetsOf(from).includes(pair.target) ? pair.target : (targetsOf(from)[0] || pair.target);
      send("pair", { source: source.value, target: into });
    });
    target.addEventListener("change", () => send("pair", { source: pair.auto ? "auto" : pair.source, target: target.value }));
    box.append(source, " \u2192 ", target);
  }

  /* Replace and Insert act on the page: only on the user's own click on this box as it is seen
   * (guard.js); disabled while the browser cannot confirm that. */
  function pageActions(s) {
    if (!G.possible(s.coverable)) {
      return [el("span", { class: "stats", text: "Replace and Insert are off here: this browser cannot check that the page does not cover this box. Use Copy." })];
    }
    const act = (how) => (e) => {
      const verdict = G.check(e, s.coverable);
      if (verdict === "ok") send("insert", { how });
      else if (verdict === "early") $("guard-note").textContent = "Not done: the box had just appeared or moved under the pointer. Click again.";
    };
    return [
      el("button", { text: "Replace selection", "data-acts": "", onclick: act("replace") }),
      el("button", { text: "Insert below", "data-acts": "", onclick: act("below") }),
      el("span", { class: "stats", id: "guard-note", role: "status" }),
    ];
  }

  function armPageActions() {
    const ready = Boolean(state) && G.ready(state.coverable);
    for (const button of document.querySelectorAll("button[data-acts]")) {
      button.disabled = !ready;
      button.title = ready ? "" : "Waiting until this box is fully visible and nothing covers it";
    }
  }

  function renderSelection(s, body, actions) {
    pairView(s, { editable: true });
    if (s.phase === "busy") {
      const status = el("div", { class: "status" }, busy("Translating privately\u2026"));
      if (s.progress && s.progress.total > 1) status.append(progressBar(s.progress.done, s.progress.total, "parts"));
      body.append(status);
      if (s.partial) body.append(el("div", { class: "text partial", text: s.partial }));
      actions.append(el("button", { text: "Cancel", onclick: () => send("cancel") }));
      announce("busy", "Translating privately");
      return;
    }
    if (s.phase === "cancelled") {
      body.append(el("div", { class: "stats", text: "Cancelled: nothing more is sent." }));
      if (s.partial) body.append(el("div", { class: "text partial", text: s.partial }));
      announce("cancelled", "Translation cancelled");
      return;
    }
    if (s.phase === "error") {
      body.append(errorView(s.error));
      announce(`error${s.error.code}`, P.ERRORS[s.error.code] ? P.ERRORS[s.error.code].title : "Error");
      return;
    }
    const r = s.result;
    const n = r.marks.length;
    if (n) body.append(el("div", { class: "check", text: `${n} value${n === 1 ? "" : "s"} could not be checked; highlighted below.` }));
    if (r.warnings.length) body.append(el("ul", { class: "warnings" }, ...r.warnings.map((w) => el("li", { text: w }))));
    body.append(marked(r.translation, r.marks));
    const original = el("div", { class: "section original" }, el("span", { class: "label", text: "Original (never left this computer)" }), r.original);
    const sent = el("div", { class: "section sent" }, el("span", { class: "label", text: `Sent to ${r.translator}` }),
      r.sent ?? "Your organisation's policy does not show what was sent.",
      el("span", { class: "stats", text: describe(r) }));
    original.hidden = !ui.original;
    sent.hidden = !ui.sent;
    body.append(original, sent);
    if (s.notice) body.append(el("div", { class: "notice", role: "alert", text: s.notice }));
    if (s.editable) actions.append(...pageActions(s));
    const copyButton = el("button", { text: "Copy" });
    copyButton.addEventListener("click", () => copy(r.translation, copyButton));
    actions.append(copyButton, toggle("Show original", "original", original, "Hide original"), toggle("What was sent", "sent", sent, "Hide what was sent"));
    const checkNote = n ? ` ${n} value${n === 1 ? "" : "s"} could not be checked.` : "";
    announce(`done${r.target}${r.translation.length}`, `Translation into ${language(r.target)} ready.${checkNote} ${r.translation.slice(0, 400)}`);
  }

  function renderPage(s, body, actions) {
    $("title").textContent = "PRISM \u00b7 this message, privately";
    pairView(s, { editable: true });
    const { done, total } = s.progress;
    if (s.phase === "error") {
      body.append(errorView(s.error));
      announce(`error${s.error.code}`, P.ERRORS[s.error.code] ? P.ERRORS[s.error.code].title : "Error");
    } else if (s.phase === "busy" && !total) {
      body.append(busy("Finding the message\u2026")); // and each paragraph's language, on this computer
      actions.append(el("button", { text: "Cancel", onclick: () => send("cancel") }));
    } else if (s.phase === "busy") {
      body.append(progressBar(done, total, "paragraphs"));
      actions.append(el("button", { text: "Cancel", onclick: () => send("cancel") }));
      announce("busy", `Translating ${total} paragraphs privately`);
    } else if (s.phase === "cancelled") {
      body.append(el("div", { class: "stats", text: `Stopped: ${done} of ${total} paragraphs translated; nothing more is sent.` }));
      announce("cancelled", "Stopped");
    } else if (s.refused) {
      // the truth: only the paragraphs the translator got are counted as translated
      const n = s.refused.n;
      const text = `${total - n} of ${total} paragraphs translated privately; ${n} left as ${n === 1 ? "it is" : "they are"} (${s.refused.reasons.join("; ")}).`;
      body.append(el("div", { class: "stats", text }));
      announce("done", text);
    } else {
      body.append(el("div", { class: "stats", text: `All ${total} paragraphs translated privately.` }));
      announce("done", `All ${total} paragraphs translated privately.`);
    }
    if (s.kept && s.phase !== "error") {
      const n = s.kept.n;
      body.append(el("div", { class: "kept", text: `${n} paragraph${n === 1 ? " is" : "s are"} already in ${language(s.kept.lang)}: left as ${n === 1 ? "it is" : "they are"}.` }));
    }
    if (s.missed) {
      body.append(el("div", { class: "notice", text: `${s.missed} part${s.missed === 1 ? "" : "s"} of the message (a frame PRISM cannot enter) not translated.` }));
    }
    if (s.marked) {
      body.append(el("div", { class: "check", text: `${s.marked} paragraph${s.marked === 1 ? " has" : "s have"} values that could not be checked (marked in the page).` }));
    }
    if (s.phase === "error" && !done) return;
    for (const [view, label] of [["bilingual", "Side by side"], ["translation", "Translation only"], ["original", "Original"]]) {
      actions.append(el("button", { "aria-pressed": String(s.view === view), text: label, onclick: () => send("view", { view }) }));
    }
  }

  function render(s) {
    const first = !state;
    state = s;
    document.body.classList.toggle("panel", Boolean(s.panel));
    $("grip").hidden = !s.panel;
    const body = $("body");
    const actions = $("actions");
    const hadFocus = document.activeElement;
    body.replaceChildren();
    actions.replaceChildren();
    if (s.kind === "page") renderPage(s, body, actions);
    else renderSelection(s, body, actions);
    armPageActions();
    reportSize();
    // keyboard focus goes to the result when it arrives (and stays on a button the user is using)
    if (first || !hadFocus || hadFocus === document.body || !hadFocus.isConnected) body.focus();
  }

  /* Moving the box: drag its header (not its controls) or use the arrow keys on the move button.
   * The page-side frame moves; deltas are taken in screen coordinates, which do not change as
   * this frame moves under the pointer. One message per animation frame at most. */
  const bar = $("bar");
  let drag = null;
  function flushMove() {
    if (!drag) return;
    drag.queued = false;
    if (drag.dx || drag.dy) send("move", { dx: drag.dx, dy: drag.dy });
    drag.dx = 0;
    drag.dy = 0;
  }
  bar.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || e.target.closest("select, button:not(#move)")) return;
    drag = { x: e.screenX, y: e.screenY, dx: 0, dy: 0, queued: false };
    bar.setPointerCapture(e.pointerId);
    bar.classList.add("dragging");
    e.preventDefault();
  });
  function follow(e) {
    drag.dx += e.screenX - drag.x;
    drag.dy += e.screenY - drag.y;
    drag.x = e.screenX;
    drag.y = e.screenY;
  }
  bar.addEventListener("pointermove", (e) => {
    if (!drag) return;
    follow(e);
    if (!drag.queued) {
      drag.queued = true;
      requestAnimationFrame(flushMove);
    }
  });
  // The release may come where no move event was sent (the browser folds the last move into it).
  const endDrag = (e) => {
    if (!drag) return;
    if (e.type === "pointerup") follow(e);
    flushMove();
    drag = null;
    bar.classList.remove("dragging");
  };
  bar.addEventListener("pointerup", endDrag);
  bar.addEventListener("pointercancel", endDrag);
  const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  $("move").addEventListener("keydown", (e) => {
    const step = STEPS[e.key];
    if (!step) return;
    const by = e.shiftKey ? 80 : 20;
    send("move", { dx: step[0] * by, dy: step[1] * by });
    e.preventDefault();
  });

  /* The panel's width: drag its left edge, or the arrow keys on it (left: wider). */
  const grip = $("grip");
  let widening = null;
  grip.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    widening = { x: e.screenX };
    grip.setPointerCapture(e.pointerId);
    e.preventDefault();
  });
  grip.addEventListener("pointermove", (e) => {
    if (!widening || e.screenX === widening.x) return;
    send("grow", { dx: widening.x - e.screenX });
    widening.x = e.screenX;
  });
  const endWidening = () => { widening = null; };
  grip.addEventListener("pointerup", endWidening);
  grip.addEventListener("pointercancel", endWidening);
  grip.addEventListener("keydown", (e) => {
    const by = { ArrowLeft: 1, ArrowRight: -1 }[e.key];
    if (!by) return;
    send("grow", { dx: by * (e.shiftKey ? 80 : 20) });
    e.preventDefault();
  });

  $("close").addEventListener("click", () => send("close"));
  /* Esc closes on release: removing the focused frame between keydown and keyup left the
     keyup nowhere to go, and a browser driven by DevTools then waited for it forever */
  let escapeDown = false;
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") escapeDown = true; });
  document.addEventListener("keyup", (e) => {
    if (e.key === "Escape" && escapeDown) send("close");
  });
  new ResizeObserver(() => { if (state) reportSize(); }).observe(document.querySelector(".bar"));
  G.watch($("box"), armPageActions);

  /* the user's own mark in the header: what tells this box from a page's look-alike */
  function showMark(mark) {
    $("mark").textContent = mark.word;
    $("mark").style.setProperty("--mark", mark.colour);
  }
  globalThis.PrismMark.get().then(showMark, () => {});
  globalThis.PrismMark.changed(showMark);
})();
