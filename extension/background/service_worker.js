/* Background entry point: wires browser events to PrismHandlers, nothing else.
 * Chrome runs this as the MV3 service worker (and loads the other files here); Firefox runs
 * the "scripts" list of the manifest as an event page, with these files already loaded. */
"use strict";

if (typeof importScripts === "function" && !globalThis.PrismHandlers) {
  importScripts("../shared/protocol.js", "../shared/mark.js", "native.js", "surfaces.js", "job.js", "page.js", "handlers.js");
}

(() => {
  const api = globalThis.browser ?? globalThis.chrome;
  const H = globalThis.PrismHandlers;
  api.runtime.onInstalled.addListener(H.onInstalled);
  api.runtime.onInstalled.addListener(() => globalThis.PrismMark.get()); // the user's mark, made up once
  api.runtime.onStartup.addListener(H.setUpMenus);
  api.contextMenus.onClicked.addListener(H.onMenuClicked);
  api.commands.onCommand.addListener(H.onCommand);
  api.action.onClicked.addListener(H.onActionClicked);
  api.runtime.onMessage.addListener(H.onMessage);
  api.tabs.onRemoved.addListener(H.forgetTab);
  api.runtime.onConnect.addListener(globalThis.PrismSurfaces.onConnect);
  globalThis.PrismNative.warm(); // the browser (or this worker) just started: load the host now
})();
