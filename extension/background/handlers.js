/* Action -> function table of the background. The context menu, the keyboard shortcut and the
 * toolbar button call these (and so do the e2e tests, which cannot click browser menus).
 * Nothing is read from a page or sent to the host except from one of those explicit actions. */
"use strict";

globalThis.PrismHandlers = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const N = globalThis.PrismNative;
  const MENU_ID = "prism-translate-selection";
  const COMMAND = "translate-selection";
  const PAGE_BATCH_CHARS = 20000; // page text goes to the host in requests of about this size

  async function setUpMenus() {
    await api.contextMenus.removeAll();
    api.contextMenus.create({ id: MENU_ID, title: "Translate privately", contexts: ["selection"] });
  }

  function newId() {
    return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  }

  /* to one frame when its id is known, else to every frame of the tab (the content script
   * that owns `token` answers); a frame that went away is not an error worth reporting */
  async function tell(tabId, frameId, message) {
    try {
      return await api.tabs.sendMessage(tabId, message, frameId === undefined ? {} : { frameId });
    } catch (e) {
      return null;
    }
  }

  function combine(items) {
    const sorted = [...items].sort((a, b) => a.order - b.order);
    const first = sorted[0] || {};
    return {
      translation: sorted.map((i) => i.translation).join(""),
      sent: sorted.map((i) => i.sent).join(""),
      hidden: sorted.reduce((n, i) => n + i.hidden, 0),
      hidden_entities: sorted.reduce((n, i) => n + i.hidden_entities, 0),
      words: sorted.reduce((n, i) => n + (i.words || 0), 0),
      unrestored: sorted.flatMap((i) => i.unrestored || []),
      epsilon: first.epsilon ?? null,
      scope: first.scope ?? null,
      method: first.method,
      ratio: first.ratio,
      translator: first.translator,
      target: first.target,
    };
  }

  /* Where no content script runs (browser pages, stores, tabs opened before the install) there
   * is no page to show anything in: say so on the toolbar button instead. */
  async function unreachable(tabId) {
    if (await tell(tabId, 0, { type: P.MSG.HELLO })) {
      await api.action.setBadgeText({ tabId, text: "" });
      await api.action.setTitle({ tabId, title: api.runtime.getManifest().action.default_title });
      return false;
    }
    const entry = P.ERRORS.E069;
    await api.action.setBadgeText({ tabId, text: "!" });
    await api.action.setTitle({ tabId, title: `PRISM: ${entry.title} [E069]. ${entry.fix}` });
    return true;
  }

  /* The text's language, by the browser's own detector (it runs on the device: nothing is sent);
     English unless it reliably reads as one of the host's other source languages. */
  const SOURCES = ["es", "ca", "fr"];
  async function sourceOf(text) {
    const found = await Promise.resolve(api.i18n.detectLanguage(text)).catch(() => null);
    const top = found && found.isReliable && found.languages[0];
    return top && SOURCES.includes(top.language) ? top.language : "en";
  }

  /* "Translate privately": capture the selection, show the overlay, translate, fill it in. */
  async function translateSelection(tabId, frameId) {
    const capture = await tell(tabId, frameId, { type: P.MSG.CAPTURE });
    if (await unreachable(tabId)) return { ok: false, code: "E069" };
    const overlayId = newId();
    if (!capture || capture.error) {
      const code = capture && capture.error ? capture.error : "E020";
      const at = capture ? frameId : 0;
      await tell(tabId, at, { type: P.MSG.OVERLAY_OPEN, overlayId, token: capture && capture.token, top: !capture });
      await tell(tabId, at, { type: P.MSG.OVERLAY_ERROR, overlayId, error: N.asError(new N.HostError(code, `[${code}] ${P.ERRORS[code].title}`)) });
      return { ok: false, code };
    }
    // A small iframe (a preview pane, an ad-sized frame) gets no room: show it in the top frame.
    const where = capture.small ? { frameId: 0, top: true } : { frameId, top: false };
    await tell(tabId, where.frameId, {
      type: P.MSG.OVERLAY_OPEN, overlayId, token: capture.token, top: where.top, anchor: where.top ? null : capture.rect,
    });
    const items = [];
    const collect = (part) => part.items.forEach((item) => items.push({ ...item, order: items.length }));
    try {
      const source = await sourceOf(capture.text);
      const last = await N.request(P.ACTIONS.TRANSLATE, { texts: [capture.text], source }, { onPart: collect });
      collect(last);
      const result = { ...combine(items), original: capture.text };
      await tell(tabId, where.frameId, { type: P.MSG.OVERLAY_RESULT, overlayId, result });
      return { ok: true, overlayId };
    } catch (e) {
      const error = N.asError(e);
      await tell(tabId, where.frameId, { type: P.MSG.OVERLAY_ERROR, overlayId, error });
      return { ok: false, code: error.code };
    }
  }

  /* "Translate this page privately": main-text paragraphs, in batches, progress as it goes. */
  async function translatePage(tabId) {
    const page = await tell(tabId, 0, { type: P.MSG.PAGE_COLLECT });
    if (await unreachable(tabId)) return { ok: false, code: "E069" };
    const overlayId = newId();
    const paragraphs = (page && page.paragraphs) || [];
    await tell(tabId, 0, { type: P.MSG.PAGE_OPEN, overlayId, paragraphs });
    if (!paragraphs.length) {
      await tell(tabId, 0, { type: P.MSG.PAGE_ERROR, overlayId, error: N.asError(new N.HostError("E020", "[E020] No paragraphs of text found on this page")) });
      return { ok: false, code: "E020" };
    }
    let start = 0;
    try {
      const source = await sourceOf(paragraphs.join("\n"));
      while (start < paragraphs.length) {
        let end = start;
        let size = 0;
        while (end < paragraphs.length && (end === start || size + paragraphs[end].length <= PAGE_BATCH_CHARS)) {
          size += paragraphs[end].length;
          end += 1;
        }
        const offset = start;
        const forward = (part) => tell(tabId, 0, {
          type: P.MSG.PAGE_PART, overlayId,
          items: part.items.map((i) => ({ index: offset + i.text, translation: i.translation })),
        });
        const last = await N.request(P.ACTIONS.TRANSLATE, { texts: paragraphs.slice(start, end), source }, { onPart: forward });
        await forward(last);
        start = end;
      }
      await tell(tabId, 0, { type: P.MSG.PAGE_DONE, overlayId });
      return { ok: true, overlayId };
    } catch (e) {
      const error = N.asError(e);
      await tell(tabId, 0, { type: P.MSG.PAGE_ERROR, overlayId, error });
      return { ok: false, code: error.code };
    }
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
    [P.MSG.OPTIONS_SAVE]: (msg) => N.request(P.ACTIONS.SETTINGS, { set: msg.set }),
    [P.MSG.OPTIONS_SET_KEY]: (msg) => N.request(P.ACTIONS.SET_KEY, { backend: msg.backend, secret: msg.secret }),
  };

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
    const handler = OPTIONS_ACTIONS[msg.type];
    const fromExtensionPage = typeof sender.url === "string" && sender.url.startsWith(api.runtime.getURL("options/"));
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
