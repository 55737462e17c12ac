"""Replace selection / Insert below for the selections people really make in a compose box, made
with the real mouse and keyboard (page.mouse, page.keyboard): a triple-click on a line, a drag over
two paragraphs, Ctrl+A; in a Gmail-like and an Outlook-like contenteditable draft, a
Roundcube-like TinyMCE editor in an iframe, and a textarea. One Ctrl+Z undoes the change; the
keyboard is back in the editor after the insert and after Esc (issue 27). Real Chromium, host,
spaCy, Apertium; the translator spy sees no private word."""

from __future__ import annotations

import time

import pytest
from e2e_helpers import (
    ARM_S, FRAME_TIMEOUT_MS, evaluate, frame_by_url, open_page, shortcut, surfaces, wait_closed, wait_for, wait_overlay,
)
from e2e_helpers import assert_private

pytestmark = pytest.mark.e2e

# the text's first and last character, in the page's coordinates (the frame's offset added)
_ENDS = """([first, last]) => {
  const at = (node, offset) => { const r = document.createRange(); r.setStart(node, offset); r.setEnd(node, offset + 1);
                                 return r.getBoundingClientRect(); };
  const text = (id, which) => { const w = document.createTreeWalker(document.getElementById(id), NodeFilter.SHOW_TEXT);
                                let n = w.nextNode(), found = n; while (which === 'last' && (n = w.nextNode())) found = n; return found; };
  const a = text(first, 'first'), b = text(last, 'last');
  const s = at(a, 0), e = at(b, b.length - 1);
  return [s.left + 1, s.top + s.height / 2, e.right - 1, e.top + e.height / 2];
}"""


def _offset(frame) -> tuple[float, float]:
    if frame.parent_frame is None:
        return 0.0, 0.0
    box = frame.frame_element().bounding_box()
    return box["x"], box["y"]


def triple_click(page, frame, element_id: str) -> str:
    ox, oy = _offset(frame)
    x, y, _, _ = evaluate(frame, _ENDS, [element_id, element_id])
    page.mouse.click(ox + x + 20, oy + y, click_count=3)
    return evaluate(frame, "() => getSelection().toString()")


def drag(page, frame, first: str, last: str) -> str:
    ox, oy = _offset(frame)
    x1, y1, x2, y2 = evaluate(frame, _ENDS, [first, last])
    page.mouse.move(ox + x1, oy + y1)
    page.mouse.down()
    page.mouse.move(ox + x2, oy + y2, steps=12)
    page.mouse.up()
    return evaluate(frame, "() => getSelection().toString()")


def press_in_overlay(page, label: str) -> None:
    """The user's mouse on an overlay button: to it, a moment's rest, a click."""
    [surface] = surfaces(page)
    box = surface.locator(f"button:text-is({label!r})").bounding_box(timeout=FRAME_TIMEOUT_MS)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y, steps=5)
    time.sleep(ARM_S)
    page.mouse.click(x, y)


def text_of(frame, selector: str) -> str:
    return evaluate(frame, "(s) => { const el = document.querySelector(s); return 'value' in el ? el.value : el.innerText; }", selector)


def focused(frame) -> str:
    return evaluate(frame, "() => document.hasFocus() && document.activeElement ? document.activeElement.id : null")


def translate(e2e, page, must_hide: tuple[str, ...]) -> dict:
    e2e.reset_records()
    assert shortcut(e2e)["ok"] is True
    overlay = wait_overlay(page)
    assert overlay["error"] is None
    assert_private(e2e, overlay, must_hide)
    return overlay


def replaced_and_undone(page, frame, editor: str, before: str, how: str, check) -> None:
    overlay = wait_overlay(page)
    press_in_overlay(page, how)
    wait_closed(page)
    after = text_of(frame, editor)
    check(after, overlay["text"].strip())
    assert focused(frame) == editor.lstrip("#")  # the keyboard is back in the draft, after the new text
    page.keyboard.press("Control+z")  # one step, as the user made one
    assert text_of(frame, editor) == before


def test_gmail_like_draft_triple_click_a_line_then_replace(e2e):
    page = open_page(e2e, "compose-webmail.html")
    frame = page.main_frame
    before = text_of(frame, "#gmail")
    selected = triple_click(page, frame, "g1")
    assert selected.strip() == "Maria Garcia visited the school in Chicago last week."
    translate(e2e, page, ("Maria", "Garcia", "Chicago"))

    def check(after, translation):
        lines = after.split("\n")
        assert translation in lines and "Maria Garcia visited" not in after  # the line, and only it, replaced
        assert lines[lines.index(translation) + 1].startswith("She bought five old books")
        assert after.startswith("Hello Maria,\n") and after.endswith("Best,")

    replaced_and_undone(page, frame, "#gmail", before, "Replace selection", check)


