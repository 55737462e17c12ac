/* The one connection to the native host (only this file calls connectNative).
 *
 * One persistent port, so the host loads spaCy and the dictionary once. Every request gets an
 * id; replies are paired by that id (a long translation arrives as several replies, all but the
 * last with more: true). Every request has a timeout, restarted by each partial reply: a silent
 * host turns into error E067 and is disconnected, never into a spinner that spins forever.
 * When the port drops (host crashed or was killed, service worker restarted), pending requests
 * fail with a coded error and the next request connects again.
 * cancel(id) stops listening at once (the promise rejects with Cancelled) and asks the host to
 * stop after its current batch; a host without `cancel` answers E063, which changes nothing.
 * capabilities() is asked once per connection: what the host offers, its settings and its limits
 * (the largest request it reads is learnt from it, so none is sent that it would skip). */
"use strict";

globalThis.PrismNative = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  // capabilities waits for the host to load its dictionaries, which takes a while on a cold start
  const timeouts = { default: 20000, capabilities: 120000, translate: 120000 };
  const pending = new Map();
  let port = null;
  let counter = 0;
  let capabilities = null; // Promise of this connection's capabilities
  let maxBytes = Infinity; // the host's limits.max_request_bytes, once its capabilities came

  /* The organisation's managed policy (storage.managed_schema; set by Chrome/Edge policy files or
   * Firefox's policies.json), handed to the host with every request that reads settings or
   * translates: the host applies it with its own system policy, the stricter of each rule. */
  const WITH_POLICY = new Set([P.ACTIONS.CAPABILITIES, P.ACTIONS.SETTINGS, P.ACTIONS.TRANSLATE]);
  function readPolicy() {
    const managed = api.storage && api.storage.managed;
    if (!managed) return Promise.resolve({});
    // Firefox rejects when no policy names the add-on: that is no policy
    return Promise.resolve(managed.get(null)).then((value) => value || {}, () => ({}));
  }
  let policy = readPolicy();
  if (api.storage && api.storage.onChanged) {
    api.storage.onChanged.addListener((changes, area) => {
      if (area === "managed") policy = readPolicy();
    });
  }

  class HostError extends Error {
    constructor(code, message) {
      super(message);
      this.code = code;
    }
    toJSON() {
      return { code: this.code, message: this.message };
    }
  }

  /* a request the user cancelled: not an error to show */
  class Cancelled extends Error {}

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
    capabilities = null; // a new host process: ask it anew
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
    if (message.id === null && !message.ok) {
      // The host could not read a request at all (requests are size-checked before sending, so
      // this is a bug): every request waiting on this port may be the one, so none is left hanging.
      const error = message.error || {};
      for (const id of [...pending.keys()]) finish(id).reject(new HostError(error.code || "E001", error.message || "[E001] Internal error"));
      return;
    }
    const entry = pending.get(message.id);
    if (!entry) return; // late reply to a request that already timed out or was cancelled
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

  /* start(action, args, {onPart, timeoutMs}) -> {id, done: Promise of the final reply's data} */
  function start(action, args = {}, { onPart = null, timeoutMs = null } = {}) {
    const id = `r${Date.now().toString(36)}.${++counter}`;
    const done = new Promise((resolve, reject) => {
      const body = { v: P.VERSION, id, action, args };
      const bytes = new TextEncoder().encode(JSON.stringify(body)).length;
      if (bytes > maxBytes) {
        // the host would have to skip it unread: say so now, send nothing
        reject(localError("E060", `${(bytes / 1e6).toFixed(1)} MB; the limit is ${(maxBytes / 1e6).toFixed(1)} MB`));
        return;
      }
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
      const send = (message) => {
        if (!pending.has(id)) return; // cancelled or timed out before it left
        try {
          p.postMessage(message);
        } catch (e) {
          finish(id).reject(localError("E066", String(e && e.message)));
        }
      };
      if (WITH_POLICY.has(action)) policy.then((managed) => send({ ...body, args: { ...args, policy: managed } }));
      else send(body);
    });
    return { id, done };
  }

  function request(action, args = {}, options = {}) {
    return start(action, args, options).done;
  }

  /* The host's capabilities, asked once per connection (fresh: again, as after a settings change
   * or a dictionary found missing). */
  function caps({ fresh = false } = {}) {
    if (fresh || !port) capabilities = null;
    if (!capabilities) {
      const asked = request(P.ACTIONS.CAPABILITIES, {}).then((data) => {
        maxBytes = data.limits.max_request_bytes;
        return data;
      });
      capabilities = asked;
      asked.catch(() => { if (capabilities === asked) capabilities = null; }); // ask again next time
    }
    return capabilities;
  }

  function cancel(id) {
    if (!pending.has(id)) return false;
    finish(id).reject(new Cancelled("cancelled"));
    request(P.ACTIONS.CANCEL, { request: id }).catch(() => {}); // E063 from an older host: nothing to undo
    return true;
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

  return Object.freeze({ start, request, caps, cancel, warm, asError, timeouts, HostError, Cancelled, localError, readPolicy });
})();
