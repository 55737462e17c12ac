/* The user's own mark: a word and a colour that the overlay shows in its header. The overlay is
 * an extension page no web page can read, and the mark lives in extension storage, which no web
 * page can read either, so a look-alike box drawn by a page cannot show it. Made up at install
 * (a random made-up word, in no language, and a colour) and changed in the options. Loaded by the
 * background, the options page and the overlay's page; never by content scripts. */
"use strict";

globalThis.PrismMark = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const KEY = "mark";
  const COLOURS = ["#2563eb", "#059669", "#d97706", "#db2777", "#7c3aed", "#dc2626", "#0891b2", "#65a30d"];
  const SYLLABLES = "ba be bi bo du ka ke ki ko lu ma me mi mo nu pa pe po ra re ri ro su ta te ti to va vi zo".split(" ");
  const MAX_WORD = 24;

  function pick(list) {
    const n = new Uint32Array(1);
    crypto.getRandomValues(n);
    return list[n[0] % list.length];
  }

  function valid(mark) {
    return Boolean(mark) && typeof mark.word === "string" && mark.word.trim().length > 0 && mark.word.length <= MAX_WORD
      && typeof mark.colour === "string" && /^#[0-9a-f]{6}$/i.test(mark.colour);
  }

  /* the stored mark, made up and stored first if there is none */
  async function get() {
    const stored = (await api.storage.local.get(KEY))[KEY];
    if (valid(stored)) return stored;
    const mark = { word: [pick(SYLLABLES), pick(SYLLABLES), pick(SYLLABLES)].join(""), colour: pick(COLOURS) };
    await api.storage.local.set({ [KEY]: mark });
    return mark;
  }

  async function set(mark) {
    const clean = { word: String(mark.word || "").trim(), colour: String(mark.colour || "") };
    if (!valid(clean)) throw new Error(`A word of 1 to ${MAX_WORD} characters and a colour`);
    await api.storage.local.set({ [KEY]: clean });
    return clean;
  }

  /* changed(fn): fn(mark) whenever the options change it */
  function changed(fn) {
    api.storage.onChanged.addListener((changes, area) => {
      if (area === "local" && changes[KEY] && valid(changes[KEY].newValue)) fn(changes[KEY].newValue);
    });
  }

  return Object.freeze({ get, set, changed, MAX_WORD });
})();
