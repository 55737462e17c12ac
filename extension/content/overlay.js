/* Places the overlay in the page: an element in the browser's top layer (a manual popover, so
 * no transform, zoom, overflow or z-index of the page moves or covers it), with a closed shadow
 * root holding one iframe of the extension's own page surface/surface.html. The private text
 * lives only in that cross-origin extension page, which gets it from the background over a
 * runtime port: this script, and so the page, never holds it. The page can still try to remove
 * or restyle the element: a MutationObserver puts it back as it was.
 *
 * Placement: next to the selection, on the side chosen once when it opens (below when there is
 * room, otherwise above, growing away from the selection), so the box never jumps over the
 * selected text as its content grows; it follows the selection when the page scrolls and stays
 * inside the viewport. The page panel ("Translate this page") sits at the top right, or in another
 * corner when that would cover the start of the message (message.js says where it is). The user may
 * move the box (drag its header, or the arrow keys on its move button): the offset is kept on top
 * of that placement, always inside the viewport.
 *
 * A long selection (or one covering much of the window) gets a panel instead: docked at the
 * right, as tall as the visible window, so the progress and the partial text stream in view; the
 * user can make it wider or narrower (its left edge, or the arrow keys on it).
 * Inside an iframe the box keeps to the part of the frame the user can see: a mail frame may be
 * far taller than the window, and its own viewport then reaches below the screen. That part comes
 * from an IntersectionObserver on a viewport-sized element of the overlay (it works across
 * origins), asked again whenever the box itself starts leaving the visible part. */
"use strict";

