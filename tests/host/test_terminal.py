"""What the CLI prints on a terminal holds no control characters or escape sequences, whatever a
translator, a service's error text or a file put in it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from fakes import FakeDeepL

from prism_translate.terminal import printable

# retitle the window, write the clipboard (OSC 52), clear the screen, move the cursor up, a C1 CSI,
# a DCS, a bell, a carriage return that would let text overwrite a warning, NUL, DEL
HOSTILE = ("\x1b]0;pwned\x07\x1b]52;c;ZWNobyBoaQ==\x1b\\\x1b[2J\x1b[1A\x9b31m\x1bP1$r\x1b\\\x07\r\x00\x7f"
           "\x1bc\x1b(B\x9d8;;http://evil\x9c")


def test_escape_sequences_and_controls_are_dropped_text_tabs_and_lines_kept():
    assert printable(f"La casa{HOSTILE} roja\tvieja\nsegunda línea ½ “ok” 😀") == \
        "La casa roja\tvieja\nsegunda línea ½ “ok” 😀"
    assert printable("plain text") == "plain text"
    assert printable("\x1b") == "" and printable("a\x1b[") == "a" and printable("\x9b") == ""
    openers = "\t\n\x1b\x90\x98\x9b\x9d\x9e\x9f"  # ESC and C1 openers take what follows as their own
    for code in [*range(0x00, 0x20), *range(0x7f, 0xa0)]:
        if chr(code) not in openers:
            assert printable(f"a{chr(code)}b") == "ab", hex(code)


@pytest.mark.slow  # a real `prism translate` process with spaCy
def test_prism_translate_prints_neither_the_translators_nor_its_errors_escapes(shipped_es):
    def hostile(text: str, source: str, target: str) -> str:
        return text.upper() + HOSTILE.replace("\r", "")  # a line break would be refused (E033) first

    with FakeDeepL(hostile) as fake:
        env = {k: v for k, v in os.environ.items() if k != "PRISM_DICTIONARIES"}
        env.update(fake.env("k:fx"))
        argv = [sys.executable, "-m", "prism_translate.cli", "translate", "--to", "es", "--show-sent", "-"]
        proc = subprocess.run(argv, input="The old house near the river is cheap.", text=True,
                              capture_output=True, env=env, timeout=300)
        assert proc.returncode == 0, proc.stderr
        assert "HOUSE" in proc.stdout or "RIVER" in proc.stdout or "OLD" in proc.stdout
        fake.fail(422, {"message": f"cannot translate{HOSTILE} this"})
        failed = subprocess.run(argv, input="The old house near the river is cheap.", text=True,
                                capture_output=True, env=env, timeout=300)
    assert failed.returncode == 1 and "cannot translate" in failed.stderr and "this" in failed.stderr
    for out in (proc.stdout, proc.stderr, failed.stderr):
        assert not any(c in out for c in "\x1b\x07\r\x00\x7f\x9b\x9c\x9d"), repr(out)
