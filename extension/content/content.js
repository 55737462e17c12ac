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

  function openOverlay(msg) {
    if (!mine(msg)) return false;
    const place = !msg.top && captured ? captured.place : null;
    overlayPlace = place;
    const onTamper = () => api.runtime.sendMessage({ type: P.MSG.OVERLAY_TAMPERED, overlayId: msg.overlayId }).catch(() => {});
    O.open({ overlayId: msg.overlayId, kind: msg.kind, panel: Boolean(msg.panel), anchorOf: place ? () => C.anchorOf(place) : null,
      avoidOf: msg.kind === "page" ? () => M.messageStart() : null, onTamper });
    return true;
  }

  const ROUTES = {
    [P.MSG.OVERLAY_OPEN]: openOverlay,
    [P.MSG.OVERLAY_SIZE]: (msg) => O.resize(msg),
    [P.MSG.OVERLAY_MOVE]: (msg) => O.move(msg),
    [P.MSG.OVERLAY_GROW]: (msg) => O.grow(msg),
    [P.MSG.OVERLAY_CLOSE]: (msg) => {
      const focused = O.close(msg.overlayId);
      if (focused) C.refocus(overlayPlace);
      return focused; // the top frame answers true when the keyboard was in the overlay
    },
    [P.MSG.REFOCUS]: (msg) => {
      if (!captured || msg.token !== captured.token) return false;
      window.focus();
      C.refocus(captured.place);
      return true;
    },
    [P.MSG.TAB_STATE]: (msg) => { tabOverlay = msg.open ? msg.kind : null; },
    [P.MSG.PAGE_START]: (msg) => M.start(msg.indices),
    [P.MSG.PAGE_PART]: (msg) => M.part(msg.items),
    [P.MSG.PAGE_END]: (msg) => M.end(msg.cancelled),
    [P.MSG.PAGE_VIEW]: (msg) => M.setView(msg.view),
    [P.MSG.PAGE_CLEAR]: () => M.clear(),
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

  /* Which frame holds the selection the user made last: each frame tells the background when it
   * gets a selection, or the focus while holding one, with the time (and nothing of the text), so
   * the shortcut asks that frame and no other. Telling it also starts the host: a selection is
   * often followed by "Translate privately". The user's own selections (trusted events) only; at
   * most one message every few tenths of a second per frame while a drag goes on. */
  const TELL_EVERY_MS = 300;
  let toldAt = 0;
  function tellSelected(e) {
    if (!e.isTrusted || !C.holdsSelection()) return;
    const now = Date.now();
    if (now - toldAt < TELL_EVERY_MS && e.type === "selectionchange") return;
    toldAt = now;
    try {
      api.runtime.sendMessage({ type: P.MSG.SELECTED, at: now }).catch(() => {});
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
    if (!msg || sender.id !== api.runtime.id) return false;
    if (msg.type === P.MSG.CAPTURE) {
      if (msg.focused && !C.focusedHere()) return false;
      const got = C.selection();
      if (!got) return false; // let the frame that has the selection answer
      captured = { token: newToken(), place: got.place };
      sendResponse({ ...got.found, token: captured.token });
      return false;
    }
    if (msg.type === P.MSG.HELLO) {
      if (window !== window.top) return false;
      sendResponse(true); // "a content script runs in this tab"
      return false;
    }
    if (msg.type === P.MSG.INSERT) {
      if (!mine(msg)) return false;
      sendResponse(C.insert(captured.place, msg.how, msg.text));
      return false;
    }
    if (msg.type === P.MSG.PAGE_COLLECT) {
      api.runtime.sendMessage({ type: P.MSG.PAGE_FOUND, collection: msg.collection, ...M.survey() })
        .catch(() => {});
      return false;
    }
    if (msg.type === P.MSG.PAGE_TAKE) {
      sendResponse(M.take(msg.mode));
      return false;
    }
    const route = ROUTES[msg.type];
    if (route && route(msg) !== false && window === window.top) sendResponse(true);
    return false;
  });
})();
