"""The speakers of a chat transcript: a word opening lines as "sky: not yet" when such words take
turns, and wherever else the chat names them ("mdr merci titi"); a word, a census name or
neither ("sky", "AJ", "la pili"); one named by a family or role word ("sis", "mum") is that
word. Header labels ("Subject:", "Asunto:": Lexicon.header_labels) are not speakers."""

from __future__ import annotations

from .common import first_names, folded, labels_line, lower_case_text, wordlike


def _speaker_at(tokens, line: list[int], lang) -> int | None:
    """The token a line's speaker label stands at: after a time stamp ("[18:02] marin:"), after
    the article some languages put before a name ("la pili:", "en quim:"), with an emoji before
    the colon allowed ("Titi 🌸 :"). The label is the line's first word: the tagger's part of speech
    is no guide before it (Spanish reads the time stamp's "[" as a proper noun)."""
    k = next((n for n, i in enumerate(line) if tokens[i].text[:1].isalpha()), len(line))
    k += 1 if len(line) > k + 3 and tokens[line[k]].text.lower() in lang.personal_articles else 0
    colon = next((n for n in range(k + 1, len(line)) if tokens[line[n]].text[:1].isalnum()
                  or tokens[line[n]].text == ":"), len(line))
    if len(line) > colon + 1 and tokens[line[colon]].text == ":" and wordlike(tokens[line[k]]) \
            and tokens[line[k]].text.lower() not in lang.header_labels:
        return line[k]
    return None


def speakers(passage) -> dict[int, str]:
    tokens = passage.tokens
    labels: dict[str, list[int]] = {}
    for line in passage.lines:
        at = _speaker_at(tokens, line, passage.lang)
        if at is not None:
            labels.setdefault(tokens[at].text.lower(), []).append(at)
    # turns: three labelled lines or more, by two speakers or more, one of them speaking twice
    # (a form's fields, "Name:" "Age:", are each said once); or, in a chat written in lower case,
    # two speakers once each ("nieves: ya llego\nsol: vale") where no label names a field the
    # language's recognisers know ("usuario:", "clave:")
    turns = len(labels) >= 2 and sum(map(len, labels.values())) >= 3 and max(map(len, labels.values())) >= 2
    if not turns and not (len(labels) >= 2 and lower_case_text(passage) and not _fields(labels, passage.lang)):
        return {}
    # a speaker named by a family or role word ("sis:", "mum:", "mamá:") names no one outside the
    # chat: an ordinary word, translated
    office = passage.lang.office_words
    return {i: "" if t.text.lower() in office else "PERSON" for i, t in enumerate(tokens)
            if t.text.lower() in labels and wordlike(t) and not t.stop}


def _fields(labels, lang) -> bool:
    """Some label is a field's name: a password's, an account's, a phrase's (their first words)."""
    named = {label.split()[0] for label in lang.secret_labels + lang.account_labels + lang.phrase_labels}
    return any(label in named for label in labels)


def named_speaker(passage) -> dict[int, str]:
    """A line opened by a census first name and a colon ("Léa : on se retrouve ?") is a chat's
    speaker, not a label ("Objet :"), where the dictionary reads first words."""
    if not passage.lang.dictionary_first_words:
        return {}
    tokens = passage.tokens
    return {i: "PERSON" for i, t in enumerate(tokens)
            if labels_line(tokens, i) and folded(t.text) in first_names()}
