// ESLint for extension/ (flat config, run by .ci/run). No plugins or shared configs, so `npx eslint`
// needs nothing installed in the repository: the rules below are ESLint's own bug-catchers.
const browserGlobals = Object.fromEntries([
  // the page and the extension APIs (Chrome's `chrome`, Firefox's `browser`)
  "window", "document", "navigator", "console", "setTimeout", "clearTimeout", "setInterval", "clearInterval",
  "requestAnimationFrame", "getComputedStyle", "crypto", "CSS", "Node", "Element", "HTMLElement",
  "HTMLInputElement", "HTMLTextAreaElement", "HTMLIFrameElement", "HTMLFrameElement", "CSSStyleSheet", "MutationObserver", "ResizeObserver", "IntersectionObserver", "IntersectionObserverEntry", "NodeFilter", "Range",
  "location", "URL", "Event", "KeyboardEvent", "MouseEvent", "CustomEvent", "ShadowRoot", "DOMRect",
  "AbortController", "TextEncoder", "performance", "queueMicrotask", "structuredClone", "Intl", "importScripts",
  "browser", "chrome",
].map((name) => [name, "readonly"]));

export default [
  {
    files: ["extension/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: browserGlobals },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
      "no-redeclare": "error",
      "no-dupe-keys": "error",
      "no-dupe-args": "error",
      "no-duplicate-case": "error",
      "no-unreachable": "error",
      "no-unsafe-finally": "error",
      "no-unsafe-negation": "error",
      "no-cond-assign": "error",
      "no-constant-condition": ["error", { checkLoops: false }],
      "no-empty": ["error", { allowEmptyCatch: true }],
      "no-fallthrough": "error",
      "no-self-assign": "error",
      "no-self-compare": "error",
      "no-sparse-arrays": "error",
      "use-isnan": "error",
      "valid-typeof": "error",
      "no-global-assign": "error",
      "no-func-assign": "error",
      "no-shadow-restricted-names": "error",
      "no-loss-of-precision": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-var": "error",
      "eqeqeq": ["error", "always", { null: "ignore" }],
    },
  },
  {
    // extension pages' own scripts are modules: each imports the shared scripts it uses
    files: ["extension/options/*.js", "extension/surface/surface.js", "extension/welcome/welcome.js"],
    languageOptions: { sourceType: "module" },
  },
];
