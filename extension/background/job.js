/* The one job runner of "Translate privately" (a selection) and "Translate this page": a job is
 * shown in one overlay and runs again, at once, for each language pair the user picks there (the
 * newer run replaces the older one). It cancels the host request in flight when the user cancels
 * or closes the overlay, and turns a failure into the overlay's error state. What is translated,
 * and how, is the job's own `work`. */
"use strict";

globalThis.PrismJob = (() => {
  const P = globalThis.PrismProtocol;
  const N = globalThis.PrismNative;
  const S = globalThis.PrismSurfaces;

  /* start(tabId, frameId, open, {work, busy, actions, onStop}) -> Promise of the first run's outcome.
   * open: S.open's options; the overlay opens while the first run starts (opening costs as much
   * as the host's own work on a short selection, and the two do not depend on each other).
   * work(choice, run) does one run and returns {state, reply} (the overlay's final state, the
   * outcome's fields); run.stale() says a newer run, a cancel or a close replaced it;
   * run.translate(args, onPart) is one translate request, each reply given to onPart.
   * busy: the overlay state a new run starts from; actions: {name: (msg, overlay)} of the
   * overlay's own buttons; onStop(how): what else a stop undoes ("cancel", "closed", "error"). */
  function start(tabId, frameId, open, { work, busy = {}, actions = {}, onStop = async () => {} }) {
    let running = null; // the host request in flight
    let latest = 0;
    let overlay = null;

    function stop(how) {
      latest += 1;
      if (running) N.cancel(running);
      running = null;
      onStop(how);
      if (how === "cancel" && overlay) S.update(overlay, { phase: "cancelled" });
    }

    const opening = S.open(tabId, frameId, {
      ...open,
      onAction: (msg) => {
        if (msg.action === "cancel" || msg.action === "closed") stop(msg.action);
        else if (msg.action === "pair" && typeof msg.source === "string" && typeof msg.target === "string") {
          run({ source: msg.source, target: msg.target }); // the user's choice: translated again at once
        } else if (Object.hasOwn(actions, msg.action) && overlay) actions[msg.action](msg, overlay);
      },
    }).then((opened) => (overlay = opened));

    async function run(choice, again = true) {
      const mine = ++latest;
      if (running) N.cancel(running);
      running = null;
      const stale = () => mine !== latest;
      async function translate(args, onPart) {
        if (stale()) throw new N.Cancelled();
        const request = N.start(P.ACTIONS.TRANSLATE, args, { onPart: (part) => stale() || onPart(part) });
        running = request.id;
        const last = await request.done;
        running = null;
        if (stale()) throw new N.Cancelled();
        await onPart(last);
      }
      if (overlay) S.update(overlay, { phase: "busy", error: null, ...busy });
      try {
        const { state, reply } = await work(choice, { stale, translate, opening });
        if (stale()) throw new N.Cancelled();
        S.update(await opening, { phase: "done", ...state });
        return { ok: true, overlayId: overlay.id, ...reply };
      } catch (e) {
        if (stale() || e instanceof N.Cancelled) return { ok: false, code: "cancelled" };
        running = null;
        const error = N.asError(e);
        if (error.code === "E010" || error.code === "E093") {
          // The pairs offered next are the installed ones; and where the host's own target changed
          // since this connection's capabilities (`prism config set`), the run is made again with it.
          const assumed = await N.caps().then((c) => c.settings.target, () => null);
          const fresh = await N.caps({ fresh: true }).catch(() => null);
          if (stale()) return { ok: false, code: "cancelled" };
          if (again && !choice.target && fresh && fresh.settings.target !== assumed) return run(choice, false);
        }
        await onStop("error");
        S.update(await opening, { phase: "error", error });
        return { ok: false, code: error.code };
      }
    }

    return run({});
  }

  return Object.freeze({ start });
})();
