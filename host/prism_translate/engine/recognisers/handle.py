"""Social-media handles ("@ophelie.dupont", "@jsmith_88") and channel names ("#proj-sandpiper",
"#equip-vendes"): an account's or a group's name, private like one."""

from __future__ import annotations

import re

HANDLE_RE = re.compile(r"(?<![\w@.])@\w(?:[\w.]*\w)?")
# a channel or hashtag starts with a letter ("#3" is a number, "C#" a language)
CHANNEL_RE = re.compile(r"(?<![\w#&])#[^\W\d_][\w-]*\w")


def spans(text: str, lang: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), "CODE") for pattern in (HANDLE_RE, CHANNEL_RE) for m in pattern.finditer(text)]