def test_outlook_like_draft_drag_over_two_paragraphs_then_replace(e2e):
    page = open_page(e2e, "compose-webmail.html")
    frame = page.main_frame
    before = text_of(frame, "#outlook")
    selected = drag(page, frame, "o1", "o2")
    assert selected.startswith("Robert Smith found") and selected.rstrip().endswith("school library.")
    translate(e2e, page, ("Robert", "Smith", "Denver"))

    def check(after, translation):
        assert "Robert Smith found the green" not in after and "The new teacher" not in after
        assert [line for line in translation.split("\n") if line.strip()][0] in after
        assert after.rstrip().endswith("Kind regards,")

    replaced_and_undone(page, frame, "#outlook", before, "Replace selection", check)


def test_roundcube_like_editor_in_an_iframe_triple_click_insert_below_and_ctrl_a_replace(e2e):
    page = open_page(e2e, "compose-roundcube.html")
    frame = frame_by_url(page, "compose-roundcube-editor.html")
    before = text_of(frame, "#tinymce")
    triple_click(page, frame, "r1")
    translate(e2e, page, ("Alice", "Johnson", "Boston"))

    def below(after, translation):
        lines = [line for line in after.split("\n") if line.strip()]
        i = lines.index("Alice Johnson signed the contract for the house in Boston.")
        assert lines[i + 1] == translation and lines[i + 2].startswith("The new teacher")

    replaced_and_undone(page, frame, "#tinymce", before, "Insert below", below)

    page.keyboard.press("Control+a")
    assert evaluate(frame, "() => getSelection().toString()").strip().startswith("Dear Alice,")
    translate(e2e, page, ("Alice", "Johnson", "Boston"))

    def everything(after, translation):
        assert "Dear Alice" not in after and "Regards, Robert" not in after and "Johnson" in after

    replaced_and_undone(page, frame, "#tinymce", before, "Replace selection", everything)


def test_textarea_triple_click_then_replace(e2e):
    page = open_page(e2e, "compose-webmail.html")
    frame = page.main_frame
    before = text_of(frame, "#plain")
    box = page.locator("#plain").bounding_box()
    page.mouse.click(box["x"] + 60, box["y"] + 27, click_count=3)  # the second line
    selected = evaluate(frame, "() => { const f = document.activeElement; return f.value.slice(f.selectionStart, f.selectionEnd); }")
    assert selected.startswith("Alice Johnson signed")
    translate(e2e, page, ("Alice", "Johnson", "Boston"))

    def check(after, translation):
        assert after.startswith("Hello Robert,\n") and "Alice Johnson signed" not in after
        assert translation.split("\n")[0] in after and after.endswith("school library.\nThanks")

    replaced_and_undone(page, frame, "#plain", before, "Replace selection", check)


def test_esc_gives_the_keyboard_back_to_the_draft_with_the_selection(e2e):
    page = open_page(e2e, "compose-roundcube.html")
    frame = frame_by_url(page, "compose-roundcube-editor.html")
    selected = triple_click(page, frame, "r1")
    translate(e2e, page, ("Alice", "Johnson", "Boston"))
    [surface] = surfaces(page)
    assert evaluate(surface, "() => document.hasFocus()")  # the overlay has the keyboard
    page.keyboard.press("Escape")
    wait_closed(page)
    assert focused(frame) == "tinymce"
    assert evaluate(frame, "() => getSelection().toString()").strip() == selected.strip()


def test_esc_gives_the_keyboard_back_to_a_reply_box_in_a_tiny_frame_whose_overlay_opened_in_the_top_page(e2e):
    """A quick-reply box in a 260 x 70 cross-origin frame: the translation box opens in the top
    page; Esc there puts the keyboard back into the reply box, with the words the user selected."""
    page = open_page(e2e, "webmail-quick-reply.html")
    frame = frame_by_url(page, "cdn.example.test/quick-reply.html")
    frame.locator("#reply").click()
    page.keyboard.press("Control+a")  # the user's own selection, with the keyboard
    assert evaluate(frame, "() => { const r = document.getElementById('reply'); return [r.selectionStart, r.selectionEnd]; }") == [0, 69]
    overlay = translate(e2e, page, ("Maria", "Garcia", "Chicago"))
    assert overlay["frame_path"] == []  # in the top page: the frame has no room
    [surface] = surfaces(page)
    assert evaluate(surface, "() => document.hasFocus()")
    page.keyboard.press("Escape")
    wait_closed(page)
    wait_for(lambda: focused(frame) == "reply", timeout=5, what="the keyboard back in the reply box")
    assert evaluate(frame, "() => { const r = document.getElementById('reply'); return [r.selectionStart, r.selectionEnd]; }") == [0, 69]
    page.keyboard.type("X")  # what the user types goes into the reply box, over the selection
    assert text_of(frame, "#reply") == "X"
