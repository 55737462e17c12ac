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
  const PAGE_COMMAND = "translate-page";
  // A translation longer than a box beside the selection shows gets a tall panel (so does a
  // selection covering much of the window: content/capture.js)
  const PANEL_CHARS = 1500;
  const lastSelected = new Map(); // tabId -> {frameId, at}: the frame where the user selected last

  async function setUpMenus() {
    await api.contextMenus.removeAll();
    api.contextMenus.create({ id: MENU_ID, title: "Translate privately", contexts: ["selection", "editable"] });
  }

  /* Just installed: the setup page checks the helper and shows how to set it up (welcome/). */
  async function onInstalled(details) {
    await setUpMenus();
    if (details && details.reason === "install") await openSetup({ firstRun: true });
  }

  /* in a tab, or in a window of its own where the browser has none open */
  function openSetup({ firstRun = false } = {}) {
    const url = api.runtime.getURL(`welcome/welcome.html${firstRun ? "?installed" : ""}`);
    return api.tabs.create({ url }).catch(() => api.windows.create({ url }));
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
      // absent when the organisation's policy does not show what was sent (show_sent: false)
      sent: items.every((i) => typeof i.sent === "string") ? items.map((i) => i.sent).join("") : null,
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
    let c = await N.caps();
    if (found.length && !sourcesOf(c).includes(found[0])) c = await N.caps({ fresh: true });
    return found.find((code) => sourcesOf(c).includes(code)) || "en";
  }

  /* The pair a translation uses: the source the user picked in the overlay or the detected one,
     and the target the user picked or "the language I read" (the host's setting, as this
     connection's capabilities have it). */
  function pairFor(detected, choice, c) {
    const source = choice.source && choice.source !== "auto" ? choice.source : detected;
    return { source, target: choice.target || c.settings.target, auto: !choice.source || choice.source === "auto", detected };
  }

  /* A translate request's languages: a target only when the user picked one, else the host
     translates into its own (its settings may have changed since: `prism config set`). */
  function languagesArgs(pair, choice) {
    return { source: pair.source, ...(choice.target ? { target: pair.target } : {}) };
  }

  /* The host translated into its own target where the request named none: if its settings
     changed since this connection's capabilities (`prism config set`), the pair shown follows
     the reply and the capabilities are asked anew. */
  function followTarget(pair, item, overlay) {
    if (!item || !item.target || item.target === pair.target) return pair;
    N.caps({ fresh: true }).catch(() => {});
    const followed = { ...pair, target: item.target };
    S.update(overlay, { pair: followed });
    return followed;
  }

  /* Text already in the language the user reads: nothing to translate, and nothing is sent. Its
     own code: it is not a missing dictionary (E010), and saying so sent users looking for one. */
  function checkPair(pair, hint = "") {
    if (pair.source === pair.target) {
      const name = P.LANGUAGES[pair.source] || pair.source;
      throw new N.HostError("E093", `[E093] This text reads as ${name}, the language you read.${hint}`);
    }
  }

  /* -- "Translate privately" on a selection -------------------------------------------------- */

  /* A frame got the user's selection (content.js): the latest, by the time it was made, is kept.
   * Frames of one tab run in several processes, so their messages may arrive out of order. */
  function onSelected(msg, sender) {
    const at = Number(msg.at) || 0;
    const known = lastSelected.get(sender.tab.id);
    if (!known || at >= known.at) lastSelected.set(sender.tab.id, { frameId: sender.frameId, at });
  }

  function forgetTab(tabId) {
    lastSelected.delete(tabId);
  }

  /* The selection to translate: in the frame right-clicked; else in the frame with the keyboard
   * focus (a user selects in the frame they are in, so its selection is the newest one: a
   * selection kept in another frame is older); else in the frame where the user selected last
   * (the focus moved on, to a search box, a button); else (the background started since) any
   * frame holding one. The frame that answers a broadcast is `undefined`: later messages go to
   * every frame and only the one holding the capture's token acts. */
  async function captureIn(tabId, frameId) {
    const latest = lastSelected.get(tabId);
    const asks = [
      frameId !== undefined && { frameId },
      { frameId: undefined, focused: true },
      latest && latest.frameId !== frameId && { frameId: latest.frameId },
      { frameId: undefined, focused: false },
    ].filter(Boolean);
    for (const ask of asks) {
      const got = await S.tell(tabId, ask.frameId, { type: P.MSG.CAPTURE, focused: ask.focused });
      if (got) return { capture: got, frameId: ask.frameId };
    }
    return { capture: null, frameId: frameId ?? 0 };
  }

  async function translateSelection(tabId, askedFrame) {
    const { capture, frameId } = await captureIn(tabId, askedFrame);
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
    let detected = null;

    async function insert(msg, overlay) {
      if ((msg.how !== "replace" && msg.how !== "below") || !overlay.state.result) return;
      const done = await S.tell(tabId, frameId, {
        type: P.MSG.INSERT, token: capture.token, how: msg.how, text: overlay.state.result.translation,
      });
      if (done && done.ok) await S.close(tabId);
      else S.update(overlay, { notice: "The text field is gone or changed; use Copy instead." });
    }

    async function work(choice, run) {
      checkSize([capture.text], await N.caps());
      if (!detected) detected = await detect([capture.text, capture.context], capture.lang);
      const c = await N.caps(); // again: detect may have asked anew
      const pair = pairFor(detected, choice, c);
      if (run.stale()) throw new N.Cancelled();
      const items = [];
      const collect = (part) => run.opening.then((overlay) => {
        if (run.stale()) return;
        items.push(...part.items);
        S.update(overlay, { progress: { done: part.done, total: part.total }, partial: combine(items).translation });
      });
      const translating = pair.source !== pair.target
        && run.translate({ texts: [capture.text], ...languagesArgs(pair, choice) }, collect);
      S.update(await run.opening, { pair, pairs: c.pairs.filter((p) => p.vocab) });
      checkPair(pair, " If it is in another language, pick it above.");
      await translating;
      followTarget(pair, items[0], await run.opening);
      const result = { ...combine(items), original: capture.text };
      return { state: { result: { ...result, methodName: c.methods[result.method] || result.method } }, reply: {} };
    }

    return globalThis.PrismJob.start(tabId, where.frameId, {
      kind: "selection", panel: capture.text.length >= PANEL_CHARS || capture.tall, token: capture.token, top: where.top, anchor: where.top ? null : capture.rect,
      // coverable: a page other than the editor's own could draw over or restyle the overlay
      state: { phase: "busy", editable: capture.editable, coverable: where.top || !capture.ownPage, progress: null },
    }, { work, busy: { progress: null, partial: "", notice: null }, actions: { insert } });
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
    if (command !== COMMAND && command !== PAGE_COMMAND) return null;
    const target = tab || (await activeTab());
    if (!target) return null;
    return command === PAGE_COMMAND ? translatePage(target.id) : translateSelection(target.id, undefined);
  }

  function translatePage(tabId) {
    return globalThis.PrismPage.translatePage(tabId);
  }

  function onActionClicked(tab) {
    return translatePage(tab.id);
  }

  /* Options and setup page requests, accepted only from the extension's own pages (never from
   * content scripts, which run inside web pages). */
  const OPTIONS_ACTIONS = {
    [P.MSG.OPTIONS_LOAD]: () => N.caps({ fresh: true }),
    [P.MSG.OPTIONS_SAVE]: (msg) => N.request(P.ACTIONS.SETTINGS, { set: msg.set }).then((data) => {
      N.caps({ fresh: true }).catch(() => {}); // the next translation sees the new settings
      return data;
    }),
    [P.MSG.OPTIONS_SET_KEY]: (msg) => N.request(P.ACTIONS.SET_KEY, { backend: msg.backend, secret: msg.secret }),
  };

  /* What content scripts may say: an overlay should close (Esc, a click outside), the page
   * tampered with one, or what a frame found for "Translate this page". */
  function fromContent(msg, sender) {
    const tabId = sender.tab.id;
    if (msg.type === P.MSG.CLOSE_REQUEST) S.close(tabId, { kind: "selection" });
    else if (msg.type === P.MSG.PAGE_FOUND) globalThis.PrismPage.onFound(msg, sender);
    else if (msg.type === P.MSG.OVERLAY_TAMPERED) S.tampered(tabId, msg.overlayId);
    else if (msg.type === P.MSG.PREPARE && typeof msg.text === "string") prepareAhead(msg).catch(() => {});
  }

  /* The same language the click will find (detect and pairFor, as translateSelection does), so
   * the host's analysis is the one the translation uses. Failures are for the click to report. */
  async function prepareAhead(msg) {
    const detected = await detect([msg.text, msg.context || ""], msg.lang || "");
    const pair = pairFor(detected, {}, await N.caps());
    if (pair.source === pair.target) return;
    await N.start(P.ACTIONS.PREPARE, { texts: [msg.text], source: pair.source }).done;
  }

  function onMessage(msg, sender, sendResponse) {
    if (!msg || sender.id !== api.runtime.id) return false;
    if (msg.type === P.MSG.OPEN_OPTIONS) {
      api.runtime.openOptionsPage();
      return false;
    }
    if (msg.type === P.MSG.SELECTED && sender.tab) {
      onSelected(msg, sender);
      N.warm(); // a selection is often followed by "Translate privately": have the host started by then
      return false;
    }
    const fromExtensionPage = typeof sender.url === "string"
      && ["options/", "welcome/"].some((page) => sender.url.startsWith(api.runtime.getURL(page)));
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
    MENU_ID, COMMAND, PAGE_COMMAND, setUpMenus, onInstalled, openSetup, forgetTab, languagesOf, sourcesOf, pairFor, languagesArgs, followTarget, checkPair, unreachable, translateSelection, translatePage, onMenuClicked, onCommand, onActionClicked, onMessage,
  });
})();
