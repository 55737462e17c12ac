"""Driving the extension the way a user does, and reading its closed-shadow-root overlay through
CDP (DOM.getDocument with pierce=true sees closed shadow roots; page scripts do not)."""

from __future__ import annotations

import contextlib
import json
import os
import functools
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

BASE = "http://mail.example.test"
EXTENSION_ID = "fniabhcimgkcdihkijajflkdcopdplhg"  # from the manifest key

SURFACE = f"chrome-extension://{EXTENSION_ID}/surface/surface.html"

# Read inside the overlay's surface (the extension page in its iframe), which Playwright reaches
# as a frame of its own; page scripts cannot.
_READ = """() => {
  const q = (s) => document.querySelector(s);
  const t = (s) => { const n = q(s); return n ? n.textContent : null; };
  const original = q('.section.original');
  const sent = q('.section.sent');
  const box = q('.box');
  return {
    kind: /this message/.test(t('#title')) ? 'page' : 'selection',
    title: t('#title'),
    pair: q('#pair') && [...q('#pair').childNodes].map((n) => n.tagName === 'SELECT' ? n.selectedOptions[0].textContent : n.textContent).join(''),
    text: t('#translation') ?? t('.text.partial'),
    marks: [...document.querySelectorAll('#translation mark')].map((m) => ({ text: m.textContent, reason: m.dataset.reason })),
    check: t('.check'),
    warnings: [...document.querySelectorAll('.warnings li')].map((e) => e.textContent),
    busy: !q('#body').childElementCount || !!q('.busy') || (!!q('progress') && !/All|Stopped/.test(t('#body') || '')),
    error: t('.error'),
    command: t('.error code'),
    original: original ? original.textContent : null,
    original_hidden: original ? original.hidden : null,
    original_text: original ? original.childNodes[1].textContent : null,
    sent: sent ? sent.textContent : null,
    xpub: sent ? sent.childNodes[1].textContent : null,
    sent_hidden: sent ? sent.hidden : null,
    stats: t('.body .stats'),
    live: t('#live'),
    focused: document.hasFocus() ? (document.activeElement && (document.activeElement.id || document.activeElement.tagName)) : null,
    buttons: [...document.querySelectorAll('button')].map((b) => b.textContent),
    pressed: [...document.querySelectorAll('button[aria-pressed=true]')].map((b) => b.textContent),
    background: box ? getComputedStyle(box).backgroundColor : null,
    tags: [...document.querySelectorAll('#body *')].map((e) => e.tagName.toLowerCase()),
  };
}"""


FRAME_TIMEOUT_MS = 15_000  # a frame that does not answer in this time is frozen: fail, do not hang
WORKER_TIMEOUT_MS = 200_000  # a whole translation (the host's own timeout is 120 s per reply)


DAMAGED_SETTINGS = '{"translator": "apertium", '  # not valid JSON: the helper reports E059


@contextlib.contextmanager
def settings_file(root: Path, text: str):
    """The helper's settings file (under a stack's root) holds `text` within the block; after it,
    the file is as it was, and no damaged copy the helper kept aside is left."""
    config = root / "config" / "prism-translate" / "config.json"
    before = config.read_text() if config.exists() else None
    config.write_text(text)
    try:
        yield config
    finally:
        for kept in config.parent.glob("config.json.corrupt-*"):
            kept.unlink()
        if before is None:
            config.unlink(missing_ok=True)
        else:
            config.write_text(before)


def evaluate(frame, script: str, arg=None, timeout_ms: int = FRAME_TIMEOUT_MS):
    """frame.evaluate with a deadline. Playwright's evaluate has none, and a frozen frame would
    hang the suite; wait_for_function has one, enforced outside the frame. The (synchronous)
    function runs once; its result comes back as a JSON string (always truthy), read from the
    handle's text (toString), which Playwright holds locally: asking the frame for the value in a
    second call would hang if the frame froze in between."""
    handle = frame.wait_for_function(f"(arg) => JSON.stringify({{ value: ({script})(arg) }})", arg=arg,
                                     timeout=timeout_ms, polling=100)
    return json.loads(str(handle)).get("value")


