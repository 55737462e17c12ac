/* Action -> function table of the background. The context menu, the keyboard shortcut and the
 * toolbar button call these (and so do the e2e tests, which cannot click browser menus).
 * Nothing is read from a page or sent to the host except from one of those explicit actions. */
"use strict";

globalThis.PrismHandlers = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const N = globalThis.PrismNative;
  const S = globalThis.PrismSurfaces;
  const MENU_ID = "prism-translate-selection";
  const COMMAND = "translate-selection";
  const COLLECT_WAIT_MS = 1500; // frames that have not reported by then hold no content script
  // Page text goes to the host in requests of about one host batch (PROTOCOL.md): a Cancel then
  // stops what is sent next even where the host cannot cancel a request it is working on.
  const collections = new Map(); // page collection id -> {reports, expected, resolve}
  let capabilities = null; // Promise of the host's capabilities, asked once per background life

  async function setUpMenus() {
    await api.contextMenus.removeAll();
    api.contextMenus.create({ id: MENU_ID, title: "Translate privately", contexts: ["selection", "editable"] });
  }

  function caps({ fresh = false } = {}) {
    if (fresh) capabilities = null;
    if (!capabilities) {
      capabilities = N.request(P.ACTIONS.CAPABILITIES, {});
      capabilities.catch(() => { capabilities = null; }); // ask again next time
    }
    return capabilities;
  }

  /* Refuse locally, before anything is sent, what the host would refuse for its size. */
  function checkSize(texts, c) {
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const limit = c.limits.max_chars;
    if (chars > limit) {
      throw new N.HostError("E064", `[E064] The selection holds ${chars.toLocaleString("en")} characters; PRISM takes at most ${limit} at once.`);
    }
  }

  /* Items of one text, in order, as one result; marks move with their piece's offset. */
  function combine(items) {
    const first = items[0] || {};
    let offset = 0;
    const marks = [];
    for (const item of items) {
      for (const m of item.marks || []) marks.push({ ...m, start: m.start + offset, end: m.end + offset });
      offset += item.translation.length;
    }
    return {
      translation: items.map((i) => i.translation).join(""),
      sent: items.map((i) => i.sent).join(""),
      hidden: items.reduce((n, i) => n + i.hidden, 0),
      hidden_entities: items.reduce((n, i) => n + i.hidden_entities, 0),
      words: items.reduce((n, i) => n + (i.words || 0), 0),
      unrestored: items.flatMap((i) => i.unrestored || []),
      warnings: items.flatMap((i) => i.warnings || []),
      marks,
      epsilon: first.epsilon ?? null,
      scope: first.scope ?? null,
      method: first.method,
      ratio: first.ratio,
      translator: first.translator,
      source: first.source || "en",
      target: first.target,
    };
  }

  /* Where no content script runs (browser pages, stores, tabs opened before the install) there
   * is no page to show anything in: say so on the toolbar button instead. */
  async function unreachable(tabId) {
    if (await S.tell(tabId, 0, { type: P.MSG.HELLO })) {
      await api.action.setBadgeText({ tabId, text: "" });
      await api.action.setTitle({ tabId, title: api.runtime.getManifest().action.default_title });
      return false;
    }
    const entry = P.ERRORS.E069;
    await api.action.setBadgeText({ tabId, text: "!" });
    await api.action.setTitle({ tabId, title: `PRISM: ${entry.title} [E069]. ${entry.fix}` });
    return true;
  }

  /* The languages the host has dictionaries from. */
  function sourcesOf(c) {
    return [...new Set(c.pairs.filter((p) => p.vocab).map((p) => p.source))];
  }

  /* The text's language, by the browser's own detector (it runs on the device: nothing is
     sent). A short selection says too little, so the paragraph around it and then the page's
     declared language follow: the languages they are reliably read as, in that order. */
  async function languagesOf(texts, lang = "") {
    const found = [];
    for (const text of texts) {
      if (!text || !text.trim()) continue;
      const result = await Promise.resolve(api.i18n.detectLanguage(text)).catch(() => null);
      const top = result && result.isReliable && result.languages[0];
      if (top) found.push(top.language.split("-")[0]);
    }
    if (lang) found.push(lang.toLowerCase().split("-")[0]);
    return found;
  }

  /* The first of those languages the host has a dictionary from (asking the host again when the
     first is not among the ones it had: a dictionary may have been installed since); English
     when none is. */
  async function detect(texts, lang = "") {
    const found = await languagesOf(texts, lang);
    let c = await caps();
    if (found.length && !sourcesOf(c).includes(found[0])) c = await caps({ fresh: true });
    return found.find((code) => sourcesOf(c).includes(code)) || "en";
  }

  /* The pair a translation uses: the source the user picked in the overlay or the detected one,
     and the target the user picked or "the language I read", read from the host's settings now
     (they may have changed since the capabilities were asked: options, `prism config set`). */
  async function pairFor(detected, choice) {
    const source = choice.source && choice.source !== "auto" ? choice.source : detected;
    const target = choice.target || (await N.request(P.ACTIONS.SETTINGS, {})).settings.target;
    return { source, target, auto: !choice.source || choice.source === "auto", detected };
  }

  /* Text already in the language the user reads: nothing to translate, and nothing is sent. */
  function checkPair(pair, hint = "") {
    if (pair.source === pair.target) {
      const name = P.LANGUAGES[pair.source] || pair.source;
      throw new N.HostError("E010", `[E010] This text reads as ${name}, the language you read.${hint}`);
    }
  }

  /* A short selection (a subject line, one question) is mostly content words: at r = 0.2 PRISM*
     hid 53-63% of them on ten short Spanish and ten English test lines, and sent more than half
     of them as written in 20-32% of the draws (tools/short_selections.py). So a short selection
     hides every word the dictionary knows (r = 1: 90-100% hidden) and the host refuses it (E091)
     when less than two thirds of its content words could be hidden (words outside the dictionary:
     2 of the 10 Spanish lines, none of the English). */
  const SHORT_WORDS = 6;
  const SHORT_MIN_HIDDEN = 2 / 3;
  function shortOptions(text) {
    const n = (text.match(/[\p{L}\p{N}]+/gu) || []).length;
    return n <= SHORT_WORDS ? { ratio: 1, min_hidden: SHORT_MIN_HIDDEN } : {};
  }

  /* -- "Translate privately" on a selection -------------------------------------------------- */

  async function translateSelection(tabId, frameId) {
    const capture = await S.tell(tabId, frameId, { type: P.MSG.CAPTURE });
    if (await unreachable(tabId)) return { ok: false, code: "E069" };
    if (!capture || capture.error) {
      const code = capture && capture.error ? capture.error : "E020";
      const at = capture ? frameId : 0;
      const error = N.asError(new N.HostError(code, `[${code}] ${P.ERRORS[code].title}`));
      await S.open(tabId, at, { kind: "selection", token: capture && capture.token, top: !capture, state: { phase: "error", error } });
      return { ok: false, code };
    }
    // A small iframe (a preview pane, an ad-sized frame) has no room: the overlay goes to the top
    // frame, still as the extension's own cross-origin surface, so the top page cannot read it.
    const where = capture.small ? { frameId: 0, top: true } : { frameId, top: false };
    let running = null;
    // The overlay opens while the request is on its way: opening it costs as much as the host's
    // own work on a short selection, and the two do not depend on each other.
    let overlay = null;
    const opening = S.open(tabId, where.frameId, {
      kind: "selection", token: capture.token, top: where.top, anchor: where.top ? null : capture.rect,
      state: { phase: "busy", editable: capture.editable, progress: null },
      onAction: (msg) => {
        if (msg.action === "cancel" || msg.action === "closed") {
          if (running) N.cancel(running);
          if (msg.action === "cancel") S.update(overlay, { phase: "cancelled" });
        } else if (msg.action === "pair" && typeof msg.source === "string" && typeof msg.target === "string") {
          run({ source: msg.source, target: msg.target }); // the user's choice: translated again at once
        } else if (msg.action === "insert" && (msg.how === "replace" || msg.how === "below") && overlay.state.result) {
          insert(msg.how);
        }
      },
    }).then((opened) => (overlay = opened));

    async function insert(how) {
      const done = await S.tell(tabId, frameId, {
        type: P.MSG.INSERT, token: capture.token, how, text: overlay.state.result.translation,
      });
      if (done && done.ok) await S.close(tabId);
      else S.update(overlay, { notice: "The text field is gone or changed; use Copy instead." });
    }

    let detected = null;
    let latest = 0; // a new pair chosen while one translation runs replaces it
    async function run(choice) {
      const mine = ++latest;
      if (running) N.cancel(running);
      running = null;
      const items = [];
      if (overlay) S.update(overlay, { phase: "busy", progress: null, partial: "", error: null, notice: null });
      try {
        checkSize([capture.text], await caps());
        if (!detected) detected = await detect([capture.text, capture.context], capture.lang);
        const pair = await pairFor(detected, choice);
        if (mine !== latest) throw new N.Cancelled();
        const pairs = (await caps()).pairs.filter((p) => p.vocab);
        const collect = (part) => {
          if (mine !== latest) return;
          items.push(...part.items);
          S.update(overlay, { progress: { done: part.done, total: part.total }, partial: combine(items).translation });
        };
        let request = null;
        if (pair.source !== pair.target) {
          const args = { texts: [capture.text], source: pair.source, target: pair.target, ...shortOptions(capture.text) };
          request = N.start(P.ACTIONS.TRANSLATE, args, { onPart: (part) => opening.then(() => collect(part)) });
          running = request.id;
        }
        await opening;
        S.update(overlay, { pair, pairs });
        checkPair(pair, " If it is in another language, pick it above.");
        collect(await request.done);
        running = null;
        if (mine !== latest) throw new N.Cancelled();
        const result = { ...combine(items), original: capture.text };
        S.update(overlay, { phase: "done", result });
        return { ok: true, overlayId: overlay.id };
      } catch (e) {
        if (mine === latest) running = null;
        if (e instanceof N.Cancelled || mine !== latest) return { ok: false, code: "cancelled" };
        const error = N.asError(e);
        if (error.code === "E010") caps({ fresh: true }).catch(() => {}); // the pairs offered next are the installed ones
        await opening;
        S.update(overlay, { phase: "error", error });
        return { ok: false, code: error.code };
      }
    }

    return run({});
  }

  /* -- "Translate this page / message" ------------------------------------------------------- */

  /* Every frame reports the message bodies it holds (content/message.js) and how many child
   * frames it has, so the background knows how many reports to wait for. */
  function collect(tabId) {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
    return new Promise((resolve) => {
      const entry = { reports: [], expected: 1, resolve };
      collections.set(id, entry);
      const finish = () => {
        collections.delete(id);
        resolve(entry.reports);
      };
      entry.finish = finish;
      setTimeout(finish, COLLECT_WAIT_MS);
      S.tell(tabId, undefined, { type: P.MSG.PAGE_COLLECT, collection: id });
    });
  }

  function onFound(msg, sender) {
    const entry = collections.get(msg.collection);
    if (!entry || !sender.tab) return;
    entry.reports.push({ frameId: sender.frameId, paragraphs: msg.paragraphs, known: Boolean(msg.known) });
    entry.expected += Number(msg.frames) || 0;
    if (entry.reports.length >= entry.expected) entry.finish();
  }

  /* Requests of at most the host's limits; each streams its batches back. */
  function batches(paragraphs, limits) {
    const out = [];
    let start = 0;
    while (start < paragraphs.length) {
      let end = start;
      let size = 0;
      while (end < paragraphs.length && end - start < limits.max_texts
        && (end === start || size + paragraphs[end].text.length <= limits.max_chars)) {
        size += paragraphs[end].text.length;
        end += 1;
      }
      out.push([start, end]);
      start = end;
    }
    return out;
  }

  async function translatePage(tabId) {
    let reports = await collect(tabId);
    if (await unreachable(tabId)) return { ok: false, code: "E069" };
    // No frame answered, yet the page answers now: its scripts were still loading when asked.
    if (!reports.length) reports = await collect(tabId);
    // Message bodies a webmail marks as such win; otherwise the main text of every frame.
    const known = reports.filter((r) => r.known && r.paragraphs.length);
    const chosen = (known.length ? known : reports).sort((a, b) => a.frameId - b.frameId);
    const paragraphs = chosen.flatMap((r) => r.paragraphs.map((text, local) => ({ frameId: r.frameId, local, text })));
    let running = null;
    let cancelled = false;
    const frames = [...new Set(paragraphs.map((p) => p.frameId))];
    const toFrames = (message) => Promise.all(frames.map((f) => S.tell(tabId, f, message)));
    let detected = null;
    let latest = 0; // a new pair chosen while the page is translated replaces that run
    const overlay = await S.open(tabId, 0, {
      kind: "page", top: true,
      state: { phase: "busy", progress: { done: 0, total: paragraphs.length }, view: "bilingual", marked: 0 },
      onAction: (msg) => {
        if (msg.action === "cancel" || msg.action === "closed") {
          cancelled = true;
          latest += 1;
          if (running) N.cancel(running);
          toFrames({ type: P.MSG.PAGE_END, cancelled: true });
          if (msg.action === "cancel") S.update(overlay, { phase: "cancelled" });
          else toFrames({ type: P.MSG.PAGE_CLEAR });
        } else if (msg.action === "view" && ["bilingual", "translation", "original"].includes(msg.view)) {
          S.update(overlay, { view: msg.view });
          toFrames({ type: P.MSG.PAGE_VIEW, view: msg.view });
        } else if (msg.action === "pair" && typeof msg.source === "string" && typeof msg.target === "string") {
          run({ source: msg.source, target: msg.target }); // the user's choice: the page again, at once
        }
      },
    });
    if (!paragraphs.length) {
      const error = N.asError(new N.HostError("E020", "[E020] No message or paragraphs of text found on this page"));
      S.update(overlay, { phase: "error", error });
      return { ok: false, code: "E020" };
    }
    const sample = paragraphs.map((p) => p.text).join("\n").slice(0, 5000);

    async function run(choice) {
      const mine = ++latest;
      cancelled = false;
      if (running) N.cancel(running);
      running = null;
      await Promise.all(chosen.map((r) => S.tell(tabId, r.frameId, { type: P.MSG.PAGE_START, count: r.paragraphs.length })));
      const seen = new Set();
      let marked = 0;
      const stale = () => cancelled || mine !== latest;
      S.update(overlay, { phase: "busy", progress: { done: 0, total: paragraphs.length }, marked: 0, error: null });
      try {
        const c = await caps();
        if (!detected) detected = await detect([sample]);
        const pair = await pairFor(detected, choice); // the page's language, into the language the user reads
        if (stale()) throw new N.Cancelled();
        S.update(overlay, { pair, pairs: c.pairs.filter((p) => p.vocab) });
        checkPair(pair, " If it is in another language, pick it above.");
        // As much of the page per request as the host takes: it analyses it in one pass and sends it
        // in requests as large as the translator takes, streaming each back (cancel stops the next one).
        const limits = { max_texts: c.limits.max_texts, max_chars: c.limits.max_chars };
        for (const [start, end] of batches(paragraphs, limits)) {
          if (stale()) throw new N.Cancelled();
          const forward = (part) => {
            if (stale()) return;
            const byFrame = new Map();
            for (const item of part.items) {
              const p = paragraphs[start + item.text];
              seen.add(start + item.text);
              if ((item.marks || []).length || (item.warnings || []).length) marked += 1;
              if (!byFrame.has(p.frameId)) byFrame.set(p.frameId, []);
              byFrame.get(p.frameId).push({ index: p.local, translation: item.translation, marks: item.marks || [], warnings: item.warnings || [] });
            }
            for (const [f, items] of byFrame) S.tell(tabId, f, { type: P.MSG.PAGE_PART, items });
            S.update(overlay, { progress: { done: seen.size, total: paragraphs.length }, marked });
          };
          const texts = paragraphs.slice(start, end).map((p) => p.text);
          const request = N.start(P.ACTIONS.TRANSLATE, { texts, source: pair.source, target: pair.target }, { onPart: forward });
          running = request.id;
          forward(await request.done);
          running = null;
        }
        if (stale()) throw new N.Cancelled();
        await toFrames({ type: P.MSG.PAGE_END, cancelled: false });
        S.update(overlay, { phase: "done", progress: { done: paragraphs.length, total: paragraphs.length } });
        return { ok: true, overlayId: overlay.id };
      } catch (e) {
        if (mine === latest) running = null;
        if (e instanceof N.Cancelled || mine !== latest) return { ok: false, code: "cancelled" };
        const error = N.asError(e);
        if (error.code === "E010") caps({ fresh: true }).catch(() => {}); // the pairs offered next are the installed ones
        await toFrames({ type: P.MSG.PAGE_END, cancelled: true });
        S.update(overlay, { phase: "error", error });
        return { ok: false, code: error.code };
      }
    }

    return run({});
  }

  async function activeTab() {
    const [tab] = await api.tabs.query({ active: true, currentWindow: true });
    return tab;
  }

  function onMenuClicked(info, tab) {
    if (info.menuItemId !== MENU_ID || !tab) return Promise.resolve(null);
    return translateSelection(tab.id, info.frameId ?? 0);
  }

  async function onCommand(command, tab) {
    if (command !== COMMAND) return null;
    const target = tab || (await activeTab());
    return target ? translateSelection(target.id, undefined) : null;
  }

  function onActionClicked(tab) {
    return translatePage(tab.id);
  }

  /* Options page requests, accepted only from the extension's own pages (never from content
   * scripts, which run inside web pages). */
  const OPTIONS_ACTIONS = {
    [P.MSG.OPTIONS_LOAD]: () => N.request(P.ACTIONS.CAPABILITIES, {}),
    [P.MSG.OPTIONS_SAVE]: (msg) => N.request(P.ACTIONS.SETTINGS, { set: msg.set }).then((data) => {
      capabilities = null; // the next translation sees the new settings' pairs and limits
      return data;
    }),
    [P.MSG.OPTIONS_SET_KEY]: (msg) => N.request(P.ACTIONS.SET_KEY, { backend: msg.backend, secret: msg.secret }),
  };

  /* What content scripts may say: an overlay should close (Esc, a click outside), or what a
   * frame found for "Translate this page". */
  function fromContent(msg, sender) {
    const tabId = sender.tab.id;
    if (msg.type === P.MSG.CLOSE_REQUEST) S.close(tabId, { kind: "selection" });
    else if (msg.type === P.MSG.PAGE_FOUND) onFound(msg, sender);
    else if (msg.type === P.MSG.PREPARE && typeof msg.text === "string") prepareAhead(msg).catch(() => {});
  }

  /* The same language the click will find (detect and pairFor, as translateSelection does), so
   * the host's analysis is the one the translation uses. Failures are for the click to report. */
  async function prepareAhead(msg) {
    const detected = await detect([msg.text, msg.context || ""], msg.lang || "");
    const pair = await pairFor(detected, {});
    if (pair.source === pair.target) return;
    await N.start(P.ACTIONS.PREPARE, { texts: [msg.text], source: pair.source }).done;
  }

  function onMessage(msg, sender, sendResponse) {
    if (!msg || sender.id !== api.runtime.id) return false;
    if (msg.type === P.MSG.OPEN_OPTIONS) {
      api.runtime.openOptionsPage();
      return false;
    }
    if (msg.type === P.MSG.WARM) {
      N.warm();
      return false;
    }
    const fromExtensionPage = typeof sender.url === "string" && sender.url.startsWith(api.runtime.getURL("options/"));
    if (!fromExtensionPage && sender.tab) {
      fromContent(msg, sender);
      return false;
    }
    const handler = OPTIONS_ACTIONS[msg.type];
    if (!handler || !fromExtensionPage) return false;
    handler(msg).then(
      (data) => sendResponse({ ok: true, data }),
      (e) => sendResponse({ ok: false, error: N.asError(e) }),
    );
    return true;
  }

  return Object.freeze({
    MENU_ID, COMMAND, setUpMenus, translateSelection, translatePage, onMenuClicked, onCommand, onActionClicked, onMessage,
  });
})();