globalThis.PrismOverlay = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const MARGIN = 8;
  const WIDTH = { selection: 440, page: 360 };
  const START_HEIGHT = 120; // until the surface reports its size
  const HOST_STYLE = "all: initial !important; display: block !important; position: fixed !important; margin: 0 !important;"
    + " padding: 0 !important; border: 0 !important; inset: auto !important; overflow: visible !important; background: transparent !important;"
    + " z-index: 2147483647 !important; visibility: visible !important; opacity: 1 !important; transform: none !important;"
    + " max-width: none !important; max-height: none !important; pointer-events: auto !important; clip-path: none !important;";

  const PANEL = { width: 520, min: 300 };

  let current = null; // {id, kind, panel, host, frame, anchorOf, side, height, offset, width, region}
  let guard = null;

  /* the part of this frame's viewport the user can see, in its own coordinates */
  function visible() {
    const vw = document.documentElement.clientWidth || window.innerWidth;
    const vh = window.innerHeight;
    const r = current && current.region;
    if (!r || r.width <= 0 || r.height <= 0) return { left: 0, top: 0, right: vw, bottom: vh };
    return { left: Math.max(0, r.left), top: Math.max(0, r.top), right: Math.min(vw, r.right), bottom: Math.min(vh, r.bottom) };
  }

  function panelGeometry(v) {
    const room = v.right - v.left - 2 * MARGIN;
    const width = Math.max(Math.min(PANEL.min, room), Math.min(current.width || PANEL.width, room));
    return { left: v.right - width - MARGIN, top: v.top + MARGIN, width, height: Math.max(80, v.bottom - v.top - 2 * MARGIN) };
  }

  function geometry() {
    const o = current;
    const v = visible();
    if (o.panel) return panelGeometry(v);
    const width = Math.max(200, Math.min(WIDTH[o.kind], v.right - v.left - 2 * MARGIN));
    const anchor = o.anchorOf ? o.anchorOf() : null;
    let left;
    let top;
    let room;
    if (!anchor) {
      // the page panel: in the first corner that leaves the start of the message in view
      room = v.bottom - v.top - 2 * MARGIN;
      const h = Math.max(80, Math.min(o.height, room));
      const corners = [[v.right - width - MARGIN, v.top + MARGIN], [v.right - width - MARGIN, v.bottom - MARGIN - h],
        [v.left + MARGIN, v.top + MARGIN], [v.left + MARGIN, v.bottom - MARGIN - h]];
      const avoid = o.avoidOf ? o.avoidOf() : null;
      const clear = ([x, y]) => !avoid || x >= avoid.right || x + width <= avoid.left || y >= avoid.bottom || y + h <= avoid.top;
      [left, top] = corners.find(clear) || corners[0];
    } else {
      if (!o.side) {
        const below = v.bottom - (anchor.y + anchor.height) - 2 * MARGIN;
        const above = anchor.y - v.top - 2 * MARGIN;
        o.side = below >= Math.min(280, above) ? "below" : "above";
      }
      left = Math.min(Math.max(v.left + MARGIN, anchor.x), v.right - width - MARGIN);
      if (o.side === "below") {
        top = Math.min(Math.max(v.top + MARGIN, anchor.y + anchor.height + MARGIN), v.bottom - MARGIN - 120);
        room = v.bottom - top - MARGIN;
      } else {
        const bottom = Math.max(v.top + MARGIN + 120, Math.min(anchor.y - MARGIN, v.bottom - MARGIN));
        room = bottom - v.top - MARGIN;
        top = bottom - Math.min(o.height, room);
      }
    }
    const height = Math.max(80, Math.min(o.height, room));
    return { left, top, width, height };
  }

  /* where the box is: its placement moved by the user's offset, inside the visible part */
  function placed() {
    const g = geometry();
    if (!current.offset.x && !current.offset.y) return { ...g, base: g };
    const v = visible();
    const clamp = (x, low, high) => Math.max(low, Math.min(x, Math.max(low, high)));
    const left = clamp(g.left + current.offset.x, v.left + MARGIN, v.right - g.width - MARGIN);
    const top = clamp(g.top + current.offset.y, v.top + MARGIN, v.bottom - g.height - MARGIN);
    return { ...g, left, top, base: g };
  }

  function layout() {
    if (!current) return;
    const g = placed();
    withoutGuard(() => {
      current.host.setAttribute("style", `${HOST_STYLE} left: ${g.left}px !important; top: ${g.top}px !important;`
        + ` width: ${g.width}px !important; height: ${g.height}px !important;`);
    });
  }

  function showOnTop(host) {
    try {
      if (!host.matches(":popover-open")) host.showPopover();
    } catch (e) {
      // no popover support: the fixed position and the highest z-index still apply
    }
  }

  /* our own changes are not the page's */
  function withoutGuard(change) {
    change();
    if (guard) guard.takeRecords();
  }

  function watch() {
    let queued = false;
    const restore = () => {
      queued = false;
      if (!current) return;
      const { host } = current;
      withoutGuard(() => {
        if (!host.isConnected) document.documentElement.append(host);
        if (host.getAttribute("popover") !== "manual") host.setAttribute("popover", "manual");
      });
      layout();
      showOnTop(host);
    };
    // Put back at once, before the next paint (a page that restyles it in every animation frame
    // would otherwise have it transparent in each paint); a page observer that undoes it again at
    // once is answered once per frame after the first few, so the two never spin and freeze the page.
    let burst = 0; // restores made at once since the last frame
    let told = 0;
    guard = new MutationObserver((records) => {
      if (!current) return;
      const { host, onTamper } = current;
      // the page touched the overlay itself: a hostile page, whose tries keep Replace and Insert off
      if (onTamper && Date.now() - told > 200 && records.some((r) => r.target === host || [...r.removedNodes].includes(host))) {
        told = Date.now();
        onTamper();
      }
      if (burst < 3) {
        if (!burst) requestAnimationFrame(() => { burst = 0; });
        burst += 1;
        restore();
      } else if (!queued) {
        queued = true;
        requestAnimationFrame(restore);
      }
    });
    guard.observe(document.documentElement, { childList: true });
    guard.observe(current.host, { attributes: true });
  }

  /* In an iframe: learn the visible part now, and again each time the box starts leaving it (the
   * page around the frame scrolled). The top frame's viewport is all visible. */
  function watchVisible(root) {
    if (window === window.top || typeof IntersectionObserver !== "function") return null;
    const whole = document.createElement("div");
    whole.setAttribute("style", "position: fixed; inset: 0; visibility: hidden; pointer-events: none;");
    root.append(whole);
    const seen = new IntersectionObserver((entries) => {
      if (!current) return;
      for (const e of entries) {
        if (e.target === whole) current.region = e.intersectionRect;
        else if (e.intersectionRatio < 0.99) { // the box is leaving the visible part: ask where that is now
          seen.unobserve(whole);
          seen.observe(whole);
        }
      }
      layout();
    }, { threshold: [0, 0.25, 0.5, 0.75, 0.99, 1] });
    seen.observe(whole);
    seen.observe(current.host);
    return seen;
  }

  function onScroll() {
    if (current && current.anchorOf) layout();
  }

  function open({ overlayId, kind, anchorOf, avoidOf = null, onTamper = null, panel = false }) {
    close();
    const host = document.createElement("prism-translate-overlay");
    host.setAttribute("popover", "manual");
    const root = host.attachShadow({ mode: "closed" });
    const frame = document.createElement("iframe");
    frame.src = `${api.runtime.getURL("surface/surface.html")}#${overlayId}`;
    frame.title = "PRISM private translation";
    frame.setAttribute("allow", "clipboard-write");
    frame.setAttribute("style", "all: initial; display: block; width: 100%; height: 100%; border: 0; border-radius: 10px;"
      + " box-shadow: 0 8px 28px rgba(0,0,0,.28); color-scheme: normal;");
    root.append(frame);
    current = { id: overlayId, kind, panel, host, frame, anchorOf, avoidOf, onTamper, side: null, height: START_HEIGHT, offset: { x: 0, y: 0 },
      width: 0, region: null, seen: null };
    layout();
    document.documentElement.append(host); // outside <body>: no page layout rule applies to it
    showOnTop(host);
    host.addEventListener("toggle", (e) => {
      if (current && current.host === host && e.newState === "closed") showOnTop(host); // hidden by the page
    });
    watch();
    current.seen = watchVisible(root);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", layout);
    frame.addEventListener("load", () => frame.focus(), { once: true }); // keyboard and screen reader go to the result
  }

  function resize({ overlayId, height }) {
    if (!current || current.id !== overlayId) return;
    current.height = Math.max(60, height);
    layout();
  }

  function move({ overlayId, dx, dy }) {
    if (!current || current.id !== overlayId) return;
    current.offset.x += dx;
    current.offset.y += dy;
    const g = placed(); // stopped at the viewport's edge: the offset is what the box really moved
    current.offset = { x: g.left - g.base.left, y: g.top - g.base.top };
    layout();
  }

  /* the user made the panel wider (dx > 0: its left edge moved left) or narrower */
  function grow({ overlayId, dx }) {
    if (!current || current.id !== overlayId || !current.panel) return;
    current.width = geometry().width + dx;
    current.width = geometry().width; // stopped at the visible part's edge
    layout();
  }

  function close(overlayId) {
    if (!current || (overlayId && current.id !== overlayId)) return false;
    if (guard) guard.disconnect();
    if (current.seen) current.seen.disconnect();
    guard = null;
    window.removeEventListener("scroll", onScroll, { capture: true });
    window.removeEventListener("resize", layout);
    const { host } = current;
    current = null;
    const focused = document.activeElement === host;
    host.remove();
    return focused; // the keyboard was in the overlay: the caller gives it back to the editor
  }

  function isOpen() {
    return Boolean(current);
  }

  return Object.freeze({ open, resize, move, grow, close, isOpen });
})();
