"""Driving the extension the way a user does, and reading its closed-shadow-root overlay through
CDP (DOM.getDocument with pierce=true sees closed shadow roots; page scripts do not)."""

from __future__ import annotations

import re
import subprocess
import time

BASE = "http://mail.example.test"
EXTENSION_ID = "fniabhcimgkcdihkijajflkdcopdplhg"  # from the manifest key

_READ = """function () {
  const q = (s) => this.querySelector(s);
  const t = (s) => { const n = q(s); return n ? n.textContent : null; };
  const box = q('.box');
  const r = box ? box.getBoundingClientRect() : null;
  const original = q('.body > .section:not(.sent)');
  const sent = q('.section.sent');
  return {
    kind: box && box.classList.contains('page') ? 'page' : 'selection',
    title: t('.title'),
    text: t('.body > .text'),
    busy: !!q('.busy'),
    error: t('.error'),
    command: t('.error code'),
    original: original ? original.textContent : null,
    original_hidden: original ? original.hidden : null,
    sent: sent ? sent.textContent : null,
    xpub: sent ? sent.childNodes[1].textContent : null,
    original_text: original ? original.childNodes[1].textContent : null,
    sent_hidden: sent ? sent.hidden : null,
    stats: t('.body .stats'),
    buttons: [...this.querySelectorAll('button')].map((b) => b.textContent),
    paragraphs: [...this.querySelectorAll('.para > .text')].map((e) => e.textContent),
    originals: [...this.querySelectorAll('.para > .section')].map((e) => ({ text: e.textContent, hidden: e.hidden })),
    rect: r && { x: r.left, y: r.top, width: r.width, height: r.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    background: box ? getComputedStyle(box).backgroundColor : null,
    tags: [...this.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()),
    host_display: getComputedStyle(this.host).display,
  };
}"""


def open_page(stack, path: str):
    page = stack.context.new_page()
    page.goto(f"{BASE}/{path}")
    page.wait_for_load_state("load")
    return page


def frame_by_url(page, fragment: str):
    for frame in page.frames:
        if fragment in frame.url:
            return frame
    raise AssertionError(f"no frame with {fragment!r}: {[f.url for f in page.frames]}")


def select_text(frame, selector: str) -> str:
    """Select an element's text like a user would (mouse selection), focusing its frame."""
    return frame.evaluate(
        """(sel) => {
            window.focus();
            const el = document.querySelector(sel);
            const range = document.createRange();
            range.selectNodeContents(el);
            const s = window.getSelection();
            s.removeAllRanges();
            s.addRange(range);
            return s.toString();
        }""", selector)


def select_in_field(frame, selector: str, start: int, end: int) -> str:
    return frame.evaluate(
        """([sel, start, end]) => {
            const el = document.querySelector(sel);
            el.focus();
            el.setSelectionRange(start, end);
            return el.value.slice(start, end);
        }""", [selector, start, end])


def tab_id(stack) -> int:
    """The most recently opened tab (tests open the page they act on last)."""
    ids = stack.worker().evaluate("async () => (await chrome.tabs.query({})).map((t) => t.id)")
    return max(ids)


def shortcut(stack) -> dict:
    """What the keyboard shortcut runs (commands.onCommand)."""
    return stack.worker().evaluate(
        "(id) => PrismHandlers.onCommand(PrismHandlers.COMMAND, { id })", tab_id(stack))


def context_menu(stack, frame_id: int = 0) -> dict:
    """What a click on "Translate privately" runs (contextMenus.onClicked)."""
    return stack.worker().evaluate(
        "([id, frameId]) => PrismHandlers.onMenuClicked({ menuItemId: PrismHandlers.MENU_ID, frameId }, { id })",
        [tab_id(stack), frame_id])


def toolbar_action(stack) -> dict:
    return stack.worker().evaluate("(id) => PrismHandlers.onActionClicked({ id })", tab_id(stack))


def _walk(node, frame_url, found, path=()):
    """Collect (overlay host, its document's URL, ids of the iframes leading to it)."""
    url = node.get("documentURL", frame_url)
    if node.get("nodeName") == "PRISM-TRANSLATE-OVERLAY":
        found.append((node, url, path))
    if "contentDocument" in node:
        attrs = node.get("attributes", [])
        frame_id = dict(zip(attrs[::2], attrs[1::2])).get("id", "?")
        _walk(node["contentDocument"], node["contentDocument"].get("documentURL"), found, (*path, frame_id))
    for child in node.get("children", []) + node.get("shadowRoots", []):
        _walk(child, url, found, path)


def overlays(page) -> list[dict]:
    """Every PRISM overlay in the page and its same-process frames, read through CDP."""
    cdp = page.context.new_cdp_session(page)
    try:
        doc = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})
        found: list = []
        _walk(doc["root"], doc["root"].get("documentURL"), found)
        result = []
        for host, url, path in found:
            roots = host.get("shadowRoots", [])
            info = {"frame": url, "frame_path": list(path), "shadow": [r.get("shadowRootType") for r in roots]}
            if roots:
                obj = cdp.send("DOM.resolveNode", {"backendNodeId": roots[0]["backendNodeId"]})["object"]
                value = cdp.send("Runtime.callFunctionOn", {"objectId": obj["objectId"], "functionDeclaration": _READ,
                                                            "returnByValue": True})
                info.update(value["result"]["value"])
                info["object"] = obj["objectId"]
            result.append(info)
        return result
    finally:
        cdp.detach()


def real_overlays(page) -> list[dict]:
    return [o for o in overlays(page) if o["shadow"] == ["closed"]]


def wait_overlay(page, done=lambda o: not o["busy"], timeout: float = 90) -> dict:
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        found = real_overlays(page)
        for o in found:
            if done(o):
                return o
        last = found
        time.sleep(0.2)
    raise AssertionError(f"overlay never got there: {last}")


def click_in_overlay(page, label: str) -> None:
    """Press an overlay button (found by its label) inside the closed shadow root."""
    cdp = page.context.new_cdp_session(page)
    try:
        doc = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})
        found: list = []
        _walk(doc["root"], None, found)
        for host, _, _ in found:
            for root in host.get("shadowRoots", []):
                if root.get("shadowRootType") != "closed":
                    continue
                obj = cdp.send("DOM.resolveNode", {"backendNodeId": root["backendNodeId"]})["object"]
                clicked = cdp.send("Runtime.callFunctionOn", {
                    "objectId": obj["objectId"], "returnByValue": True, "arguments": [{"value": label}],
                    "functionDeclaration": "function (label) { const b = [...this.querySelectorAll('button')]"
                                           ".find((x) => x.textContent === label); if (b) b.click(); return !!b; }"})
                if clicked["result"]["value"]:
                    return
        raise AssertionError(f"no overlay button {label!r}")
    finally:
        cdp.detach()


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]+", text)}


def apertium(text: str) -> str:
    return subprocess.run(["/usr/bin/apertium", "-u", "eng-spa"], input=text, capture_output=True, text=True,
                          check=True).stdout


def similar_to_apertium(shown: str, original: str) -> bool:
    """Most words of the overlay are those Apertium gives for the original text directly (PRISM
    restores the hidden words; a surrogate the translator altered stays unrestored and is counted)."""
    direct = words(apertium(original))
    return len(words(shown) & direct) / len(direct) > 0.6

