"""Apertium on the command line: a real translator that runs on this machine.

All texts of a batch go through one `apertium` process. Texts are joined with marker lines
that Apertium passes through untouched (it keeps line structure), and the output is split at
those markers; a missing or reordered marker is an error, never a guess.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from typing import Sequence

from ..errors import TranslatorBadReply, TranslatorError, TranslatorTimeout
from .base import Translator

# ISO 639-1 pair -> chain of Apertium modes (French goes through Spanish: no eng-fra package).
MODES: dict[tuple[str, str], tuple[str, ...]] = {
    ("en", "es"): ("eng-spa",),
    ("en", "ca"): ("eng-cat",),
    ("en", "fr"): ("eng-spa", "es-fr"),
    ("es", "en"): ("spa-eng",),
    ("ca", "en"): ("cat-eng",),
    ("fr", "en"): ("fr-es", "spa-eng"),
    ("es", "fr"): ("es-fr",),
    ("fr", "es"): ("fr-es",),
}
# The final "." makes each marker a sentence of its own: without it, transfer rules join the
# marker with the next text ("¶¶0¶¶ / Americans like ice" came back as "¶¶A 0¶¶ / americanos ...").
_MARK = "¶¶{}¶¶."
_MARK_RE = re.compile(r"^¶¶(\d+)¶¶\.$", re.M)


class ApertiumCLI(Translator):
    name = "apertium"
    sees = "nothing leaves the machine (local process)"

    def __init__(self, binary: str = "apertium", timeout: float = 600.0) -> None:
        self.binary = binary
        self.timeout = timeout

    def label(self) -> str:
        return "apertium (command line)"

    @classmethod
    def readiness(cls, settings, key_source):
        path = shutil.which("apertium")
        if path is None:
            return False, "`apertium` is not installed (sudo apt-get install apertium apertium-eng-spa ...)"
        pairs = ", ".join(f"{s}->{t}" for s, t in MODES)
        return True, f"{path}; pairs {pairs}"

    def _chain(self, source: str, target: str) -> tuple[str, ...]:
        if shutil.which(self.binary) is None:
            raise TranslatorError(
                name=self.name, detail="`apertium` is not installed (Debian/Ubuntu: sudo apt-get install apertium "
                "apertium-eng-spa apertium-eng-cat apertium-fr-es)"
            )
        chain = MODES.get((source, target))
        if chain is None:
            raise TranslatorError("E036", name=self.name, source=source, target=target)
        return chain

    def _run(self, mode: str, data: str) -> str:
        try:
            proc = subprocess.run(
                [self.binary, "-u", mode], input=data.encode("utf-8"), capture_output=True, timeout=self.timeout
            )
        except subprocess.TimeoutExpired:
            raise TranslatorTimeout(name=self.name, seconds=self.timeout) from None
        if proc.returncode != 0:
            err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
            raise TranslatorError(name=self.name, detail=f"mode {mode} failed: {err[-1] if err else proc.returncode}")
        return proc.stdout.decode("utf-8", "replace")

    def translate(self, texts: Sequence[str], source: str, target: str) -> list[str]:
        chain = self._chain(source, target)
        if not texts:
            return []
        # Marker lines may only be recognised at line starts: protect texts that contain one.
        # A blank line before each marker ends the paragraph: otherwise a text ending in "last" or
        # "more" takes the next marker's number ("then you'll be last" + "¶¶1¶¶" -> "¶¶1 ¶¶").
        data = "\n".join(f"{_MARK.format(i)}\n{t}\n" for i, t in enumerate(texts)) + f"\n{_MARK.format(len(texts))}\n"
        if len(_MARK_RE.findall(data)) != len(texts) + 1:
            raise TranslatorBadReply(name=self.name, detail="input contains PRISM's batch marker")
        for mode in chain:
            data = self._run(mode, data)
        marks = list(_MARK_RE.finditer(data))
        if [int(m.group(1)) for m in marks] != list(range(len(texts) + 1)):
            raise TranslatorBadReply(name=self.name, detail="batch markers lost; outputs cannot be matched to inputs")
        out = []
        for i in range(len(texts)):
            chunk = data[marks[i].end() + 1 : marks[i + 1].start()]
            out.append(chunk[:-2] if chunk.endswith("\n\n") else chunk)
            if out[-1].count("\n") != texts[i].count("\n"):
                raise TranslatorBadReply(name=self.name, detail=f"text {i + 1} came back with a different number "
                                         "of lines")
        return out
