"""An organisation named in Title Case by words its own e-mail or web address runs together
("The call with Summit Partners" beside dan.price@summitpartners.co.uk, "Blue Harbour Capital"
beside www.blueharbourcapital.com): ordinary words each, and a quoted line or a heading may give
them no other sign, but the text's own address says they are one name."""

from __future__ import annotations

import re

from .office_words import capital_runs

_SCHEME = re.compile(r"^(?:https?://)?(?:www\.)?", re.IGNORECASE)
_LONGEST = 5  # tokens in the longest name matched


def _domain_labels(tokens) -> set[str]:
    """The parts of the host names of the text's e-mail and web addresses, hyphens removed
    ("summitpartners", "co", "uk")."""
    labels: set[str] = set()
    for t in tokens:
        if t.entity == "EMAIL":
            host = t.text.rpartition("@")[2]
        elif t.entity == "URL":
            host = _SCHEME.sub("", t.text).split("/")[0]
        else:
            continue
        labels.update(part.replace("-", "").lower() for part in host.split("."))
    return labels


def token_kinds(passage) -> dict[int, str]:
    tokens = passage.tokens
    labels = _domain_labels(tokens)
    if not labels:
        return {}
    found: dict[int, str] = {}
    # a run's function words count ("Bank of Ireland" beside bankofireland.ie)
    for run, _words in capital_runs(passage):
        for a in range(len(run)):
            for b in range(a + 2, min(len(run), a + _LONGEST) + 1):
                if "".join(tokens[i].text.lower() for i in run[a:b]) in labels:
                    found.update(dict.fromkeys(run[a:b], "ORG"))
    return found
