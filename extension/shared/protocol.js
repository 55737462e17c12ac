/* Names shared by every part of the extension; mirrors PROTOCOL.md. What the host decides (its
 * limits, the methods' names, epsilon) is not here: it comes in the host's `capabilities`.
 * Loaded as a classic script (service worker importScripts, Firefox background scripts, content
 * scripts) and imported by the extension pages' modules alike, so it defines one frozen global. */
"use strict";

globalThis.PrismProtocol = Object.freeze({
  HOST_NAME: "org.prism_translate.host",
  VERSION: 1,

  /* host actions (PROTOCOL.md "Actions") */
  ACTIONS: Object.freeze({
    CAPABILITIES: "capabilities",
    PING: "ping",
    TRANSLATE: "translate",
    PREPARE: "prepare", // analyse a right-clicked selection ahead of the click; nothing is sent
    SETTINGS: "settings",
    SET_KEY: "set_key",
    CANCEL: "cancel",
  }),

  /* the port an overlay surface (surface/surface.html, an extension page) opens to the background */
  SURFACE_PORT: "prism-surface",

  LANGUAGES: Object.freeze({ en: "English", es: "Spanish", ca: "Catalan", fr: "French", de: "German", it: "Italian", pt: "Portuguese", nl: "Dutch" }),

  /* messages between the background and content scripts / the options page */
  MSG: Object.freeze({
    CAPTURE: "prism:capture",
    HELLO: "prism:hello",
    TAB_STATE: "prism:tab-state",
    CLOSE_REQUEST: "prism:close-request",
    OVERLAY_OPEN: "prism:overlay:open",
    OVERLAY_SIZE: "prism:overlay:size",
    OVERLAY_MOVE: "prism:overlay:move",
    OVERLAY_GROW: "prism:overlay:grow",
    OVERLAY_CLOSE: "prism:overlay:close",
    REFOCUS: "prism:refocus", // the keyboard back to the selection of {token}, after its overlay closed in another frame
    OVERLAY_TAMPERED: "prism:overlay:tampered", // the page removed or restyled the overlay (carries no text)
    INSERT: "prism:insert",
    PAGE_COLLECT: "prism:page:collect",
    PAGE_FOUND: "prism:page:found",
    PAGE_TAKE: "prism:page:take",
    PAGE_START: "prism:page:start",
    PAGE_PART: "prism:page:part",
    PAGE_END: "prism:page:end",
    PAGE_VIEW: "prism:page:view",
    PAGE_CLEAR: "prism:page:clear",
    OPEN_OPTIONS: "prism:open-options",
    SELECTED: "prism:selected", // a frame got the user's selection, at {at}: the latest one is asked (no text)
    PREPARE: "prism:prepare", // a selection was right-clicked: the host analyses it (nothing is sent)
    OPTIONS_LOAD: "prism:options:load",
    OPTIONS_SAVE: "prism:options:save",
    OPTIONS_SET_KEY: "prism:options:set-key",
  }),

  /* Error codes (host/prism_translate/errors.py) -> what the user can do about them, one a line:
   * code | title | fix (the next step) | "options" (a button to the options page), "setup" (one to
   * the setup page, welcome/) or a command to copy. Unknown codes show the host's own message.
   * The title is shown once; the host's message only where it names specifics (sizes, pairs). */
  ERRORS: Object.freeze(Object.fromEntries(`
E010 | No dictionary for this language | Pick an installed target language in the options, or build one with \`prism build-dictionary\`. | options
E011 | The dictionary file is damaged | Reinstall or rebuild the dictionary. | options
E020 | Nothing to translate | Select some text first, then choose \u201cTranslate privately\u201d.
E021 | The text is too long | Select a shorter passage.
E024 | The English language model is missing | Rerun the installer. | prism install-host
E025 | This does not look like the source language | PRISM could hide almost nothing in it, so nothing was sent.
E027 | PRISM cannot read this language here | Nothing was sent. If the text is in a language PRISM reads, choose it above.
E029 | Part of this is in another language | PRISM could hide almost nothing in that part, so nothing was sent. Select one language's part at a time.
E026 | A package PRISM needs is missing | Rerun the installer. | prism install-host
E028 | The source language's analyser is missing | Install what the message names, or rerun the installer. | prism install-host
E030 | The translator is unreachable | Check that the translator is installed or running, or pick another one in the options. | options
E031 | The translator rejected the API key | Enter a valid key in the options. | options
E032 | The translator did not answer in time | Try again, or pick another translator in the options. | options
E033 | The translator sent a reply PRISM cannot use | Try again, or pick another translator. | options
E034 | The translator is rate limited | Wait a little and try again.
E035 | Unknown translator | Pick a translator in the options. | options
E036 | The translator does not offer this language pair | Pick another translator or language. | options
E037 | The translator is not set up | Finish its settings (or API key) in the options. | options
E038 | The translator failed on its side | Try again later, or pick another translator. | options
E050 | The translator's quota is used up | Raise the quota or pick another translator. | options
E051 | The translator asked to wait | Try again later.
E052 | The translator refused the request | Check the translator's settings. | options
E058 | Your settings could not be saved | The message says what is in the way (a full disk, a read-only folder); nothing was changed.
E059 | The settings file is damaged | Start new settings in the options (or set any setting with \`prism config set\`): the damaged file is kept aside, and the options say where. | options
E060 | The selection is too large to send to the PRISM helper | Select a shorter passage.
E064 | The text is too long | Select a shorter passage.
E065 | The PRISM helper is not installed | Set it up once: the setup page shows the command for this computer. | setup
E066 | The PRISM helper stopped | Try again: it restarts by itself. If this keeps happening, rerun the installer. | prism install-host
E067 | No answer in time | The translator or the PRISM helper is stuck; the request was stopped. Try again, or pick another translator. | options
E068 | Password fields are never read | Select ordinary text.
E090 | Translation cancelled | Nothing more was translated.
E091 | Too little of this short text could be hidden | Select the whole sentence or paragraph around it: PRISM hides more of a longer text.
E092 | Your organisation's policy does not allow this | Nothing was sent. The settings your organisation chose are shown, locked, in the options. | options
E093 | This text is already in the language you read | Nothing was sent. If it is in another language, pick that one above; to read another language, change it in the options. | options
E069 | PRISM cannot run on this page | Browser pages and add-on stores are off limits; reload a page that was open before PRISM was installed.
`.trim().split("\n").map((line) => {
    const [code, title, fix, next] = line.split(" | ");
    const entry = { title, fix };
    if (next === "options" || next === "setup") entry[next] = true;
    else if (next) entry.command = next;
    return [code, entry];
  }))),
});
