/* "Replace selection" and "Insert below" write into the page, so a click on them must be the
 * user's own, on this box as the user sees it. The page around the overlay cannot read it, but it
 * can try to get it clicked unknowingly: a pass-through decoy drawn over it, the box made
 * transparent or filtered away, a fake box over it, the box moved under the pointer just before
 * a click.
 *
 * Where the browser has IntersectionObserver v2 (Chromium), these buttons work only while the
 * whole box is in view and the browser itself reports it unobscured and free of opacity, filter
 * and transform effects from every page around it, and has done so for ARM_MS. Where it has not
 * (Firefox), only where no page but the editor's own surrounds the overlay (the background's
 * `coverable`, from the frame's origins). In both, the click must be trusted and, with a pointer,
 * made after the pointer has been on the box for ARM_MS with the box not moving under it; and a
 * page that removes or restyles the overlay (content/overlay.js puts it back before the next
 * paint) keeps them off until it has left the overlay alone for ARM_MS. */
"use strict";

globalThis.PrismGuard = (() => {
  const ARM_MS = 500; // as browsers' own permission prompts ignore clicks in their first 500 ms
  const CAN_SEE = typeof IntersectionObserverEntry !== "undefined" && "isVisible" in IntersectionObserverEntry.prototype;
  let seenSince = 0; // when the box last became wholly visible (IntersectionObserver v2), 0 while it is not
  let frame = { at: null, since: 0 }; // where this frame is on screen (from pointer events), since when
  let tamperedAt = -Infinity; // when the page last removed or restyled the overlay (it is put back at once)
  let onChange = () => {};

  /* watch(box, changed): changed() runs whenever ready() may have changed */
  function watch(box, changed) {
    onChange = changed;
    if (CAN_SEE) {
      new IntersectionObserver((entries) => {
        const e = entries[entries.length - 1];
        const seen = e.isIntersecting && e.isVisible && e.intersectionRatio >= 0.99;
        seenSince = seen ? (seenSince || performance.now()) : 0;
        changed();
        if (seen) setTimeout(changed, ARM_MS + 10);
      }, { trackVisibility: true, delay: 100, threshold: [0, 0.99, 1] }).observe(box);
    }
    // The frame's place on screen is the pointer's screen position minus its position in here;
    // a change means the box moved (by the page, by scrolling, or dragged).
    for (const type of ["pointerover", "pointermove", "pointerdown"]) {
      document.addEventListener(type, (e) => {
        const at = [e.screenX - e.clientX, e.screenY - e.clientY];
        const moved = !frame.at || Math.abs(at[0] - frame.at[0]) > 2 || Math.abs(at[1] - frame.at[1]) > 2;
        if (moved) frame = { at, since: performance.now() };
      }, true);
    }
  }

  /* Whether the buttons may be offered at all: false where nothing can tell that the box is seen
   * as it is (no IntersectionObserver v2, and a page other than the editor's around it). */
  function possible(coverable) {
    return CAN_SEE || !coverable;
  }

  /* The page removed or restyled the overlay. It is put back before the next paint, but a page
   * that tries is hostile: the buttons stay off until it has left the overlay alone for ARM_MS. */
  function tampered() {
    tamperedAt = performance.now();
    onChange();
    setTimeout(onChange, ARM_MS + 10);
  }

  /* the box is seen as it is, and has been for ARM_MS, and the page has left it alone as long */
  function ready(coverable) {
    const now = performance.now();
    if (now - tamperedAt < ARM_MS) return false;
    return CAN_SEE ? seenSince > 0 && now - seenSince >= ARM_MS : !coverable;
  }

  /* the click is the user's own, on the box as it is: "ok", "early" (the box had just appeared or
   * moved under the pointer: click again) or "refused" */
  function check(e, coverable) {
    if (!e.isTrusted || !ready(coverable)) return "refused";
    if (e.detail === 0) return "ok"; // Enter or Space on the focused button: the page cannot type in here
    return frame.at && performance.now() - frame.since >= ARM_MS ? "ok" : "early";
  }

  return Object.freeze({ watch, possible, ready, check, tampered });
})();
