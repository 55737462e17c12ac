"""A message's signature: the name line under a sign-off ("Best regards,\nJorge Martín"), and a
message that ends on a name alone, set apart by a blank line, with no sign-off above it ("... in
the March run.\n\nSeun")."""

from __future__ import annotations

from .. import word_classes
from .common import capitalised, first_names
from .greeting import signoff_line
from .names import run


def under_signoff(passage) -> dict[int, str]:
    found: dict[int, str] = {}
    lines = passage.lines
    for n in range(1, len(lines)):
        if signoff_line(passage.tokens, lines[n - 1], passage.lang) and len(lines[n]) <= 6:
            # a team signs with its article ("Le Service Clients", "La Gerencia"): the article is
            # no name's part, and a name run from it took the words after it along; a function word
            # (French tags "Odile" a determiner)
            first = passage.tokens[lines[n][0]]
            start = lines[n][1] if len(lines[n]) > 1 and first.pos == "DET" and first.stop else lines[n][0]
            found.update(dict.fromkeys(run(passage.tokens, start, passage.lang), "PERSON"))
    return found


def signed(passage) -> dict[int, str]:
    """One to three capitalised words alone on the last line that are census names, names to the
    analysers, or words they do not know."""
    tokens, lines, lang = passage.tokens, passage.lines, passage.lang
    last = lines[-1] if len(lines) > 1 else []
    if not last or len(last) > 3 or not all(tokens[i].text.isalpha() and capitalised(tokens[i].text) for i in last):
        return {}
    gap = "".join(t.ws + (t.text if t.pos == "SPACE" else "") for t in tokens[lines[-2][-1]:last[0]])
    words = {tokens[i].text.lower() for i in last}
    if gap.count("\n") < 2 or " ".join(tokens[i].text.lower() for i in last) in lang.signoffs + lang.greetings:
        return {}
    # a word that is also a name the analysers know ("Roser", a rosebush) signs as a name
    known = word_classes.common_readings(words - first_names(), lang.code).keys() & words
    return {} if known - word_classes.person_names(known, lang.code) else dict.fromkeys(last, "PERSON")
