"""Social-media handles ("@ophelie.dupont", "@jsmith_88"): an account name, private like one."""

from __future__ import annotations

import re

HANDLE_RE = re.compile(r"(?<![\w@.])@\w(?:[\w.]*\w)?")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "CODE") for m in HANDLE_RE.finditer(text)]
