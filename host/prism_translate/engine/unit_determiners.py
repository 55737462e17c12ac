"""The article before a restored unit that opens with its own determiner (issue 28).

A unit of several words ("esta noche" for "tonight", dictionary/features.py) comes back whole in
the substitute's place. Where the translator wrote an article before the substitute ("La mañana
es la noche", "L'hivern és la nit"), that article stood before the restored unit's determiner
("La esta noche", "L'aquesta nit"); the translation of the original has the unit's determiner
alone ("Esta noche es la noche"). The article goes; an article joined to a preposition ("del",
"au") leaves the preposition, written before the unit by the target's post-generator ("d'aquesta
nit"). A unit opened by a quantity ("más prudente", "més jove") is not one: "más" is no article.
"""

from __future__ import annotations

from .. import morphology
from .decode import Decoded
from .encode import match_case
from .readings import of, unit, words_before

_DETERMINER = frozenset({"det"})
# the kinds of determiner that take the place of an article: definite, demonstrative, indefinite, possessive
_ARTICLE_LIKE = frozenset({"def", "dem", "ind", "pos"})


def _opens_with_determiner(analysis: list[morphology.Analysis]) -> bool:
    """The first word reads as an article-like determiner and never as an adverb ("más")."""
    if len(analysis) != 1:
        return False
    readings = analysis[0].readings
    return (any(r.tags[:1] == ("det",) and r.tags[1:2] and r.tags[1] in _ARTICLE_LIKE for r in readings)
            and not any(r.tags[:1] in (("adv",), ("preadv",)) for r in readings))


def doubled_determiners(decoded: Decoded, target: str) -> list[tuple[int, int, str]]:
    """(start, end, new text) of each article right before a restored unit of several words that
    opens with a determiner: "" (the article and the space after it), or the preposition it joined."""
    places = []
    for span in decoded.spans:
        restored = decoded.text[span.start:span.end]
        if span.sub.kind != "word" or " " not in restored.strip():
            continue
        before = words_before(decoded.text, span.start, 1)
        if before:
            places.append((span, restored, before[0]))
    if not places:
        return []
    texts = [restored.split()[0] for _, restored, _ in places] + [w + gap.strip() for *_, (_, w, gap) in places]
    analysed = morphology.analyse_lines(texts, target)
    edits: list[tuple[int, int, str]] = []
    phrases: list[list[tuple[str, tuple[str, ...]] | str]] = []
    where = []
    for k, (span, restored, (start, word, _gap)) in enumerate(places):
        article = analysed[len(places) + k]
        det = of(article[0], _DETERMINER) if len(article) == 1 else None
        if det is None or not _opens_with_determiner(analysed[k]):
            continue
        # the unit takes the capital of the sentence the article opened
        opened = word[:1].isupper() and not restored[:1].isupper()
        new = restored[:1].upper() + restored[1:] if opened else restored
        if not det.joined:
            edits.append((start, span.end, new))
            continue
        prepositions = unit(det)[:-1]
        phrases.append([*prepositions, new])
        where.append((start, span.end, word))
    for (start, end, word), written in zip(where, morphology.generate_phrases(phrases, target)):
        if written:
            edits.append((start, end, match_case(word[:1], written[:1]) + written[1:]))
    return edits