def in_worker(stack, script: str, arg=None, timeout_ms: int = WORKER_TIMEOUT_MS):
    """worker.evaluate of an async function, rejected after a deadline (the worker's own timer:
    a service worker waiting on the host is idle, not frozen)."""
    return stack.worker().evaluate(
        f"""(arg) => Promise.race([
            Promise.resolve(({script})(arg)),
            new Promise((_, reject) => setTimeout(() => reject(new Error("no answer in {timeout_ms} ms")), {timeout_ms})),
        ])""", arg)


def wait_for(predicate, timeout: float = 30, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


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
    return evaluate(frame,
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
    return evaluate(frame,
        """([sel, start, end]) => {
            const el = document.querySelector(sel);
            el.focus();
            el.setSelectionRange(start, end);
            return el.value.slice(start, end);
        }""", [selector, start, end])


def tab_id(stack) -> int:
    """The most recently opened tab (tests open the page they act on last)."""
    ids = in_worker(stack, "async () => (await chrome.tabs.query({})).map((t) => t.id)", timeout_ms=FRAME_TIMEOUT_MS)
    return max(ids)


def shortcut(stack) -> dict:
    """What the keyboard shortcut runs (commands.onCommand)."""
    return in_worker(stack, "(id) => PrismHandlers.onCommand(PrismHandlers.COMMAND, { id })", tab_id(stack))


def context_menu(stack, frame_id: int = 0) -> dict:
    """What a click on "Translate privately" runs (contextMenus.onClicked)."""
    return in_worker(stack, "([id, frameId]) => PrismHandlers.onMenuClicked({ menuItemId: PrismHandlers.MENU_ID, frameId }, { id })",
                     [tab_id(stack), frame_id])


def toolbar_action(stack) -> dict:
    return in_worker(stack, "(id) => PrismHandlers.onActionClicked({ id })", tab_id(stack))


def surfaces(page) -> list:
    evaluate(page, "() => 0")  # a round trip, so Playwright has taken in frames attached since the last call
    return [f for f in page.frames if f.url.startswith(SURFACE) and not f.is_detached()]


def _frame_path(frame) -> list[str]:
    path = []
    while frame.parent_frame is not None:
        path.append(frame.frame_element().get_attribute("id") or "?")
        frame = frame.parent_frame
    return path[::-1]


def overlays(page) -> list[dict]:
    """Every PRISM overlay of the tab: what its surface shows, which document hosts it, where."""
    result = []
    for surface in surfaces(page):
        try:
            info = evaluate(surface, _READ)
            host = surface.parent_frame
            info["frame"] = host.url
            info["frame_path"] = _frame_path(host)
            # what the hosting page's own scripts see of our element: no shadow root
            info["shadow"] = evaluate(host, "() => [...document.querySelectorAll('prism-translate-overlay')]"
                                            ".filter((h) => !h.id).map((h) => h.shadowRoot === null ? 'closed' : 'open')")
            element = surface.frame_element()
            info["visible"] = element.is_visible()
            box = element.bounding_box()
            info["rect"] = box and {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}
            info["viewport"] = evaluate(page, "() => ({ width: document.documentElement.clientWidth, height: innerHeight })")
            info["surface"] = surface
        except PlaywrightTimeout:
            raise AssertionError(f"the overlay's frame {surface.url[:80]} did not answer within {FRAME_TIMEOUT_MS} ms") from None
        except Exception:  # a surface closing while we read it
            continue
        result.append(info)
    return result


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
    raise AssertionError(f"overlay never got there: {[{k: v for k, v in o.items() if k != 'surface'} for o in last or []]}")


def wait_closed(page, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while overlays(page):
        assert time.monotonic() < deadline, "the overlay stayed open"
        time.sleep(0.1)


ARM_S = 0.6  # the overlay takes a click that acts on the page 500 ms after the pointer came to rest on it


def click_in_overlay(page, label: str) -> None:
    """Press an overlay button (found by its exact label) with the mouse, as a user does; on a
    button that writes into the page (Replace, Insert) the pointer rests a moment first."""
    for surface in surfaces(page):
        button = surface.locator(f"button:text-is({label!r})")
        if button.count():
            if button.first.get_attribute("data-acts", timeout=FRAME_TIMEOUT_MS) is not None:
                button.first.hover(timeout=FRAME_TIMEOUT_MS)
                time.sleep(ARM_S)
            # × removes the very frame clicked in: waiting for what the click started could then
            # wait out the timeout (it did once in CI), so the caller waits for what it expects
            try:
                button.first.click(timeout=FRAME_TIMEOUT_MS, no_wait_after=True)
            except PlaywrightTimeout:
                # ... and even without waiting, Playwright has waited out the click's own
                # acknowledgement from a frame the click removed (twice in CI): the click landed
                # when its surface is gone, and the caller checks what it did
                if not surface.is_detached():
                    raise
            return
    raise AssertionError(f"no overlay button {label!r}")


def choose_in_overlay(page, label: str, value: str) -> None:
    """Pick an option of an overlay list (found by its accessible name), as a user does."""
    for surface in surfaces(page):
        box = surface.get_by_label(label, exact=True)
        if box.count():
            box.first.select_option(value, timeout=FRAME_TIMEOUT_MS)
            return
    raise AssertionError(f"no overlay list {label!r}")


def _text(node) -> str:
    if node.get("nodeType") == 3:
        return node.get("nodeValue", "")
    return "".join(_text(c) for c in node.get("children", []) + node.get("shadowRoots", []))


def _translations(node, frame_url, found, path=()):
    url = node.get("documentURL", frame_url)
    if node.get("nodeName") == "PRISM-TRANSLATION":
        attrs = node.get("attributes", [])
        attrs = dict(zip(attrs[::2], attrs[1::2]))
        found.append({"frame": url, "frame_path": list(path), "text": _text({"children": node.get("shadowRoots", [])}),
                      "marked": attrs.get("data-prism-marked") == "true", "style": attrs.get("style", ""),
                      "shadow": [r.get("shadowRootType") for r in node.get("shadowRoots", [])],
                      "marks": [_text(m) for m in _find(node, "MARK")]})
        return
    if "contentDocument" in node:
        attrs = node.get("attributes", [])
        frame_id = dict(zip(attrs[::2], attrs[1::2])).get("id", "?")
        _translations(node["contentDocument"], node["contentDocument"].get("documentURL"), found, (*path, frame_id))
    for child in node.get("children", []) + node.get("shadowRoots", []):
        _translations(child, url, found, path)


def _find(node, name):
    out = [node] if node.get("nodeName") == name else []
    for child in node.get("children", []) + node.get("shadowRoots", []):
        out += _find(child, name)
    return out


def page_translations(page) -> list[dict]:
    """The translations the whole-message view put into the page (and its same-process frames),
    read through CDP, which sees inside their closed shadow roots."""
    evaluate(page, "() => 0")  # CDP calls have no deadline: a frozen page fails here, in bounded time
    cdp = page.context.new_cdp_session(page)
    try:
        doc = cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})
        found: list = []
        _translations(doc["root"], doc["root"].get("documentURL"), found)
        return found
    finally:
        cdp.detach()


def screenshot(page, name: str) -> Path:
    """Save a screenshot to a temporary folder, or to docs/ (the README's pictures) when
    E2E_REFRESH_SCREENSHOTS=1: a normal test run never rewrites tracked files."""
    if os.environ.get("E2E_REFRESH_SCREENSHOTS") == "1":
        folder = Path(__file__).resolve().parents[2] / "docs"
    else:
        folder = Path(tempfile.gettempdir()) / "prism-e2e-screenshots"
        folder.mkdir(exist_ok=True)
    path = folder / name
    page.screenshot(path=str(path))
    return path


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


MARKER = re.compile(r"^¶¶\d+¶¶\.?$", re.M)


def translator_inputs(stack) -> str:
    return "\n".join(MARKER.sub("", c["input"]) for c in stack.translator_calls())


def assert_outside_not_sent(sent: str, outside: tuple[str, ...]) -> None:
    """No word of the app around the message reached the translator: anywhere for a word no
    substitute can be, and as a line of its own ("Drafts" of the folder list) for a dictionary word,
    which PRISM* may send in place of a word of the message ("library" for "school")."""
    lines = {line.strip().lower() for line in sent.split("\n")}
    for word in outside:
        assert word.lower() not in (lines if word.lower() in _drawable() else words(sent)), word


@functools.cache
def _drawable() -> frozenset[str]:
    """The words PRISM* may send in place of an English word (the en-es dictionary's forms)."""
    from prism_translate.dictionary.format import find_dictionary

    return frozenset(e.word.lower() for e in find_dictionary("es", "en").entries)


def assert_private(stack, overlay: dict, must_hide: tuple[str, ...]) -> None:
    """What the translator received is exactly the x_pub the overlay shows; the hidden words (the
    original's words missing from x_pub) and the named entities appear in no translator input and
    in no request that left the browser."""
    calls = stack.translator_calls()
    assert calls, "the translator was never called"
    assert translator_inputs(stack).strip() == overlay["xpub"].strip()
    hidden = words(overlay["original_text"]) - words(overlay["xpub"])
    assert {w.lower() for w in must_hide} <= hidden, hidden
    sent_words = words(translator_inputs(stack))
    assert not hidden & sent_words
    assert stack.seen_by_playwright, "Playwright recorded no request at all"
    # Every request Chromium made (its own component-update and sign-in probes included: the
    # proxy records and refuses anything outside the fixture sites) is free of the hidden words.
    for request in stack.site.requests + stack.seen_by_playwright:
        blob = " ".join([request["url"], request["body"], *request["headers"].values()])
        assert not hidden & words(blob), request["url"]


def _luminance(rgb) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a, b) -> float:
    hi, lo = sorted([_luminance(a), _luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def rgb(css: str) -> tuple:
    return tuple(float(v) for v in re.findall(r"[\d.]+", css)[:3])


@contextlib.contextmanager
def installed_dictionary(stack, pair: str):
    """The shipped dictionary of `pair` installed next to en-es while the block runs."""
    installed = stack.root / "dictionaries" / f"{pair}.json"
    shutil.copy(Path(__file__).resolve().parents[2] / "dictionaries" / f"{pair}.json", installed)
    try:
        yield stack
    finally:
        installed.unlink()


@contextlib.contextmanager
def reading(stack, target: str):
    """`target` as the language the user reads (the helper's settings) while the block runs."""
    settings = json.loads((stack.root / "config" / "prism-translate" / "config.json").read_text())
    with settings_file(stack.root, json.dumps({**settings, "target": target})):
        yield stack


def read_by_shortcut(stack, path: str, selector: str) -> tuple:
    """Open a fixture page, select `selector`'s text and press the shortcut: (page, the selected
    text, the finished overlay), the overlay without an error."""
    page = open_page(stack, path)
    original = select_text(page, selector)
    started = shortcut(stack)
    assert started["ok"] is True, started
    overlay = wait_overlay(page)
    assert overlay["error"] is None, overlay["error"]
    return page, original, overlay


def refused_by_shortcut(stack, path: str, selector: str, code: str) -> dict:
    """Open a fixture page, select `selector`'s text and press the shortcut, which must answer
    with the error `code`: the overlay that says why."""
    page = open_page(stack, path)
    select_text(page, selector)
    assert shortcut(stack) == {"ok": False, "code": code}
    return wait_overlay(page)


def assert_sent_none_of(stack, private: set[str]) -> None:
    """The translator was called, and none of these (lower-case) words reached it."""
    sent = words(translator_inputs(stack))
    assert sent and not private & sent, private & sent
