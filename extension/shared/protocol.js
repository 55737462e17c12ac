/* Names shared by every part of the extension; mirrors PROTOCOL.md. What the host decides (its
 * limits, the methods' names, epsilon) is not here: it comes in the host's `capabilities`.
 * Loaded as a classic script (service worker importScripts, Firefox background scripts,
 * content scripts and the options page), so it defines one frozen global. */
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

  /* Error codes (host/prism_translate/errors.py) -> what the user can do about them.
   * "fix" says the next step; "options" offers a button to the options page; "setup" one to the
   * setup page (welcome/);
   * "command" is shown as a command to copy. Unknown codes show the host's own message.
   * The title is shown once; the host's message only where it names specifics (sizes, pairs). */
  ERRORS: Object.freeze({
    E010: { title: "No dictionary for this language", fix: "Pick an installed target language in the options, or build one with `prism build-dictionary`.", options: true },
    E011: { title: "The dictionary file is damaged", fix: "Reinstall or rebuild the dictionary.", options: true },
    E020: { title: "Nothing to translate", fix: "Select some text first, then choose \u201cTranslate privately\u201d." },
    E021: { title: "The text is too long", fix: "Select a shorter passage." },
    E024: { title: "The English language model is missing", fix: "Rerun the installer.", command: "prism install-host" },
    E025: { title: "This does not look like the source language", fix: "PRISM could hide almost nothing in it, so nothing was sent." },
    E027: { title: "PRISM cannot read this language here", fix: "Nothing was sent. If the text is in a language PRISM reads, choose it above." },
    E029: { title: "Part of this is in another language", fix: "PRISM could hide almost nothing in that part, so nothing was sent. Select one language's part at a time." },
    E026: { title: "A package PRISM needs is missing", fix: "Rerun the installer.", command: "prism install-host" },
    E028: { title: "The source language's analyser is missing", fix: "Install what the message names, or rerun the installer.", command: "prism install-host" },
    E030: { title: "The translator is unreachable", fix: "Check that the translator is installed or running, or pick another one in the options.", options: true },
    E031: { title: "The translator rejected the API key", fix: "Enter a valid key in the options.", options: true },
    E032: { title: "The translator did not answer in time", fix: "Try again, or pick another translator in the options.", options: true },
    E033: { title: "The translator sent a reply PRISM cannot use", fix: "Try again, or pick another translator.", options: true },
    E034: { title: "The translator is rate limited", fix: "Wait a little and try again." },
    E035: { title: "Unknown translator", fix: "Pick a translator in the options.", options: true },
    E036: { title: "The translator does not offer this language pair", fix: "Pick another translator or language.", options: true },
    E037: { title: "The translator is not set up", fix: "Finish its settings (or API key) in the options.", options: true },
    E038: { title: "The translator failed on its side", fix: "Try again later, or pick another translator.", options: true },
    E050: { title: "The translator's quota is used up", fix: "Raise the quota or pick another translator.", options: true },
    E051: { title: "The translator asked to wait", fix: "Try again later." },
    E052: { title: "The translator refused the request", fix: "Check the translator's settings.", options: true },
    E058: { title: "Your settings could not be saved", fix: "The message says what is in the way (a full disk, a read-only folder); nothing was changed." },
    E059: { title: "The settings file is damaged", fix: "Start new settings in the options (or set any setting with `prism config set`): the damaged file is kept aside, and the options say where.", options: true },
    E060: { title: "The selection is too large to send to the PRISM helper", fix: "Select a shorter passage." },
    E064: { title: "The text is too long", fix: "Select a shorter passage." },
    E065: { title: "The PRISM helper is not installed", fix: "Set it up once: the setup page shows the command for this computer.", setup: true },
    E066: { title: "The PRISM helper stopped", fix: "Try again: it restarts by itself. If this keeps happening, rerun the installer.", command: "prism install-host" },
    E067: { title: "No answer in time", fix: "The translator or the PRISM helper is stuck; the request was stopped. Try again, or pick another translator.", options: true },
    E068: { title: "Password fields are never read", fix: "Select ordinary text." },
    E090: { title: "Translation cancelled", fix: "Nothing more was translated." },
    E091: { title: "Too little of this short text could be hidden", fix: "Select the whole sentence or paragraph around it: PRISM hides more of a longer text." },
    E092: { title: "Your organisation's policy does not allow this", fix: "Nothing was sent. The settings your organisation chose are shown, locked, in the options.", options: true },
    E093: { title: "This text is already in the language you read", fix: "Nothing was sent. If it is in another language, pick that one above; to read another language, change it in the options.", options: true },
    E069: { title: "PRISM cannot run on this page", fix: "Browser pages and add-on stores are off limits; reload a page that was open before PRISM was installed." },
  }),
});
