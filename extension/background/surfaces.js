/* The overlays: at most one per tab. Each is an extension page (surface/surface.html) in an
 * iframe that a content script places in the page; its content comes from here, over a runtime
 * port, never through the page. The page sees an opaque cross-origin frame: window.find(),
 * getSelection() and the DOM of the page cannot reach the text inside it.
 *
 * This module keeps each overlay's state, pushes it to the surface when it connects or changes,
 * and routes what the surface asks for (close, cancel, insert, switch the pair, resize, move, grow) to the
 * handler that owns the overlay. */
"use strict";

globalThis.PrismSurfaces = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const byTab = new Map(); // tabId -> overlay
  const byId = new Map(); // overlay id -> overlay

  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function tell(tabId, frameId, message) {
    try {
      return await api.tabs.sendMessage(tabId, message, frameId === undefined ? {} : { frameId });
    } catch (e) {
      return null; // the frame went away: nothing left to show there
    }
  }

  /* Every frame of the tab learns whether an overlay is open, so Esc and clicks anywhere close it. */
  function broadcast(tabId, overlay) {
    return tell(tabId, undefined, { type: P.MSG.TAB_STATE, open: Boolean(overlay), kind: overlay ? overlay.kind : null });
  }

  /* open(tabId, frameId, {kind, panel, anchor, top, token, onAction}) -> overlay; closes the tab's
   * other one. panel: a tall panel at the side instead of a box next to the selection. */
  async function open(tabId, frameId, { kind, panel = false, anchor = null, top = false, token = null, onAction = () => {}, state = {} }) {
    await close(tabId);
    const overlay = { id: newId(), tabId, frameId, kind, top, token, port: null, state: { kind, panel, ...state }, onAction, closed: false };
    byTab.set(tabId, overlay);
    byId.set(overlay.id, overlay);
    await tell(tabId, frameId, { type: P.MSG.OVERLAY_OPEN, overlayId: overlay.id, kind, panel, anchor, top, token });
    await broadcast(tabId, overlay);
    return overlay;
  }

  function update(overlay, patch) {
    Object.assign(overlay.state, patch);
    if (overlay.port && !overlay.closed) overlay.port.postMessage({ state: overlay.state });
  }

  async function close(tabId, { kind = null } = {}) {
    const overlay = byTab.get(tabId);
    if (!overlay || (kind && overlay.kind !== kind)) return false;
    overlay.closed = true;
    byTab.delete(tabId);
    byId.delete(overlay.id);
    overlay.onAction({ action: "closed" });
    if (overlay.port) overlay.port.disconnect();
    const focused = await tell(tabId, overlay.frameId, { type: P.MSG.OVERLAY_CLOSE, overlayId: overlay.id });
    // The keyboard was in an overlay the top frame showed for a selection in another frame (one
    // too small for it): back to where that selection is, as when the overlay is in its frame.
    if (focused === true && overlay.top && overlay.token) await tell(tabId, undefined, { type: P.MSG.REFOCUS, token: overlay.token });
    await broadcast(tabId, null);
    return true;
  }

  /* The page removed or restyled the overlay (its content script put it back): the surface keeps
   * the actions that write into the page off for a while (surface/guard.js). */
  function tampered(tabId, overlayId) {
    const overlay = byTab.get(tabId);
    if (overlay && overlay.id === overlayId && overlay.port && !overlay.closed) overlay.port.postMessage({ tampered: true });
  }

  function current(tabId) {
    return byTab.get(tabId) || null;
  }

  /* A surface connects and names its overlay (the id in its URL, which only the content script
   * that made the frame knows). It must be a frame of the very tab the overlay belongs to; a
   * later one (the frame was removed by the page and put back, so it loaded again) replaces it. */
  function onConnect(port) {
    if (port.name !== P.SURFACE_PORT || !port.sender || port.sender.id !== api.runtime.id) return;
    let overlay = null;
    port.onMessage.addListener((msg) => {
      if (!overlay) {
        const claimed = msg && byId.get(msg.hello);
        const tab = port.sender.tab && port.sender.tab.id;
        if (!claimed || claimed.tabId !== tab) {
          port.disconnect();
          return;
        }
        if (claimed.port) claimed.port.disconnect();
        overlay = claimed;
        overlay.port = port;
        port.postMessage({ state: overlay.state });
        return;
      }
      if (overlay.closed || !msg || typeof msg.action !== "string") return;
      if (msg.action === "close") close(overlay.tabId);
      else if (msg.action === "resize") {
        tell(overlay.tabId, overlay.frameId, { type: P.MSG.OVERLAY_SIZE, overlayId: overlay.id, height: Number(msg.height) || 0 });
      } else if (msg.action === "move") {
        tell(overlay.tabId, overlay.frameId, { type: P.MSG.OVERLAY_MOVE, overlayId: overlay.id, dx: Number(msg.dx) || 0, dy: Number(msg.dy) || 0 });
      } else if (msg.action === "grow") {
        tell(overlay.tabId, overlay.frameId, { type: P.MSG.OVERLAY_GROW, overlayId: overlay.id, dx: Number(msg.dx) || 0 });
      } else if (msg.action === "options") api.runtime.openOptionsPage();
      else if (msg.action === "setup") globalThis.PrismHandlers.openSetup();
      else overlay.onAction(msg);
    });
    port.onDisconnect.addListener(() => {
      if (overlay && overlay.port === port) overlay.port = null;
    });
  }

  return Object.freeze({ open, update, close, tampered, current, tell, onConnect });
})();
