/* The setup page: opened when the extension is installed (and from the "helper not installed"
 * error). It looks for the helper, shows the one command that sets it up on this computer (from
 * the released wheel, so no copy of the source is needed), and on the first run makes "the
 * language I read" the browser's own language where a dictionary translates into it. */
import "../shared/protocol.js";

(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const P = globalThis.PrismProtocol;
  const $ = (id) => document.getElementById(id);
  const firstRun = location.search === "?installed";

  async function ask(type, extra = {}) {
    const reply = await api.runtime.sendMessage({ type, ...extra });
    if (!reply) throw { code: "E066", message: "[E066] No answer from the extension's background" };
    if (!reply.ok) throw reply.error;
    return reply.data;
  }

  /* the browser family install-host knows this one as, where it can tell */
  function browserName() {
    if (api.runtime.getURL("").startsWith("moz-extension:")) return "firefox";
    const brands = ((navigator.userAgentData && navigator.userAgentData.brands) || []).map((b) => b.brand);
    const known = [["Microsoft Edge", "edge"], ["Brave", "brave"], ["Vivaldi", "vivaldi"], ["Google Chrome", "chrome"], ["Chromium", "chromium"]];
    const found = known.find(([brand]) => brands.includes(brand));
    return found ? found[1] : null;
  }

  async function showCommand() {
    const { os } = await api.runtime.getPlatformInfo();
    const wheel = `prism_translate-${api.runtime.getManifest().version}-py3-none-any.whl`;
    const browser = browserName();
    const flag = browser ? ` --browser ${browser}` : ""; // without it: every browser found
    const windows = os === "win";
    $("wheel").textContent = wheel;
    $("command").textContent = `pipx install ${windows ? ".\\" : "./"}${wheel} ${windows ? ";" : "&&"} prism install-host${flag}`;
    $("from-source").textContent = `${windows ? "py" : "python3"} install_host.py${flag}`;
  }

  /* On the first run only: the browser's language, where an installed dictionary reads into it. */
  async function chooseLanguage(caps) {
    const targets = caps.pairs.filter((p) => p.vocab).map((p) => p.target);
    const ui = api.i18n.getUILanguage().split(/[-_]/)[0].toLowerCase();
    let target = caps.settings.target;
    if (firstRun && targets.includes(ui) && target !== ui) {
      target = (await ask(P.MSG.OPTIONS_SAVE, { set: { target: ui } })).settings.target;
    }
    const name = P.LANGUAGES[target] || target;
    $("language").textContent = `The language you read: ${name}. Text in other languages is translated into it;`
      + " change it in the options.";
  }

  async function check() {
    const box = $("helper");
    box.classList.remove("error");
    box.textContent = "Looking for the PRISM helper\u2026";
    try {
      const caps = await ask(P.MSG.OPTIONS_LOAD);
      box.textContent = `The PRISM helper ${caps.host} is set up and running: you are ready.`;
      $("setup").hidden = true;
      await chooseLanguage(caps);
    } catch (e) {
      const known = P.ERRORS[e.code];
      box.classList.add("error");
      box.textContent = e.code === "E065" ? "The PRISM helper is not set up on this computer yet."
        : `${known ? known.title : "Error"} [${e.code}]. ${known ? known.fix : e.message || ""}`;
      $("setup").hidden = false;
    }
  }

  $("check").addEventListener("click", check);
  showCommand().then(check);
})();
