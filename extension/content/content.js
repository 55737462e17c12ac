/* Content-script entry point: routes the background's messages to capture, overlay and message.
 * Listens to the extension only (runtime.onMessage); never to window "message" events, so a
 * page cannot start a translation or talk to the extension through postMessage. */
"use strict";

(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const C = globalThis.PrismCapture;
  const O = globalThis.PrismOverlay;
  const M = globalThis.PrismMessage;
  let captured = null; // {token, place}: this frame's latest capture, so broadcasts reach only it
  let tabOverlay = null; // kind of the overlay open somewhere in this tab, if any
  let overlayPlace = null; // where the selection of the overlay open in this frame is, if it is here

  function newToken() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* overlay messages are for the frame holding the capture, or for the top frame */
  function mine(msg) {
    return msg.top ? window === window.top : Boolean(msg.token) && Boolean(captured) && msg.token === captured.token;
  }

  /* The selection here, for the background: only from a frame that has one (and, asked for the
   * focused frame's, only from that frame), so the frame with the selection answers. */
  function capture(msg) {
    if (msg.focused && !C.focusedHere()) return undefined;
    const got = C.selection();
    if (!got) return undefined;
    captured = { token: newToken(), place: got.place };
    return { ...got.found, token: captured.token };
  }

  function openOverlay(msg) {
    if (!mine(msg)) return false;
    const place = !msg.top && captured ? captured.place : null;
    overlayPlace = place;
    const onTamper = () => api.runtime.sendMessage({ type: P.MSG.OVERLAY_TAMPERED, overlayId: msg.overlayId }).catch(() => {});
    O.open({ overlayId: msg.overlayId, kind: msg.kind, panel: Boolean(msg.panel), anchorOf: place ? () => C.anchorOf(place) : null,
      avoidOf: msg.kind === "page" ? () => M.messageStart() : null, onTamper });
    return true;
  }

  /* A message every frame acts on: the top frame answers that it was done (false: not for
   * this frame). */
  const everywhere = (act) => (msg) => (act(msg) !== false && window === window.top ? true : undefined);

  /* message type -> what this frame does; what it returns is the answer (undefined: none, so
   * another frame may answer) */
  const ROUTES = {
    [P.MSG.CAPTURE]: capture,
    [P.MSG.HELLO]: () => (window === window.top ? true : undefined), // "a content script runs in this tab"
    [P.MSG.INSERT]: (msg) => (mine(msg) ? C.insert(captured.place, msg.how, msg.text) : undefined),
    [P.MSG.PAGE_COLLECT]: (msg) => {
      api.runtime.sendMessage({ type: P.MSG.PAGE_FOUND, collection: msg.collection, ...M.survey() }).catch(() => {});
    },
    [P.MSG.PAGE_TAKE]: (msg) => M.take(msg.mode),
    [P.MSG.OVERLAY_OPEN]: everywhere(openOverlay),
    [P.MSG.OVERLAY_SIZE]: everywhere((msg) => O.resize(msg)),
    [P.MSG.OVERLAY_MOVE]: everywhere((msg) => O.move(msg)),
    [P.MSG.OVERLAY_GROW]: everywhere((msg) => O.grow(msg)),
    // the top frame answers true only when the keyboard was in the overlay it closed
    [P.MSG.OVERLAY_CLOSE]: everywhere((msg) => {
      const focused = O.close(msg.overlayId);
      if (focused) C.refocus(overlayPlace);
      return focused;
    }),
    [P.MSG.REFOCUS]: (msg) => {
      if (!captured || msg.token !== captured.token) return undefined;
      window.focus();
      C.refocus(captured.place);
      return true;
    },
    [P.MSG.TAB_STATE]: everywhere((msg) => { tabOverlay = msg.open ? msg.kind : null; }),
    [P.MSG.PAGE_START]: everywhere((msg) => M.start(msg.indices)),
    [P.MSG.PAGE_PART]: everywhere((msg) => M.part(msg.items)),
    [P.MSG.PAGE_END]: everywhere((msg) => M.end(msg.cancelled)),
    [P.MSG.PAGE_VIEW]: everywhere((msg) => M.setView(msg.view)),
    [P.MSG.PAGE_CLEAR]: everywhere(() => M.clear()),
  };

  /* Esc in any frame, or a click anywhere in the page, closes the tab's selection overlay
   * (clicks inside the overlay happen in its own frame and never reach the page). */
  function requestClose(e) {
    if (!e.isTrusted || tabOverlay !== "selection") return;
    if (e.type === "keydown" && e.key !== "Escape") return;
    if (e.type === "pointerdown" && e.button !== 0) return;
    tabOverlay = null;
    api.runtime.sendMessage({ type: P.MSG.CLOSE_REQUEST }).catch(() => {});
  }
  window.addEventListener("keydown", requestClose, true);
  window.addEventListener("pointerdown", requestClose, true);

  /* Which frame holds the selection the user made last: each frame tells the background when a
   * selection appears in it (not at every change while a drag goes on) or the focus enters it
   * while it holds one, with the time (and nothing of the text), so the shortcut asks that frame
   * and no other. Telling it also starts the host: a selection is often followed by "Translate
   * privately". The user's own selections (trusted events) only. */
  let held = false; // this frame held a selection at its last selection event
  function tellSelected(e) {
    if (!e.isTrusted) return;
    const holds = C.holdsSelection();
    const appeared = holds && (!held || e.type !== "selectionchange");
    held = holds;
    if (!appeared) return;
    try {
      api.runtime.sendMessage({ type: P.MSG.SELECTED, at: Date.now() }).catch(() => {});
    } catch (err) {
      // the extension was reloaded or removed: this page's script has nothing left to tell
    }
  }
  // capture: Firefox fires the text fields' selectionchange at the field
  document.addEventListener("selectionchange", tellSelected, true);
  document.addEventListener("select", tellSelected, true);
  window.addEventListener("focus", tellSelected);

  // A right-click on a selection usually comes just before "Translate privately": the host
  // analyses the selection meanwhile (on this machine; nothing is sent to a translator), so the
  // click waits only for the translator. The user's own click only, never a page's script.
  const PREPARE_CHARS = 20000;
  document.addEventListener("contextmenu", (e) => {
    if (!e.isTrusted) return;
    const got = C.selection();
    if (!got || got.found.error || got.found.text.length > PREPARE_CHARS) return;
    const { text, context, lang } = got.found;
    try {
      api.runtime.sendMessage({ type: P.MSG.PREPARE, text, context, lang }).catch(() => {});
    } catch (err) {
      // the extension was reloaded or removed
    }
  }, true);

  api.runtime.onMessage.addListener((msg, sender, sendResponse) => {
    if (!msg || sender.id !== api.runtime.id || !Object.hasOwn(ROUTES, msg.type)) return false;
    const answer = ROUTES[msg.type](msg);
    if (answer !== undefined) sendResponse(answer);
    return false;
  });
})();
