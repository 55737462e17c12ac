"""Text from elsewhere made safe to print on a terminal.

A translator's output, a service's error message or a dictionary file's metadata may hold
control characters: an escape sequence can recolour, retitle or clear the terminal, move the
cursor to overwrite what PRISM printed (a warning, a "check:" line), or with some terminals
write to the clipboard. `printable` drops escape sequences (CSI, OSC, DCS/SOS/PM/APC, and other
ESC ones), then every other C0 control but tab and line feed, DEL and C1 controls (U+0080-U+009F).
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"  # CSI: parameters, intermediates, final byte
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC up to BEL or ST (titles, hyperlinks, clipboard)
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"  # DCS, SOS, PM, APC up to ST
    r"|\x1b[ -/]*[0-~]?"  # any other escape (charset, reset, keypad ...), or a lone ESC
    r"|\x9b[0-?]*[ -/]*[@-~]?"  # the one-character CSI of C1
    r"|[\x9d\x90\x98\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x9c)?"  # one-character OSC, DCS, SOS, PM, APC
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # what is left of C0 (not tab or line feed), DEL, C1
)


def printable(text: str) -> str:
    """text without escape sequences and control characters, except tab and line feed."""
    return _UNSAFE.sub("", text)
