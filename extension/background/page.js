/* "Translate this page privately" (the toolbar button and its shortcut): finds the message in
 * every frame of the tab (content/message.js), reads each paragraph's language on the device,
 * translates the paragraphs in other languages into the language the user reads and leaves the
 * ones already in it alone. The count the panel shows is the paragraphs it really translated. */
"use strict";

globalThis.PrismPage = (() => {
  const P = globalThis.PrismProtocol;
  const N = globalThis.PrismNative;
  const S = globalThis.PrismSurfaces;
  const H = () => globalThis.PrismHandlers; // loaded after this file; used only at call time
  const COLLECT_WAIT_MS = 1500; // frames that have not reported by then hold no content script
  const MIN_PROSE = 60; // characters of running text below which a frame holds no main text
  // The host's refusals of the texts themselves, made before anything is sent (the request does
  // not read as its language, is in one PRISM cannot read, too long, too little hidden): they
  // concern those paragraphs, not the translator, so the others are still translated.
  const REFUSES_TEXT = new Set(["E020", "E021", "E025", "E027", "E029", "E091"]);
  const collections = new Map(); // page collection id -> {reports, finish}

  /* Every frame reports what it holds (content/message.js survey) and the ids of its child
   * frames, so the background knows which reports to wait for. */
  function collect(tabId) {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
    return new Promise((resolve) => {
      const entry = { reports: [] };
      collections.set(id, entry);
      entry.finish = () => {
        collections.delete(id);
        resolve(entry.reports);
      };
      setTimeout(entry.finish, COLLECT_WAIT_MS);
      S.tell(tabId, undefined, { type: P.MSG.PAGE_COLLECT, collection: id });
    });
  }

  function onFound(msg, sender) {
    const entry = collections.get(msg.collection);
    if (!entry || !sender.tab) return;
    const num = (v) => Number(v) || 0;
    const children = (Array.isArray(msg.children) ? msg.children : []).map((c) => ({
      frameId: Number.isInteger(c.frameId) && c.frameId >= 0 ? c.frameId : null, url: String(c.url), width: num(c.width),
      height: num(c.height), place: c.place,
    }));
    entry.reports.push({
      frameId: sender.frameId, known: Boolean(msg.known), prose: num(msg.prose), children, url: String(msg.url),
      origin: String(msg.origin), parentOrigin: msg.parentOrigin ? String(msg.parentOrigin) : null, width: num(msg.width), height: num(msg.height),
    });
    // done when the top frame and every frame a report names have answered
    const reports = link(entry.reports);
    if (reports.some((r) => r.frameId === 0) && reports.every((r) => r.children.every((c) => c.id !== null))) entry.finish();
  }

  /* The reports with each child frame's id (c.id; null while its frame has not answered): given
   * by the parent where the browser names frames (Firefox), else the report from the frame at
   * that address, of that size, whose parent has that origin. */
  function link(reports) {
    const reported = new Set(reports.map((r) => r.frameId));
    const claimed = new Set(reports.flatMap((r) => r.children.map((c) => c.frameId).filter((id) => id !== null)));
    return reports.map((r) => ({
      ...r,
      children: r.children.map((c) => {
        if (c.frameId !== null) return { ...c, id: reported.has(c.frameId) ? c.frameId : null };
        const match = reports.find((o) => o.frameId !== 0 && o !== r && !claimed.has(o.frameId) && o.url === c.url
          && Math.abs(o.width - c.width) <= 2 && Math.abs(o.height - c.height) <= 2 && (!o.parentOrigin || o.parentOrigin === r.origin));
        if (match) claimed.add(match.frameId);
        return { ...c, id: match ? match.frameId : null };
      }),
    }));
  }

  /* Which frames hold the message and how each is read: {plan: Map frameId -> mode, missed}.
   * Frames with message bodies marked as such ("message"), and the frames their messages show
   * inside them, read whole (HTML mail). Without any, the main text: from the top frame down
   * through the frames a page with no text of its own shows outside its app parts. missed:
   * frames inside the message that no content script answered for (the panel says so). */
  function choose(answered) {
    const reports = link(answered);
    const byId = new Map(reports.map((r) => [r.frameId, r]));
    const plan = new Map();
    let missed = 0;
    const inside = (r) => {
      for (const c of r.children) {
        if (c.place !== "message" && !(plan.get(r.frameId) === "whole" && c.place === "open")) continue;
        const child = byId.get(c.id);
        if (!child) missed += 1;
        else if (!plan.has(c.id)) {
          plan.set(c.id, child.known ? "message" : "whole");
          inside(child);
        }
      }
    };
    const known = reports.filter((r) => r.known);
    for (const r of known) plan.set(r.frameId, "message");
    known.forEach(inside);
    const visit = (r) => {
      if (r.prose >= MIN_PROSE) {
        plan.set(r.frameId, "main");
        inside(r);
        return;
      }
      for (const c of r.children) if (c.place === "open" && byId.has(c.id)) visit(byId.get(c.id));
    };
    if (!known.length && byId.has(0)) visit(byId.get(0));
    return { plan, missed };
  }

  /* The paragraphs of the chosen frames, in frame order: {frameId, local, text, group, lang} */
  async function gather(tabId, plan) {
    const blocks = [];
    let missed = 0;
    let lang = "";
    for (const [frameId, mode] of [...plan].sort((a, b) => a[0] - b[0])) {
      const got = await S.tell(tabId, frameId, { type: P.MSG.PAGE_TAKE, mode });
      if (!got || !Array.isArray(got.paragraphs)) {
        missed += 1;
        continue;
      }
      if (frameId === 0) lang = got.lang || "";
      got.paragraphs.forEach((p, local) => {
        if (typeof p.text === "string") blocks.push({ frameId, local, text: p.text, group: `${frameId}:${p.group}`, lang: p.lang || "" });
      });
    }
    return { blocks, missed, lang };
  }

  async function reliable(text) {
    return (await H().languagesOf([text]))[0] || null;
  }

  /* Each paragraph's language, read on the device: its own text when that says enough, else
   * its message's (a greeting, a signature), else the whole page's; the first of them the host
   * translates from, or the language the user reads. */
  async function languagesOf(blocks, pageLang, sources, target) {
    const groups = new Map();
    for (const b of blocks) groups.set(b.group, `${groups.get(b.group) || ""}\n${b.text}`);
    const groupLang = new Map();
    for (const [g, text] of groups) groupLang.set(g, await reliable(text.slice(0, 5000)));
    const sample = blocks.map((b) => b.text).join("\n").slice(0, 5000);
    const page = await H().languagesOf([sample], pageLang);
    const usable = (code) => code && (sources.includes(code) || code === target);
    const out = [];
    for (const b of blocks) {
      const own = await reliable(b.text);
      const attr = b.lang ? b.lang.toLowerCase().split("-")[0] : null;
      out.push([own, groupLang.get(b.group), attr, ...page].find(usable) || "en");
    }
    return out;
  }

  /* The host analyses the paragraphs (nothing is sent) while their languages are read here, in
   * the page's main language, as much of them as one request takes: the translation that follows
   * finds their lines analysed. Returns the request ({id, done}). */
  function analyseAhead(blocks, pageLang) {
    const request = { id: null, done: null };
    request.done = (async () => {
      const c = await N.caps();
      const texts = [];
      let size = 0;
      for (const b of blocks) {
        if (texts.length >= c.limits.max_texts || size + b.text.length > c.limits.max_chars) break;
        texts.push(b.text);
        size += b.text.length;
      }
      const sources = H().sourcesOf(c);
      const sample = texts.join("\n").slice(0, 5000);
      const detected = (await H().languagesOf([sample], pageLang)).find((code) => sources.includes(code));
      const pair = H().pairFor(detected, {}, c);
      if (!detected || pair.source === pair.target || request.id === "cancelled") return;
      const started = N.start(P.ACTIONS.PREPARE, { texts, source: pair.source });
      request.id = started.id;
      await started.done;
    })().catch(() => {}); // failures are for the translation to report
    return request;
  }

  /* Requests of at most the host's limits, each of one language (the host hides short lines as
   * it hides a short selection): [{source, indices}] */
  function requests(blocks, langs, indices, limits) {
    const out = [];
    const open = new Map();
    for (const i of indices) {
      let r = open.get(langs[i]);
      const size = blocks[i].text.length;
      if (!r || r.indices.length >= limits.max_texts || r.size + size > limits.max_chars) {
        r = { source: langs[i], indices: [], size: 0 };
        open.set(langs[i], r);
        out.push(r);
      }
      r.indices.push(i);
      r.size += size;
    }
    return out;
  }

  async function translatePage(tabId) {
    let reports = await collect(tabId);
    if (await H().unreachable(tabId)) return { ok: false, code: "E069" };
    // No frame answered, yet the page answers now: its scripts were still loading when asked.
    if (!reports.length) reports = await collect(tabId);
    const chosen = choose(reports);
    let frames = [...chosen.plan.keys()];
    const toFrames = (message) => Promise.all(frames.map((f) => S.tell(tabId, f, message)));
    let taken = null;
    let langs = null;
    let ahead = null;
    const giveWay = () => { // the translation starts: the analysis ahead stops after its paragraph
      if (ahead && ahead.id) N.cancel(ahead.id);
      else if (ahead) ahead.id = "cancelled"; // not asked yet: it will not be
      ahead = null;
    };

    /* The paragraphs, taken once the panel is open: opening it closed (and cleared) any earlier
     * page view of this tab. */
    async function take(run) {
      await run.opening;
      taken = await gather(tabId, chosen.plan);
      if (run.stale()) throw new N.Cancelled();
      frames = [...new Set(taken.blocks.map((b) => b.frameId))];
      if (taken.blocks.length) ahead = analyseAhead(taken.blocks, taken.lang);
      S.update(await run.opening, { missed: chosen.missed + taken.missed });
    }

    async function work(choice, run) {
      const overlay = await run.opening;
      if (!taken) await take(run);
      const { blocks } = taken;
      if (!blocks.length) throw new N.HostError("E020", "[E020] No message or paragraphs of text found on this page");
      let marked = 0;
      const seen = new Set();
      const refused = new Map(); // paragraph index -> why the host left it alone
      const c = await N.caps({ fresh: !langs });
      const settled = H().pairFor(null, choice, c);
      if (!langs) langs = await languagesOf(blocks, taken.lang, H().sourcesOf(c), settled.target);
      const auto = !choice.source || choice.source === "auto";
      const used = auto ? langs : blocks.map(() => choice.source);
      const foreign = blocks.map((b, i) => i).filter((i) => used[i] !== settled.target);
      const counts = new Map();
      for (const i of foreign) counts.set(used[i], (counts.get(used[i]) || 0) + 1);
      const detectedCounts = new Map();
      for (const l of langs) if (l !== settled.target) detectedCounts.set(l, (detectedCounts.get(l) || 0) + 1);
      const top = (m, fallback) => [...m].sort((a, b) => b[1] - a[1]).map(([l]) => l)[0] || fallback;
      const detected = top(detectedCounts, langs[0]);
      let pair = { source: auto ? top(counts, detected) : choice.source, target: settled.target, auto, detected };
      const kept = blocks.length - foreign.length;
      if (run.stale()) throw new N.Cancelled();
      S.update(overlay, {
        pair, pairs: c.pairs.filter((p) => p.vocab), progress: { done: 0, total: foreign.length },
        kept: kept ? { n: kept, lang: settled.target } : null,
      });
      H().checkPair(foreign.length ? pair : { ...pair, source: settled.target }, " If it is in another language, pick it above.");
      for (const f of frames) {
        if (run.stale()) throw new N.Cancelled();
        const indices = foreign.filter((i) => blocks[i].frameId === f).map((i) => blocks[i].local);
        await S.tell(tabId, f, { type: P.MSG.PAGE_START, indices });
      }
      const progress = () => ({
        progress: { done: seen.size, total: foreign.length }, marked,
        refused: refused.size ? { n: refused.size, reasons: [...new Set(refused.values())] } : null,
      });
      const toFrame = (entries) => {
        const byFrame = new Map();
        for (const [index, item] of entries) {
          const b = blocks[index];
          if (!byFrame.has(b.frameId)) byFrame.set(b.frameId, []);
          byFrame.get(b.frameId).push({ index: b.local, ...item });
        }
        for (const [f, items] of byFrame) S.tell(tabId, f, { type: P.MSG.PAGE_PART, items });
        S.update(overlay, progress());
      };
      const send = (indices, source) => run.translate(
        { texts: indices.map((i) => blocks[i].text), ...H().languagesArgs({ source, target: pair.target }, choice), page: true },
        (part) => {
          pair = H().followTarget(pair, part.items[0], overlay);
          toFrame(part.items.map((item) => {
            const index = indices[item.text];
            seen.add(index);
            if ((item.marks || []).length || (item.warnings || []).length) marked += 1;
            return [index, { translation: item.translation, marks: item.marks || [], warnings: item.warnings || [] }];
          }));
        });
      const leaveAlone = (index, e) => {
        const known = P.ERRORS[e.code];
        const reason = `${known ? known.title : "Refused"} [${e.code}]`;
        refused.set(index, reason);
        seen.add(index);
        toFrame([[index, { refused: reason }]]);
      };
      // Only where the languages were detected: a source the user chose that the text does not
      // read as is their mistake to see, not paragraphs to leave quietly.
      const refusal = (e) => auto && e instanceof N.HostError && REFUSES_TEXT.has(e.code) && !run.stale();
      // As much of the page per request as the host takes: it analyses it in one pass and sends it
      // in requests as large as the translator takes, streaming each back (cancel stops the next one).
      // A request the host refuses for its texts is asked again paragraph by paragraph (the
      // refusal came before anything was sent): only the paragraphs refused alone are left as
      // they are, each saying why.
      giveWay();
      for (const r of requests(blocks, used, foreign, c.limits)) {
        try {
          await send(r.indices, r.source);
          continue;
        } catch (e) {
          if (!refusal(e)) throw e;
          if (r.indices.length === 1) {
            leaveAlone(r.indices[0], e);
            continue;
          }
        }
        for (const i of r.indices) {
          try {
            await send([i], r.source);
          } catch (e) {
            if (!refusal(e)) throw e;
            leaveAlone(i, e);
          }
        }
      }
      if (run.stale()) throw new N.Cancelled();
      await toFrames({ type: P.MSG.PAGE_END, cancelled: false });
      return { state: progress(), reply: { translated: foreign.length - refused.size, kept, refused: refused.size } };
    }

    return globalThis.PrismJob.start(tabId, 0, {
      kind: "page", top: true,
      state: { phase: "busy", progress: { done: 0, total: 0 }, view: "bilingual", marked: 0, kept: null, missed: 0 },
    }, {
      work,
      busy: { marked: 0, refused: null },
      actions: {
        view: (msg, overlay) => {
          if (!["bilingual", "translation", "original"].includes(msg.view)) return;
          S.update(overlay, { view: msg.view });
          toFrames({ type: P.MSG.PAGE_VIEW, view: msg.view });
        },
      },
      onStop: async (how) => {
        giveWay();
        await toFrames({ type: P.MSG.PAGE_END, cancelled: true });
        if (how === "closed") await toFrames({ type: P.MSG.PAGE_CLEAR });
      },
    });
  }

  return Object.freeze({ translatePage, onFound });
})();
