/* Options page: every value comes from and goes to the host (capabilities / settings / set_key).
 * Nothing is kept in extension storage, API keys least of all. */
import "../shared/protocol.js";

(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const $ = (id) => document.getElementById(id);
  const language = (code) => P.LANGUAGES[code] || code;
  let caps = null;

  async function ask(type, extra = {}) {
    const reply = await api.runtime.sendMessage({ type, ...extra });
    if (!reply) throw { code: "E066", message: "[E066] No answer from the extension's background" };
    if (!reply.ok) throw reply.error;
    return reply.data;
  }

  function showStatus(error, text) {
    const box = $("status");
    box.replaceChildren();
    box.classList.toggle("error", Boolean(error));
    if (!error) {
      box.textContent = text;
      return;
    }
    const known = P.ERRORS[error.code];
    box.append(document.createTextNode(`${known ? known.title : "Error"} [${error.code}]. ${error.message || ""} ${known ? known.fix : ""}`));
    if (known && known.command) {
      const code = document.createElement("code");
      code.textContent = known.command;
      box.append(code);
    } else if (known && known.setup) {
      const link = document.createElement("a");
      link.href = "../welcome/welcome.html";
      link.textContent = "Open the setup page";
      box.append(" ", link);
    }
  }

  function option(value, label, selected) {
    const o = document.createElement("option");
    o.value = value;
    o.textContent = label;
    o.selected = selected;
    return o;
  }

  function installed() {
    return caps.pairs.filter((p) => p.vocab);
  }

  /* the dictionaries that translate into the language the user reads (epsilon depends on |V|) */
  function into() {
    return installed().filter((p) => p.target === $("target").value);
  }

  function method() {
    const checked = document.querySelector("input[name=method]:checked");
    return checked ? checked.value : "star";
  }

  function updateEpsilon() {
    const r = Number($("ratio").value);
    const beta = Number($("beta").value);
    $("ratio-out").textContent = r.toFixed(2);
    $("beta-out").textContent = beta.toFixed(2);
    $("beta-row").hidden = method() !== "mix";
    const pairs = into();
    const from = (p) => (pairs.length > 1 ? ` from ${language(p.source)}` : "");
    $("vocab").textContent = pairs.length
      ? `Dictionary vocabulary |V| = ${pairs.map((p) => `${p.vocab} words${from(p)}`).join(", ")}.` : "";
    // ε is the host's (capabilities, and each save's reply): for the values saved
    const s = caps.settings;
    const saved = s.method === method() && s.ratio === r && (method() !== "mix" || s.beta === beta) && s.target === $("target").value;
    const eps = pairs.map((p) => [p, caps.epsilon[p.pair] ?? null]);
    $("epsilon").textContent = method() === "star"
      ? "PRISM* gives no \u03b5: it hides the most telling words but makes no formal guarantee."
      : !saved ? "\u03b5 follows once this is saved."
        : !eps.length || eps.some(([, e]) => e === null) ? "\u03b5 is not defined for these values."
          : `\u03b5 = ${eps.map(([p, e]) => `${e.toFixed(2)}${from(p)}`).join(", ")} per word (lower is more private).`;
  }

  /* The translator chosen in the list is only browsed: its settings are shown (and saved as they
   * change), but it is used only after "Use this translator". */
  function renderBackend() {
    const name = $("translator").value;
    const row = caps.translators.find((t) => t.name === name);
    const box = $("backend-settings");
    box.replaceChildren();
    if (!row) return;
    const active = name === caps.settings.translator;
    $("translator-info").textContent = `${active ? "In use. " : `Not in use (${caps.settings.translator} is). `}`
      + `${row.configured ? "Ready" : "Not ready"}: ${row.detail}. It sees: ${row.sees}.${row.warning ? ` ${row.warning}` : ""}`;
    $("use-translator").hidden = active;
    for (const [key, help] of Object.entries(row.settings)) {
      const value = caps.settings[key];
      const label = document.createElement("label");
      label.textContent = key;
      const input = document.createElement("input");
      input.type = typeof value === "number" ? "number" : "text";
      if (typeof value === "number") input.step = "any";
      input.value = value ?? "";
      input.dataset.key = key;
      input.dataset.kind = typeof value;
      input.id = `setting-${key}`;
      label.append(document.createElement("br"), input);
      box.append(label);
      if (help) {
        const hint = document.createElement("p");
        hint.className = "hint";
        hint.textContent = help;
        box.append(hint);
      }
    }
    $("key-row").hidden = !row.takes_key;
    lockBackend();
  }

  /* -- the organisation's policy: what it set is shown, locked, with the reason ---------------- */

  function policy() {
    return caps.policy || { active: false, locked: {}, problems: [] };
  }

  function note(anchor, reason) {
    const p = document.createElement("p");
    p.className = "hint locked";
    p.textContent = `\u{1F512} Locked: ${reason}.`;
    anchor.after(p);
  }

  function lock(input, reason) {
    input.disabled = true;
    note(input.closest("label") || input, reason);
  }

  function lockBackend() {
    for (const input of $("backend-settings").querySelectorAll("input[data-key]")) {
      const reason = policy().locked[input.dataset.key];
      if (reason) lock(input, reason);
    }
  }

  function showPolicy() {
    const rules = policy();
    $("policy").hidden = !rules.active;
    if (!rules.active) return;
    $("policy-message").textContent = rules.message || "Some settings are set by your organisation.";
    $("policy-problems").replaceChildren(...rules.problems.map((p) => {
      const li = document.createElement("li");
      li.textContent = `${p}; its safest setting applies.`;
      return li;
    }));
    const locked = rules.locked;
    if (locked.translator) lock($("translator"), locked.translator);
    if (locked.method) {
      for (const radio of document.querySelectorAll("input[name=method]")) radio.disabled = true;
      note(document.querySelector(".methods"), locked.method);
    }
    if (locked.protect_entities) lock($("protect_entities"), locked.protect_entities);
    if (rules.min_ratio !== null) {
      $("ratio").min = rules.min_ratio; // the slider goes no lower; higher stays the user's choice
      note($("ratio"), locked.ratio);
    }
    if (rules.translators) {
      for (const o of $("translator").options) {
        if (!rules.translators.includes(o.value)) {
          o.disabled = true;
          o.textContent += " (not allowed by your organisation)";
        }
      }
    }
    if (rules.targets) for (const o of $("target").options) o.disabled = !rules.targets.includes(o.value);
  }

  function render() {
    const s = caps.settings;
    // "The language I read": every language some installed dictionary translates into
    const pairs = installed();
    const targets = [...new Set(pairs.map((p) => p.target))];
    const sourcesInto = (t) => pairs.filter((p) => p.target === t).map((p) => language(p.source)).join(", ");
    $("target").replaceChildren(...targets.map((t) => option(t, `${language(t)} (from ${sourcesInto(t)})`, t === s.target)));
    $("pairs").replaceChildren(...pairs.map((p) => {
      const li = document.createElement("li");
      li.textContent = `${language(p.source)} \u2192 ${language(p.target)} (${p.pair}, ${p.vocab.toLocaleString("en")} words)`;
      return li;
    }));
    for (const radio of document.querySelectorAll("input[name=method]")) radio.checked = radio.value === s.method;
    $("ratio").value = s.ratio;
    $("beta").value = s.beta;
    $("protect_entities").checked = Boolean(s.protect_entities);
    $("translator").replaceChildren(...caps.translators.map((t) => option(t.name, `${t.name}${t.configured ? "" : " (not set up)"}`, t.name === s.translator)));
    renderBackend();
    showPolicy();
    updateEpsilon();
    $("settings").hidden = false;
    showStatus(null, pairs.length
      ? `Connected to PRISM helper ${caps.host}. Dictionaries: ${pairs.map((p) => p.pair).join(", ")}.`
      : `Connected to PRISM helper ${caps.host}, but no dictionary is installed: build one with \`prism build-dictionary\`.`);
  }

  /* What the helper says about a change beside its result (a damaged settings file kept aside,
   * E059): kept in view until the page is left, as the user may need the kept file's name. */
  function showWarnings(data) {
    const list = (data && Array.isArray(data.warnings)) ? data.warnings : [];
    if (!list.length) return;
    const box = $("warnings");
    box.append(...list.map((w) => {
      const li = document.createElement("li");
      li.textContent = w;
      return li;
    }));
    box.hidden = false;
  }

  async function load() {
    try {
      caps = await ask(P.MSG.OPTIONS_LOAD);
      $("fresh-row").hidden = true;
      render();
    } catch (e) {
      showStatus(e);
      $("fresh-row").hidden = e.code !== "E059"; // a damaged file: any change starts a new one
    }
  }

  /* The settings file is not valid JSON (E059): setting one value (PRISM*, the default method)
   * makes the helper keep the damaged file aside and start a new one; it says where it kept it. */
  async function startFresh() {
    try {
      showWarnings(await ask(P.MSG.OPTIONS_SAVE, { set: { method: "star" } }));
      await load();
    } catch (e) {
      showStatus(e);
    }
  }

  /* Every change is saved as it happens (a short pause lets a slider settle), so nothing typed
   * is lost by leaving the page. Each setting is saved on its own: one the helper refuses, or a
   * field that holds no value (an emptied number), is marked where it is and never keeps the
   * others from being saved. The translator is not among them: see renderBackend. */
  const dirty = new Map(); // setting -> the element it comes from
  let pending = null;

  function settingOf(el) {
    if (el.name === "method") return ["method", document.querySelector(".methods")];
    if (el.dataset && el.dataset.key) return [el.dataset.key, el];
    return ["target", "ratio", "beta", "protect_entities"].includes(el.id) ? [el.id, el] : null;
  }

  function valueOf(key, el) {
    if (key === "method") return method();
    if (el.type === "checkbox") return el.checked;
    if (el.type === "number" || el.type === "range") return el.value.trim() === "" ? NaN : Number(el.value);
    return el.value;
  }

  function mark(el, message) {
    const id = `${el.id || el.className}-error`;
    let note = document.getElementById(id);
    if (!message) {
      el.removeAttribute("aria-invalid");
      if (note) note.remove();
      return;
    }
    el.setAttribute("aria-invalid", "true");
    el.setAttribute("aria-describedby", id);
    if (!note) {
      note = document.createElement("p");
      note.className = "field-error";
      note.id = id;
      (el.closest("label") || el).after(note);
    }
    note.textContent = message;
  }

  function saveSoon(event) {
    const found = event && event.target && settingOf(event.target);
    if (!found) return; // the translator list and the API key are saved by their own buttons
    updateEpsilon();
    dirty.set(...found);
    clearTimeout(pending);
    $("saved").textContent = "Saving\u2026";
    pending = setTimeout(save, 400);
  }

  async function save() {
    pending = null;
    const todo = [...dirty];
    dirty.clear();
    let refused = 0;
    for (const [key, el] of todo) {
      const value = valueOf(key, el);
      if (typeof value === "number" && !Number.isFinite(value)) {
        mark(el, `Enter a number for ${key}; it is not saved until then.`);
        refused += 1;
        continue;
      }
      if (caps.settings && caps.settings[key] === value) {
        // already stored ("change" follows "input" when the field loses focus): no second write,
        // which could also land after someone else's change to the file
        mark(el, null);
        continue;
      }
      try {
        const data = await ask(P.MSG.OPTIONS_SAVE, { set: { [key]: value } });
        caps.settings = { ...caps.settings, ...data.settings };
        caps.epsilon = data.epsilon;
        mark(el, null);
        showWarnings(data);
      } catch (e) {
        const known = P.ERRORS[e.code];
        mark(el, `${known ? known.title : "Not saved"} [${e.code}]. ${(e.message || "").replace(/^\[E\d+\]\s*/, "")}`);
        refused += 1;
      }
    }
    updateEpsilon();
    $("saved").textContent = refused ? `Saved, except ${refused === 1 ? "the field marked" : "the fields marked"} in red.` : "Saved.";
  }

  async function useTranslator() {
    const name = $("translator").value;
    try {
      const data = await ask(P.MSG.OPTIONS_SAVE, { set: { translator: name } });
      caps.settings = { ...caps.settings, ...data.settings };
      showWarnings(data);
      $("saved").textContent = `Now translating with ${name}.`;
      renderBackend();
    } catch (e) {
      showStatus(e);
    }
  }

  async function storeKey() {
    const input = $("api-key");
    const secret = input.value;
    input.value = ""; // handed over once; never kept in the page or in extension storage
    if (!secret.trim()) return;
    try {
      const data = await ask(P.MSG.OPTIONS_SET_KEY, { backend: $("translator").value, secret });
      $("saved").textContent = `Key stored in the ${data.stored_in}.`;
      caps = await ask(P.MSG.OPTIONS_LOAD);
      renderBackend();
    } catch (e) {
      showStatus(e);
    }
  }

  $("settings").addEventListener("submit", (e) => e.preventDefault());
  $("settings").addEventListener("input", saveSoon);
  $("settings").addEventListener("change", saveSoon);
  $("translator").addEventListener("change", renderBackend);
  $("use-translator").addEventListener("click", useTranslator);
  window.addEventListener("pagehide", () => { if (pending) save(); });
  $("store-key").addEventListener("click", storeKey);
  $("fresh-settings").addEventListener("click", startFresh);
  load();
})();
