/* "Translate this page / message": finds the message in this frame, never the app around it;
 * splits it into paragraphs; then shows each paragraph's translation under it (bilingual),
 * instead of it (translation only), or not at all (original). Each frame does this for its own
 * document, so a translation is only ever shown in the document that already holds its original.
 *
 * Two steps, both asked by the background: survey() says what this frame holds (message bodies
 * marked as such, how much main text, and which of its iframes lie inside the message), and
 * take(mode) splits the part the background chose. "message": the marked bodies and the subject
 * line before them; "main": the block of the page densest in running text (and its heading);
 * "whole": all of this document (a frame the parent shows inside a message: HTML mail).
 *
 * The page is left as it was: page nodes are never moved or re-parented, except the nodes of one
 * unbroken inline run, wrapped in a span only while "Translation only" hides them and put back in
 * place after; a style attribute we change is restored to its exact text. Translations are shown
 * in elements with a closed shadow root (page CSS cannot restyle them; they are not editable, so
 * an editor around them never takes them into the text it sends), and clear() removes them. */
"use strict";

globalThis.PrismMessage = (() => {
  const api = globalThis.browser ?? globalThis.chrome;
  /* Message bodies, by the markup the webmails use for them (Gmail .a3s / .ii.gt, Outlook on the
   * web's "Message body" region and reading pane document, Roundcube #messagebody /
   * .message-htmlpart / .message-part, generic article bodies). */
  const BODIES = [
    ".a3s", ".ii.gt", "[aria-label='Message body']", "[role=document]", "#messagebody", ".message-htmlpart",
    ".message-part", ".rcmBody", "[itemprop=articleBody]", "[data-message-body]",
  ].join(", ");
  /* a message's subject line: the nearest of these before its first body */
  const SUBJECTS = "h1, h2, h3, [role=heading], .subject, .hP, [data-subject]";
  /* Never part of a message: the app around it (landmarks and widget roles for navigation,
   * toolbars, folder trees, message lists, search), form controls and their labels, media. */
  const CHROME = [
    "nav", "aside", "footer", "[role=navigation]", "[role=banner]", "[role=search]", "[role=toolbar]", "[role=menubar]",
    "[role=menu]", "[role=tablist]", "[role=tree]", "[role=treegrid]", "[role=grid]", "[role=listbox]",
    "[role=complementary]", "[role=contentinfo]", "[role=alertdialog]", "[role=dialog]", "label", "legend", "form[role=search]",
  ].join(", ");
  /* what only the app has: a pane that holds one of these is the window, not the message's pane */
  const APP_PARTS = "nav, [role=navigation], [role=search], [role=tree], [role=treegrid], [role=grid], [role=listbox], "
    + "[role=menubar], [role=tablist], [role=banner]";
  const SKIP = "script, style, noscript, template, button, select, textarea, input, option, svg, math, canvas, video, audio, "
    + "iframe, frame, object, embed, [aria-hidden=true], [hidden], prism-translate-overlay, prism-translation";
  /* cookie banners and ads, by the words their markup is named with ("ad-slot", "top_ads", but
   * not Gmail's "adn ads" message classes) */
  const AD = /(^|[\s_-])(ads?[-_]\w|advert|sponsor|cookie|consent|gdpr|adsbygoogle|doubleclick|googlesyndication)|\w[-_]ads?($|[\s_-])/i;
  const INLINE = new Set(["A", "ABBR", "B", "BDI", "BDO", "BR", "CITE", "CODE", "DATA", "DFN", "EM", "FONT", "I", "IMG", "KBD",
    "LABEL", "MARK", "Q", "S", "SAMP", "SMALL", "SPAN", "STRONG", "SUB", "SUP", "TIME", "U", "VAR", "WBR", "DEL", "INS"]);
  /* formatting carried over into the translation where its text comes back unchanged */
  const FORMATS = new Set(["A", "B", "STRONG", "EM", "I", "U", "CODE", "KBD", "MARK", "S", "SUB", "SUP", "SMALL", "CITE", "Q"]);
  /* a block whose translation goes inside it (after its last node), not after it as a sibling */
  const CELLS = new Set(["TD", "TH", "LI", "DT", "DD", "CAPTION", "SUMMARY", "FIGCAPTION"]);
  const TYPOGRAPHY = ["fontFamily", "fontSize", "fontWeight", "fontStyle", "lineHeight", "color", "textAlign", "letterSpacing", "textTransform"];
  const CONTROLS = "input:not([type=hidden]), select, textarea, button";
  const FORM_TEXT = 200;
  const SMALL_FRAME = { width: 200, height: 80 };
  const PROSE_WORDS = 6;
  const SHORT_LINE = 10; // what a line that is no running text weighs against the text around it
  /* Colours come from the page, not from the system's theme: a dark page on a light system (or
   * the reverse) would otherwise get text it can hardly read. colours() sets them per paragraph. */
  const STYLE = `
:host { all: initial; display: block; margin: 2px 0 10px; }
.t { display: block; font: inherit; white-space: pre-wrap; color: var(--prism-fg); border-left: 3px solid var(--prism-line);
  padding: 2px 0 2px 8px; font-family: system-ui, sans-serif; font-size: 0.95em; line-height: 1.45; }
.t.pending, .t.stopped { font-style: italic; }
.t.marked { border-left-color: var(--prism-warn); }
mark { background: var(--prism-mark); color: inherit; border-bottom: 2px solid var(--prism-warn); }
a { color: inherit; text-decoration: underline; }
.note { display: block; color: var(--prism-warn); font-size: 0.85em; font-style: normal; margin-bottom: 2px; }
.links { display: none; font-size: 0.85em; }
:host(.only) .t { border-left-color: transparent; padding-left: 0; color: var(--prism-text); }
:host(.only) .links { display: block; }
`;
  const LIGHT = { fg: "#1d3b8b", line: "#9db4ef", warn: "#9a3412", mark: "#fde68a" }; // on a light page
  const DARK = { fg: "#b7c9ff", line: "#4b6cc4", warn: "#fdba74", mark: "#5b4a12" }; // on a dark one
  const AA = 4.5; // WCAG AA contrast for body text

  /* [r, g, b, alpha] of a computed colour ("rgb(...)", "rgba(...)") or of "#rrggbb" */
  function rgba(css) {
    const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(css || "");
    if (hex) return [...hex.slice(1).map((h) => parseInt(h, 16)), 1];
    const m = /rgba?\(([^)]+)\)/.exec(css || "");
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  }

  function luminance([r, g, b]) {
    const lin = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  }

  function contrast(a, b) {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  }

  /* The background the paragraph is drawn on: the first opaque one up its ancestors (white if none:
   * the canvas of a page that sets none). */
  function backgroundOf(el) {
    for (let n = el; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c && c[3] >= 0.5) return c;
    }
    return [255, 255, 255, 1];
  }

  /* CSS custom properties for a translation under el: the palette for the page's background; the
   * page's own text colour for "translation only"; black or white where either falls short of AA. */
  function colours(el) {
    const bg = backgroundOf(el);
    const dark = luminance(bg) < 0.2;
    const palette = dark ? DARK : LIGHT;
    const plain = dark ? "#ffffff" : "#000000";
    const readable = (css) => {
      const c = rgba(css);
      return c && c[3] >= 0.5 && contrast(c, bg) >= AA ? css : plain;
    };
    const text = readable(getComputedStyle(el).color);
    return `--prism-fg: ${readable(palette.fg)}; --prism-text: ${text}; --prism-line: ${palette.line}; --prism-warn: ${readable(palette.warn)};`
      + ` --prism-mark: ${palette.mark};`;
  }

  let surveyed = null; // {bodies, main} found by survey(), split by take()
  let paragraphs = []; // {nodes, block, parent, text, group, lang, formats, typography, heading}
  let shown = []; // {host, t, translation, marks, warnings, done, p}
  let view = "bilingual";

  function visible(el) {
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }

  function adLike(el) {
    const names = [el.id, typeof el.className === "string" ? el.className : "", el.getAttribute("aria-label") || "",
      el.tagName === "IFRAME" ? `${el.getAttribute("src") || ""} ${el.name || ""} ${el.title || ""}` : ""].join(" ");
    return AD.test(names) || el.matches("ins.adsbygoogle, [data-ad-slot], [data-ad]");
  }

  /* the app around the message, or an element inside it (a small block holding form controls
   * is a form: a sign-up box, a search bar) */
  function chrome(el) {
    return el.matches(CHROME) || adLike(el)
      || (el.tagName === "HEADER" && !(el.parentElement && el.parentElement.closest("article, main, [role=main], section")))
      || (el.textContent.length < FORM_TEXT && Boolean(el.querySelector(CONTROLS)));
  }

  function insideChrome(el, test = chrome) {
    for (let at = el; at && at !== document.body; at = at.parentElement) if (test(at)) return true;
    return false;
  }

  function isBlock(node) {
    return node.nodeType === Node.ELEMENT_NODE && !INLINE.has(node.tagName) && !node.matches("prism-translation");
  }

  function outermost(elements) {
    return elements.filter((el) => !elements.some((other) => other !== el && other.contains(el)));
  }

  /* Paragraphs under root: each block whose children are inline is one; a block that mixes
   * text with blocks gives one paragraph per unbroken run of inline content between its blocks
   * (a control or a skipped element ends a run: a run's nodes are always next to each other).
   * withChrome: the whole document of an HTML mail, whose own markup is all message. */
  function split(root, out, group, withChrome) {
    let run = [];
    const flush = () => {
      const text = run.map((n) => n.textContent).join("").trim();
      if (/\p{L}{2,}/u.test(text)) out.push({ nodes: run, text, block: null, parent: root, group });
      run = [];
    };
    for (const child of root.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) run.push(child);
      else if (child.nodeType !== Node.ELEMENT_NODE) continue;
      else if (child.matches(SKIP) || (!withChrome && chrome(child))) flush();
      else if (!isBlock(child)) {
        if (child.tagName === "BR" && run.length && run[run.length - 1].nodeName === "BR") flush(); // a blank line
        else run.push(child);
      } else {
        flush();
        if (visible(child)) split(child, out, group, withChrome);
      }
    }
    flush();
  }

  /* A run that is all of its parent's content is the parent block itself (but a table cell or
   * list item keeps its translation inside it). What "Translation only" needs is read now:
   * the original's typography, heading level, and formatted or linked words. */
  function settle(p) {
    const meaningful = [...p.parent.childNodes].filter((n) => n.nodeType === Node.ELEMENT_NODE || n.textContent.trim());
    const own = p.nodes.filter((n) => n.nodeType === Node.ELEMENT_NODE || n.textContent.trim());
    if (meaningful.length === own.length && p.parent !== document.body && !CELLS.has(p.parent.tagName)) p.block = p.parent;
    p.text = (p.block ? p.block.innerText : p.nodes.map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : n.innerText || n.textContent)).join("")).trim();
    const holder = p.block || p.parent;
    const style = getComputedStyle(holder);
    p.typography = Object.fromEntries(TYPOGRAPHY.map((k) => [k, style[k]]));
    const heading = holder.closest("h1, h2, h3, h4, h5, h6, [role=heading]");
    p.heading = heading ? Number(heading.getAttribute("aria-level")) || Number(heading.tagName.slice(1)) || 2 : 0;
    const elements = p.block ? [...p.block.querySelectorAll("*")]
      : p.nodes.filter((n) => n.nodeType === Node.ELEMENT_NODE).flatMap((n) => [n, ...n.querySelectorAll("*")]);
    p.formats = elements.filter((el) => FORMATS.has(el.tagName) && el.textContent.trim().length > 1).map((el) => ({
      tag: el.tagName.toLowerCase(), text: el.textContent.trim(),
      href: el.tagName === "A" && /^(https?|mailto):/i.test(el.href) ? el.href : null,
    }));
    const tagged = holder.closest("[lang]");
    p.lang = tagged && tagged !== document.documentElement ? tagged.getAttribute("lang") : "";
    return p;
  }

  function proseLike(text) {
    const words = (text.match(/\p{L}+/gu) || []).length;
    return words >= PROSE_WORDS && /[.!?;:,]/.test(text);
  }

  /* The main text of a page without marked message bodies: the element under which running text
   * outweighs everything else (short lines and link lists count against it), inside the page's
   * one main landmark when it has one. */
  function densest() {
    const mains = outermost([...document.querySelectorAll("main, [role=main]")].filter(visible));
    const region = mains.length === 1 ? mains[0] : document.body;
    if (!region) return { root: null, score: 0 };
    const found = [];
    split(region, found, 0, false);
    const score = new Map();
    for (const p of found) {
      const holder = p.nodes.length === 1 && p.nodes[0].nodeType === Node.ELEMENT_NODE ? p.nodes[0] : p.parent;
      const links = [...(holder.matches("a") ? [holder] : holder.querySelectorAll("a"))].reduce((n, a) => n + a.textContent.length, 0);
      const weight = proseLike(p.text) && links < p.text.length / 2 ? p.text.length : -SHORT_LINE - links;
      for (let el = p.parent; el && el !== region.parentElement; el = el.parentElement) score.set(el, (score.get(el) || 0) + weight);
    }
    let root = null;
    let best = 0;
    for (const [el, s] of score) {
      if (s > best || (s === best && root && root.contains(el))) {
        root = el;
        best = s;
      }
    }
    // a greeting or a signature beside the densest block is part of it: up while the parent adds
    // no more than two short lines
    while (root && root !== region && (score.get(root.parentElement) ?? -Infinity) >= best - 2 * SHORT_LINE) root = root.parentElement;
    return { root, score: best };
  }

  /* A <header> outside any main, article or section is the page's banner (chrome), except the
   * header of the pane the message is shown in (its subject, sender, Reply): the smallest element
   * holding both the header and the message's first body holds none of the app's parts. */
  function paneHeader(header, first) {
    let pane = header.parentElement;
    while (pane && !pane.contains(first)) pane = pane.parentElement;
    return Boolean(pane) && pane !== document.body && pane !== document.documentElement && !pane.querySelector(APP_PARTS);
  }

  /* the subject line or heading of the message whose first body is `first` */
  function subjectOf(first, roots) {
    const app = (el) => chrome(el) && !(el.tagName === "HEADER" && !el.matches(CHROME) && !adLike(el) && paneHeader(el, first));
    const before = [...document.querySelectorAll(SUBJECTS)].filter((el) => visible(el) && !roots.some((r) => r.contains(el) || el.contains(r))
      && (el.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) && !el.closest(SKIP) && !insideChrome(el, app));
    return outermost(before).pop() || null;
  }

  /* Where the message begins as this frame shows it, in its viewport (the page panel keeps clear
   * of it): the text of its subject and first paragraph when the message is in this document,
   * else the largest frame outside the app's parts, which holds it. */
  function messageStart() {
    const s = surveyed || {};
    const roots = s.bodies && s.bodies.length ? s.bodies : [s.main && s.main.root].filter(Boolean);
    if (roots.length && roots[0].isConnected) {
      const found = [];
      const subject = subjectOf(roots[0], roots);
      if (subject) split(subject, found, 0, false);
      split(roots[0], found, 0, false);
      const boxes = found.slice(0, 2).map((p) => {
        const range = document.createRange();
        range.setStartBefore(p.nodes[0]);
        range.setEndAfter(p.nodes[p.nodes.length - 1]);
        return range.getBoundingClientRect();
      });
      if (boxes.length) {
        return { left: Math.min(...boxes.map((b) => b.left)), top: Math.min(...boxes.map((b) => b.top)),
          right: Math.max(...boxes.map((b) => b.right)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
      }
    }
    const area = (f) => f.getBoundingClientRect().width * f.getBoundingClientRect().height;
    const frames = [...document.querySelectorAll("iframe, frame")].filter((f) => visible(f) && !adLike(f) && !insideChrome(f));
    const frame = frames.sort((a, b) => area(b) - area(a))[0];
    return frame ? frame.getBoundingClientRect() : null;
  }

  /* where a child frame's document is, as it will say itself (survey's url), when we can read it */
  function urlOf(frame) {
    try {
      return frame.contentWindow.location.href;
    } catch (e) {
      return frame.src || "about:blank"; // another origin's document: where it was sent
    }
  }

  /* {known, prose, children, url, origin, parentOrigin, width, height}: what this frame holds.
   * children: each iframe's place ("message" inside the message found here; "chrome" in the app
   * around it, an ad, or too small to hold a message; "open" otherwise), named so the background
   * can tell which frame's report it is: by frame id where the browser gives it (Firefox's
   * runtime.getFrameId), else by the document's address and size, which the frame reports too. */
  function survey() {
    clear();
    // A body the webmail marks is a message wherever the app puts it (Gmail's thread is a
    // role=list, a compose box may be a dialog): only ads and banners around it rule it out.
    const bodies = outermost([...document.querySelectorAll(BODIES)].filter((el) => visible(el) && !el.closest(SKIP) && !insideChrome(el, adLike)));
    const main = bodies.length ? { root: null, score: 0 } : densest();
    surveyed = { bodies, main };
    const region = bodies.length ? bodies : [main.root].filter(Boolean);
    const children = [...document.querySelectorAll("iframe, frame")].map((frame) => {
      let frameId = null;
      try {
        frameId = api.runtime.getFrameId ? api.runtime.getFrameId(frame) : null;
      } catch (e) {
        // not a frame the browser can name (not loaded yet): matched by its address instead
      }
      const r = frame.getBoundingClientRect();
      const small = r.width < SMALL_FRAME.width || r.height < SMALL_FRAME.height;
      const place = !visible(frame) || adLike(frame) ? "chrome"
        : region.some((root) => root.contains(frame)) ? "message"
          : insideChrome(frame) || small ? "chrome" : "open";
      return { frameId, url: urlOf(frame), width: frame.clientWidth, height: frame.clientHeight, place };
    });
    return {
      known: bodies.length > 0, prose: main.score, children, url: location.href, origin: location.origin,
      parentOrigin: location.ancestorOrigins && location.ancestorOrigins.length ? location.ancestorOrigins[0] : null,
      width: window.innerWidth, height: window.innerHeight,
    };
  }

  /* {paragraphs: [{text, group, lang}]}: the part of this frame the background chose */
  function take(mode) {
    clear();
    const found = [];
    if (mode === "whole") {
      if (document.body) split(document.body, found, 0, true);
    } else {
      const { bodies, main } = surveyed || {};
      const roots = mode === "message" ? bodies || [] : [main && main.root].filter(Boolean);
      // a message's subject line; a page's heading when its main text has none of its own
      const headed = mode === "main" && roots.some((root) => root.querySelector(SUBJECTS));
      const subject = roots.length && !headed ? subjectOf(roots[0], roots) : null;
      if (subject) split(subject, found, 0, false); // read as the first message's language
      roots.forEach((root, i) => split(root, found, i, false));
    }
    paragraphs = found.map(settle).filter((p) => /\p{L}{2,}/u.test(p.text));
    return {
      paragraphs: paragraphs.map((p) => ({ text: p.text, group: p.group, lang: p.lang })),
      lang: document.documentElement.getAttribute("lang") || "",
    };
  }

  function styleRoot(root) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
      root.adoptedStyleSheets = [sheet];
    } catch (e) {
      const style = document.createElement("style");
      style.textContent = STYLE;
      root.append(style);
    }
  }

  /* Hide p's original (translation only) or show it again, leaving no trace: a block's style
   * attribute gets its exact old text back; an inline run is wrapped in a span only while hidden. */
  function hide(p, hidden) {
    if (p.block) {
      if (hidden && p.savedStyle === undefined) {
        p.savedStyle = p.block.getAttribute("style");
        // as attribute text, not through el.style: Chromium may write an emptied style="" back
        // after removeAttribute when the declaration was changed through the CSSOM
        p.block.setAttribute("style", `${p.savedStyle ? `${p.savedStyle};` : ""} display: none !important`);
      } else if (!hidden && p.savedStyle !== undefined) {
        if (p.savedStyle === null) p.block.removeAttribute("style");
        else p.block.setAttribute("style", p.savedStyle);
        delete p.savedStyle;
      }
      return;
    }
    if (hidden && !p.span) {
      const together = p.nodes.every((n, i) => n.parentNode === p.parent && (i === 0 || p.nodes[i - 1].nextSibling === n));
      if (!together) return; // the page moved them meanwhile: shown rather than disturbed
      p.span = document.createElement("span");
      p.span.setAttribute("style", "display: none !important");
      p.nodes[0].before(p.span);
      p.span.append(...p.nodes);
    } else if (!hidden && p.span) {
      if (p.span.isConnected) p.span.replaceWith(...p.span.childNodes);
      p.span = null;
    }
  }

  /* start([indices]): a "Translating privately…" line under each paragraph to be translated */
  function start(indices) {
    // Again with another language pair: the earlier translations give way to the new ones.
    for (const s of shown) {
      hide(s.p, false);
      s.host.remove();
    }
    const wanted = Array.isArray(indices) ? new Set(indices) : null;
    shown = [];
    paragraphs.forEach((p, index) => {
      if (wanted && !wanted.has(index)) return;
      const host = document.createElement("prism-translation");
      host.setAttribute("contenteditable", "false");
      const near = p.block || p.parent;
      host.setAttribute("style", `all: initial !important; display: block !important; ${colours(near)}`);
      const root = host.attachShadow({ mode: "closed" });
      styleRoot(root);
      const t = document.createElement("div");
      t.className = "t pending";
      t.textContent = "Translating privately\u2026";
      const links = document.createElement("div");
      links.className = "links";
      root.append(t, links);
      const after = p.block || p.nodes[p.nodes.length - 1];
      after.after(host);
      shown[index] = { host, t, links, translation: "", marks: [], warnings: [], done: false, p };
    });
    applyView();
  }

  function each(fn) {
    for (const s of shown) if (s) fn(s);
  }

  /* Ranges of the translation to draw as marks (the helper's) and as the original's formatting
   * and links (where their text came back unchanged: names, numbers, addresses usually do). */
  function spans(s) {
    const out = [];
    const free = (a, b) => out.every((r) => b <= r.start || a >= r.end);
    for (const m of s.marks) if (m.start >= 0 && m.end <= s.translation.length && free(m.start, m.end)) out.push({ ...m, kind: "mark" });
    for (const f of [...s.p.formats].sort((a, b) => b.text.length - a.text.length)) {
      let at = s.translation.indexOf(f.text);
      while (at >= 0 && !free(at, at + f.text.length)) at = s.translation.indexOf(f.text, at + 1);
      if (at >= 0) out.push({ start: at, end: at + f.text.length, kind: "format", format: f });
      else f.missing = true;
    }
    return out.sort((a, b) => a.start - b.start);
  }

  function formatted(f, text) {
    const el = document.createElement(f.href ? "a" : f.tag === "a" ? "span" : f.tag);
    if (f.href) {
      el.href = f.href;
      el.rel = "noopener noreferrer";
      el.target = "_blank";
    }
    el.textContent = text;
    return el;
  }

  function render(s) {
    s.t.replaceChildren();
    s.t.className = `t${s.marks.length || s.warnings.length ? " marked" : ""}`;
    if (s.marks.length || s.warnings.length) {
      const n = s.marks.length || s.warnings.length;
      const note = document.createElement("span");
      note.className = "note";
      note.textContent = `\u26a0 ${n} value${n === 1 ? "" : "s"} could not be checked${s.marks.length ? "; highlighted below" : ""}. ${s.warnings.join(" ")}`;
      s.t.append(note);
    }
    for (const f of s.p.formats) delete f.missing;
    let at = 0;
    for (const r of spans(s)) {
      s.t.append(document.createTextNode(s.translation.slice(at, r.start)));
      const text = s.translation.slice(r.start, r.end);
      if (r.kind === "format") s.t.append(formatted(r.format, text));
      else {
        const mark = document.createElement("mark");
        mark.textContent = text;
        mark.title = r.reason === "not-restored" ? "An invented stand-in value is still here: check it against the original."
          : r.reason === "unsure" ? "Restored from an uncertain match." : "A value that is not in the original.";
        s.t.append(mark);
      }
      at = r.end;
    }
    s.t.append(document.createTextNode(s.translation.slice(at)));
    // links whose words were translated: still there to follow when the original is hidden
    const lost = s.p.formats.filter((f) => f.missing && f.href);
    s.links.replaceChildren(...lost.flatMap((f, i) => [i ? ", " : "\u2197 ", formatted(f, f.text)]));
    s.host.dataset.prismMarked = s.t.className.includes("marked") ? "true" : "false";
  }

  function part(items) {
    for (const item of items) {
      const s = shown[item.index];
      if (!s) continue;
      if (item.refused) {
        // the host refused this paragraph before sending it: it stays as it is, saying why
        s.refused = true;
        s.t.className = "t stopped";
        s.t.textContent = `Left as it is: ${item.refused}.`;
        continue;
      }
      const offset = s.translation.length;
      s.translation += item.translation;
      s.marks.push(...item.marks.map((m) => ({ ...m, start: m.start + offset, end: m.end + offset })));
      s.warnings.push(...item.warnings);
      s.done = true;
      render(s);
    }
    applyView();
  }

  function end(cancelled) {
    each((s) => {
      if (!s.done && !s.refused && cancelled) {
        s.t.className = "t stopped";
        s.t.textContent = "Not translated (stopped).";
      }
    });
  }

  /* Translation only: the translation takes the original's place, in its typography, as a
   * heading where the original is one, with its formatting and links. */
  function applyView() {
    each((s) => {
      const only = view === "translation" && s.done;
      hide(s.p, only);
      s.host.style.setProperty("display", view === "original" ? "none" : "block", "important");
      s.host.classList.toggle("only", only);
      for (const k of TYPOGRAPHY) s.t.style[k] = only ? s.p.typography[k] : "";
      if (only && s.p.heading) {
        s.t.setAttribute("role", "heading");
        s.t.setAttribute("aria-level", String(s.p.heading));
      } else {
        s.t.removeAttribute("role");
        s.t.removeAttribute("aria-level");
      }
    });
  }

  function setView(next) {
    view = next;
    applyView();
  }

  function clear() {
    each((s) => {
      hide(s.p, false);
      s.host.remove();
    });
    shown = [];
    view = "bilingual";
  }

  return Object.freeze({ survey, take, start, part, end, setView, clear, messageStart });
})();
