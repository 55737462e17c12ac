"""Social-media handles ("@ophelie.dupont", "@jsmith_88") and channel names ("#proj-sandpiper",
"#equip-vendes"): an account's or a group's name, private like one."""

from __future__ import annotations

import re

HANDLE_RE = re.compile(r"(?<![\w@.])@\w(?:[\w.]*\w)?")
# a channel is written in lower case, from a letter ("#3" is a number, "C#" a language, "#A-301774"
# an order number, hidden as a code anyway)
CHANNEL_RE = re.compile(r"(?<![\w#&])#[a-z][a-z0-9_-]*[a-z0-9](?![\w-])")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    # each pattern only over a text with its sign (most have neither)
    return [(m.start(), m.end(), "CODE") for pattern, sign in ((HANDLE_RE, "@"), (CHANNEL_RE, "#")) if sign in text
            for m in pattern.finditer(text)]
