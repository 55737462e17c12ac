"""The article right before a restored name (issue 28): the translator wrote it for the stand-in
("the Tiger" sent as "the Teresa" came back "la Teresa"; "Luna the hawk", where "hawk" was taken
for a name, as "Moshe el Magda"), so it had the stand-in's gender and sound. It takes the real
name's gender (the first-name lists', else the target analyser's reading of the name, which is
masculine for a name it lacks or knows of no single gender, as the translator takes it: "la Snow
Day" -> "le Snow Day", where the title's "Snow" was sent as "Meryl") and elides by the name's sound ("el
hawk" -> "l'hawk"), with the preposition it is joined to ("du Guillermo" -> "de l'Oliver"),
written by the target's generator and post-generator as the translator writes it: "la Tiger"
-> "el Tiger", "la hawk" -> "el hawk", "a la Magda" -> "al Snow"."""

from __future__ import annotations

from .. import morphology
from . import name_genders
from .decode import Decoded
from .edits import word_before
from .encode import match_case
from .readings import GENDER, NUMBER, gender_number, of, unit

# the determiners that agree with the name they stand before: the definite article, not possessives (French
# "sa"/"son" agree with what is owned) nor quantifiers (Catalan "tot" of "Tot Ana va haver de")
_ARTICLES = frozenset({"def"})


def name_articles(decoded: Decoded, target: str, source: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) of each singular article right before a restored name that is not
    what the generator writes before the real name."""
    places = []
    for span in decoded.spans:
        m = word_before(decoded.text, span.start) if span.sub.kind == "name" else None
        if m is not None and (m.group(2).isspace() or m.group(2) in "'’"):
            before = word_before(decoded.text, m.start(1))  # a preposition the article may join ("a" + "el")
            places.append((span, m, before if before is not None and before.group(2).isspace() else None))
    if not places:
        return []
    lines = morphology.analyse_lines([m.group(1) + m.group(2).strip() for _, m, _ in places]
                                     + [decoded.text[s.start:s.end] for s, _, _ in places]
                                     + [p.group(1) if p else "" for _, _, p in places], target)
    analysed = [a[0] if len(a) == 1 else morphology.Analysis("", ()) for a in lines]
    plans: list[list[tuple[str, tuple[str, ...]] | str]] = []
    where = []
    for k, (span, m, before) in enumerate(places):
        article = of(analysed[k], frozenset({"det"}))
        if article is None or not _ARTICLES & set(article.tags) or "pl" in article.tags:
            continue
        listed = name_genders.gender(span.sub.original, source)
        own = {(listed, "sg")} if listed else _translators(analysed[len(places) + k])
        if len(own) != 1:
            continue
        (gender, number), = own
        tags = tuple(gender if t in GENDER else number if t in NUMBER else t for t in article.tags)
        prep = of(analysed[2 * len(places) + k], frozenset({"pr"})) if before and not article.joined else None
        plans.append([*(unit(prep) if prep else []), *unit(article, tags), decoded.text[span.start:span.end]])
        where.append((before.start(1) if prep and before else m.start(1), span.end))
    edits = []
    for (start, end), new in zip(where, morphology.generate_phrases(plans, target)):
        old = decoded.text[start:end]
        if new and new.lower() != " ".join(old.split()).lower():
            edits.append((start, end, match_case(old.split()[0].split("'")[0], new[:1]) + new[1:]))
    return edits


def _translators(name: morphology.Analysis) -> set[tuple[str, str]]:
    """The (gender, number) pairs the translator writes a name's article with: its analyser's, and
    masculine singular for a name it reads with no gender or with both (French "Snow" np.ant,
    Catalan np.cog.mf), as Apertium's transfer writes "el Garcia", "le Johnson"."""
    pairs = gender_number(name, True)
    if pairs or not any(r.tags[:1] == ("np",) for r in name.readings):
        return pairs
    return {("m", "sg")}
