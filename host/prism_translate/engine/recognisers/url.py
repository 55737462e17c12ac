"""Web addresses, with or without their scheme ("https://...", "www.", "portal.acme.io/login")."""

from __future__ import annotations

import re

# the common top-level domains a bare host name or a spelt-out address ends on
TOP_LEVEL = r"(?:com|org|net|edu|gov|info|io|co|uk|ie|es|cat|fr|de|it|pt|nl|be|eu|ca|us)"

URL_RE = re.compile(r"\b(?:https?://|www\.)[^\s<>\"']+[^\s<>\"'.,;:!?)\]]"
                    # a host name without the scheme: a common top-level domain, then maybe a path
                    r"|(?<![\w.@/-])(?:[a-z0-9-]+\.)+(?:com|org|net|edu|gov|info|io|co|uk|ie|es|cat|fr|de|it|pt|nl|be|"
                    r"eu|ca|us|app|dev)(?:/[^\s<>\"']*[^\s<>\"'.,;:!?)\]])?(?![\w@-]|\.\w)", re.IGNORECASE)


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "URL") for m in URL_RE.finditer(text)]
