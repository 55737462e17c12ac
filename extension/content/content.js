/* Content-script entry point: routes the background's messages to capture and overlay.
 * Listens to the extension only (runtime.onMessage); never to window "message" events, so a
 * page cannot start a translation or talk to the extension through postMessage. */
"use strict";

(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const C = globalThis.PrismCapture;
  const O = globalThis.PrismOverlay;
  let captureToken = null; // names this frame's latest capture, so broadcasts reach only it

  function newToken() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* overlay messages are for the frame holding the capture, or for the top frame */
  function mine(msg) {
    return msg.top ? window === window.top : Boolean(msg.token) && msg.token === captureToken;
  }

  const ROUTES = {
    [P.MSG.OVERLAY_OPEN]: (msg) => mine(msg) && O.openSelection(msg),
    [P.MSG.OVERLAY_RESULT]: O.showResult,
    [P.MSG.OVERLAY_ERROR]: O.showError,
    [P.MSG.PAGE_OPEN]: (msg) => window === window.top && O.openPage(msg),
    [P.MSG.PAGE_PART]: O.pagePart,
    [P.MSG.PAGE_DONE]: O.pageDone,
    [P.MSG.PAGE_ERROR]: O.pageError,
  };

  // A selection is often followed by "Translate privately": have the host started by then.
  // The message carries nothing of the page; at most one every few seconds per frame.
  let warmedAt = 0;
  document.addEventListener("selectionchange", () => {
    const now = Date.now();
    if (now - warmedAt < 5000) return;
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed) return;
    warmedAt = now;
    try {
      api.runtime.sendMessage({ type: P.MSG.WARM }).catch(() => {});
    } catch (e) {
      // the extension was reloaded or removed: this page's script has nothing left to warm
    }
  });

  api.runtime.onMessage.addListener((msg, sender, sendResponse) => {
    if (!msg || sender.id !== api.runtime.id) return false;
    if (msg.type === P.MSG.CAPTURE) {
      const found = C.selection();
      if (!found) return false; // let the frame that has the selection answer
      captureToken = newToken();
      found.token = captureToken;
      // Several frames may hold a selection: the focused one answers first.
      if (document.hasFocus()) {
        sendResponse(found);
        return false;
      }
      setTimeout(() => sendResponse(found), 150);
      return true;
    }
    if (msg.type === P.MSG.HELLO) {
      if (window !== window.top) return false;
      sendResponse(true); // "a content script runs in this tab"
      return false;
    }
    if (msg.type === P.MSG.PAGE_COLLECT) {
      if (window !== window.top) return false;
      sendResponse({ paragraphs: C.paragraphs() });
      return false;
    }
    const route = ROUTES[msg.type];
    if (route) {
      route(msg);
      sendResponse(true);
    }
    return false;
  });
})();
