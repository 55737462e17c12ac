"""Static checks of the extension package that no single browser run catches: Firefox's background
list matches what Chrome's service worker imports, the extension mirrors the host's names and
error codes, and no remote or generated code is possible."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from prism_translate.errors import CATALOGUE
from prism_translate.protocol.dispatch import HANDLERS

REPO = Path(__file__).resolve().parents[2]
EXT = REPO / "extension"
MANIFEST = json.loads((EXT / "manifest.json").read_text())
PROTOCOL_JS = (EXT / "shared" / "protocol.js").read_text()

from prism_translate import install as install_host  # noqa: E402  (install_host.py loads this file)


def test_firefox_background_scripts_are_what_the_chrome_worker_imports():
    worker = MANIFEST["background"]["service_worker"]
    imported = re.search(r"importScripts\(([^)]*)\)", (EXT / worker).read_text()).group(1)
    imports = [posixpath.normpath(posixpath.join(posixpath.dirname(worker), name))
               for name in re.findall(r'"([^"]+)"', imported)]
    assert MANIFEST["background"]["scripts"] == [*imports, worker]


def test_every_file_the_manifest_names_exists():
    named = [*MANIFEST["background"]["scripts"], MANIFEST["options_ui"]["page"],
             *MANIFEST["icons"].values(), *MANIFEST["action"]["default_icon"].values()]
    for script in MANIFEST["content_scripts"]:
        named += script["js"]
    assert all((EXT / n).is_file() for n in named), [n for n in named if not (EXT / n).is_file()]


def test_names_and_error_codes_mirror_the_host():
    assert f'HOST_NAME: "{install_host.HOST_NAME}"' in PROTOCOL_JS
    codes = set(re.findall(r"^(E\d{3}) \| ", PROTOCOL_JS, re.M))  # its error table
    assert codes and codes <= set(CATALOGUE)  # no code the host does not know
    host_side = {c for c in CATALOGUE if "E060" <= c <= "E069" or "E090" <= c <= "E099"}
    protocol_md = (REPO / "PROTOCOL.md").read_text()
    assert all(f"| {c} |" in protocol_md for c in host_side)
    for action in HANDLERS:
        assert f'"{action}"' in PROTOCOL_JS and f"### `{action}`" in protocol_md


def test_no_remote_or_generated_code():
    for js in EXT.rglob("*.js"):
        source = js.read_text()
        for banned in ("eval(", "new Function", "innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                       "importScripts(\"http", "fetch("):
            assert banned not in source, f"{banned} in {js}"
    for html in EXT.rglob("*.html"):
        assert not re.search(r"<script[^>]+src=\"https?:", html.read_text())
    assert "content_security_policy" not in MANIFEST  # the MV3 default: script-src 'self'


def test_the_extension_repeats_none_of_the_hosts_rules():
    """ε, the methods' names, the short-text rule and the request limits come from the host
    (`capabilities`, protocol/actions/published.py, and the host's own short-text rule): no
    formula, name or number of them is written again in the extension."""
    scripts = {js.relative_to(EXT).as_posix(): js.read_text() for js in EXT.rglob("*.js")}
    for rule in ("Math.log", "PRISM-R", "min_hidden", "ratio: 1", "1024 * 1024", "max_chars: ", "max_texts: "):
        assert not [name for name, source in scripts.items() if rule in source], rule
    # the options page's save, and no more: no click asks the host's settings to send them back
    assert scripts["background/handlers.js"].count("P.ACTIONS.SETTINGS") == 1
