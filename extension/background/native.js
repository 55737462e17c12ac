/* The one connection to the native host (only this file calls connectNative).
 *
 * One persistent port, so the host loads spaCy and the dictionary once. Every request gets an
 * id; replies are paired by that id (a long translation arrives as several replies, all but the
 * last with more: true). Every request has a timeout, restarted by each partial reply: a silent
 * host turns into error E067 and is disconnected, never into a spinner that spins forever.
 * When the port drops (host crashed or was killed, service worker restarted), pending requests
 * fail with a coded error and the next request connects again. */
"use strict";

globalThis.PrismNative = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const timeouts = { default: 20000, translate: 120000 };
  const pending = new Map();
  let port = null;
  let counter = 0;

  class HostError extends Error {
    constructor(code, message) {
      super(message);
      this.code = code;
    }
    toJSON() {
      return { code: this.code, message: this.message };
    }
  }

  function localError(code, detail) {
    const entry = P.ERRORS[code];
    return new HostError(code, `[${code}] ${entry ? entry.title : "Error"}${detail ? ` (${detail})` : ""}`);
  }

  function connect() {
    if (port) return port;
    const p = api.runtime.connectNative(P.HOST_NAME);
    p.onMessage.addListener(onMessage);
    p.onDisconnect.addListener(() => onDisconnect(p));
    port = p;
    return p;
  }

  function onDisconnect(p) {
    // Chrome reports through runtime.lastError, Firefox through port.error.
    const reason = (api.runtime.lastError && api.runtime.lastError.message) || (p.error && p.error.message) || "";
    if (port === p) port = null;
    const missing = /not found|forbidden|no such native application/i.test(reason);
    const err = missing ? localError("E065") : localError("E066", reason || "disconnected");
    for (const [id, entry] of pending) {
      if (entry.port === p) finish(id).reject(err);
    }
  }

  function finish(id) {
    const entry = pending.get(id);
    pending.delete(id);
    clearTimeout(entry.timer);
    return entry;
  }

  function arm(id, entry) {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      if (!pending.has(id)) return;
      finish(id).reject(localError("E067", `${Math.round(entry.timeoutMs / 1000)} s`));
      // A host that stopped answering is restarted on the next request.
      if (port === entry.port) {
        port = null;
        entry.port.disconnect();
        for (const [other, e] of pending) {
          if (e.port === entry.port) finish(other).reject(localError("E066", "restarted after a timeout"));
        }
      }
    }, entry.timeoutMs);
  }

  function onMessage(message) {
    if (!message || typeof message !== "object" || message.v !== P.VERSION) {
      console.warn("PRISM: ignored a host message with an unexpected envelope");
      return;
    }
    const entry = pending.get(message.id);
    if (!entry) return; // late reply to a request that already timed out
    if (!message.ok) {
      const error = message.error || {};
      finish(message.id).reject(new HostError(error.code || "E001", error.message || "[E001] Internal error"));
    } else if (message.more) {
      arm(message.id, entry);
      if (entry.onPart) entry.onPart(message.data);
    } else {
      finish(message.id).resolve(message.data);
    }
  }

  /* request(action, args, {onPart, timeoutMs}) -> Promise of the final reply's data */
  function request(action, args = {}, { onPart = null, timeoutMs = null } = {}) {
    return new Promise((resolve, reject) => {
      const id = `r${Date.now().toString(36)}.${++counter}`;
      let p;
      try {
        p = connect();
      } catch (e) {
        reject(localError("E065", String(e && e.message)));
        return;
      }
      const entry = { resolve, reject, onPart, port: p, timeoutMs: timeoutMs || timeouts[action] || timeouts.default };
      pending.set(id, entry);
      arm(id, entry);
      try {
        p.postMessage({ v: P.VERSION, id, action, args });
      } catch (e) {
        finish(id).reject(localError("E066", String(e && e.message)));
      }
    });
  }

  /* Start the host before the first request (when the browser starts, when a selection is made),
   * so spaCy and the dictionary are loaded by the time the user clicks; the port then stays open
   * (and keeps the service worker alive). Nothing is sent but a ping. */
  function warm() {
    if (port) return;
    request(P.ACTIONS.PING).catch(() => {}); // a missing host is reported when a translation is asked for
  }

  function asError(e) {
    if (e instanceof HostError) return e.toJSON();
    return { code: "E001", message: `[E001] Internal error: ${e && e.message}` };
  }

  return Object.freeze({ request, warm, asError, timeouts, HostError });
})();
