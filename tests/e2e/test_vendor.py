"""A paid-API translator (a local fake DeepL that follows DeepL's documented API and translates
with the real Apertium): a rejected key is an actionable error, and the vendor receives only x_pub."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from fakes import FakeDeepL
from e2e_helpers import context_menu, open_page, select_text, wait_overlay, words

pytestmark = pytest.mark.e2e


def apertium(text: str, source: str, target: str) -> str:
    return subprocess.run(["/usr/bin/apertium", "-u", "eng-spa"], input=text, capture_output=True, text=True,
                          check=True).stdout.rstrip("\n")


def store_key(stack, secret: str) -> None:
    subprocess.run([sys.executable, "-c", f"from prism_translate import credentials; credentials.set_key('deepl', {secret!r})"],
                   env=stack.env, check=True)


def test_deepl_key_rejected_then_only_x_pub_reaches_the_vendor(e2e):
    with FakeDeepL(translate_fn=apertium, keys={"good-key:fx"}) as deepl:
        settings = {"translator": "deepl", "deepl.endpoint": deepl.url}
        (e2e.root / "config" / "prism-translate" / "config.json").write_text(json.dumps(settings))
        store_key(e2e, "wrong-key:fx")
        page = open_page(e2e, "outlook.html")
        select_text(page.main_frame, "#para")
        assert context_menu(e2e, 0) == {"ok": False, "code": "E031"}
        overlay = wait_overlay(page)
        assert "The translator rejected the API key [E031]" in overlay["error"]
        assert "Open options" in overlay["buttons"]

        # the user enters the right key in the options: handed to the running host (set_key),
        # which rebuilds its translator with it
        stored = e2e.worker().evaluate(
            "PrismNative.request('set_key', { backend: 'deepl', secret: 'good-key:fx' }).then((d) => d.configured)")
        assert stored is True
        deepl.requests.clear()
        select_text(page.main_frame, "#para")
        result = context_menu(e2e, 0)
        assert result["ok"] is True, (result, wait_overlay(page)["error"])
        overlay = wait_overlay(page)
        assert "Maria Garcia" in overlay["text"] and "Maria" not in "".join(deepl.texts())
        assert "deepl" in overlay["sent"]
        # the vendor saw exactly the x_pub the overlay shows, and no hidden word or name
        assert "\n".join(deepl.texts()).strip() == overlay["xpub"].strip()
        hidden = words(overlay["original_text"]) - words(overlay["xpub"])
        assert {"maria", "garcia", "chicago"} <= hidden
        for request in deepl.requests:
            blob = " ".join([request.path, request.body.decode("utf-8"), *request.headers.values()])
            assert not hidden & words(blob)
