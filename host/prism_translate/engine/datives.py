"""Verbs whose translation makes the English subject a dative pronoun (issue 28).

The translator writes "I would like to go" as "Me gustaría ir" and "Tina liked arts" as "A Tina le
gustaron las artes": what likes is the indirect object, and the verb agrees with what is liked.
Hardly any other verb is translated so (gustar, agradar, encantar), so PRISM* draws a substitute of
the usual frame ("shorten": "Acortaríamos"), and the restored verb came back in the substitute's
frame: "si gustarían tener" where the plain translation has "si les gustaría tener". Such a verb
is known by its dictionary entry (verb_forms.takes_dative). The decoder puts the dative pronoun of
the substitute's person before the finite verb (or its auxiliary), in place of a subject or
reflexive pronoun there (French with the "il" it writes before it: "Il me plairait"), and writes
the verb in the third person: plural before a plural object, else singular. The person is the
source's subject pronoun's where it was one ("I" -> "Me gustaría"). A target whose word table
lists no dative pronouns is left as it is.
"""

from __future__ import annotations

from .. import morphology
from .decode import Decoded, Restored
from .edits import NEXT_WORD, WORD_BEFORE, apply_edits
from .lexicon import lexicon
from .substitution import match_case
from .verb_forms import form_class
from .verbs import finite, past_auxiliary

# the order of a Lexicon's dative pronouns
_PERSONS = (("p1", "sg"), ("p2", "sg"), ("p3", "sg"), ("p1", "pl"), ("p2", "pl"), ("p3", "pl"))
_NUMBERS = frozenset({"sg", "pl"})
_VOWELS = "aeiouàèéíòóúh"


def _pronoun(analysis: morphology.Analysis) -> tuple[bool, tuple[str, str] | None]:
    """Whether the word is a pronoun the dative replaces, a subject ("nosotros") or a clitic the
    substitute brought ("se"), and its person and number when all its readings agree."""
    if not analysis.readings or any(r.tags[:1] != ("prn",) for r in analysis.readings):
        return False, None
    persons = {(p, n) for r in analysis.readings for p in r.tags if p in ("p1", "p2", "p3")
               for n in r.tags if n in _NUMBERS}
    return True, (persons.pop() if len(persons) == 1 else None)


def _plural(analysis: morphology.Analysis) -> bool:
    """A plural determiner or noun right after the verb: what is liked, with which it agrees."""
    nominal = [r for r in analysis.readings if r.tags[:1] in (("det",), ("n",))]
    return bool(nominal) and all("pl" in r.tags for r in nominal)


def _places(decoded: Decoded) -> list[tuple[Restored, int, int]]:
    """Each restored dative verb with the span of its finite word: itself, or the auxiliary right
    before it ("va agradar", "ha gustado")."""
    places = []
    for span in decoded.spans:
        if not span.sub.dative or " " in decoded.text[span.start:span.end]:
            continue
        places.append((span, span.start, span.end))
        before = WORD_BEFORE.search(decoded.text, max(0, span.start - 40), span.start)
        if before is not None and before.group(2).isspace():
            places.append((span, before.start(1), before.end(1)))
    return places


def _source_person(analysis: list[morphology.Analysis]) -> tuple[str, str] | None:
    """The person and number of the source's subject pronoun ("I": p1 sg; "you" is of either
    number: the singular)."""
    readings = [r for r in analysis[0].readings if r.tags[:1] == ("prn",)] if len(analysis) == 1 else []
    persons = {(p, "pl" if "pl" in r.tags else "sg") for r in readings for p in r.tags if p in ("p1", "p2", "p3")}
    return persons.pop() if len(persons) == 1 else None


def rebuild(decoded: Decoded, target: str, source: str) -> Decoded:
    """The decoded text with each restored dative verb written in its frame: "si gustarían
    tener" -> "si les gustaría tener", "Nosotros gustó" -> "Nos gustó", "va agradar" after
    "nosaltres" -> "ens va agradar"."""
    datives = lexicon(target).dative_pronouns
    elided = lexicon(target).dative_elided or datives
    subject = lexicon(target).dative_subject
    preposition = lexicon(target).person_preposition
    names = {s.end: s.start for s in decoded.spans if s.sub.kind == "name"}
    places = _places(decoded)
    if not datives or not places or not morphology.available(target, generator=True):
        return decoded
    text = decoded.text
    # the person of the subject: the source's pronoun where it was one ("I" -> "Me gustaría"),
    # which the target's verb may leave open ("casaría": p1 or p3) or drop
    subjects = [span.sub.dative for span, _, _ in places]
    sourced = (morphology.analyse_lines(subjects, source) if morphology.available(source)
               else [[] for _ in subjects])
    words = [text[a:b] for _, a, b in places]
    befores = [WORD_BEFORE.search(text, max(0, a - 40), a) for _, a, _ in places]
    afters = [NEXT_WORD.match(text, span.end) for span, _, _ in places]
    analysed = morphology.analyse_lines(words + [m.group(1) if m else "" for m in befores]
                                        + [m.group(1) if m else "" for m in afters], target)
    n, plans, done = len(places), [], set()
    for k, (span, a, b) in enumerate(places):
        verb = analysed[k][0] if len(analysed[k]) == 1 else None
        reading = finite(verb) if verb is not None and span.start not in done else None
        # the word before a participle or infinitive only when it is the auxiliary of a past
        if verb is None or reading is None or (a != span.start and not past_auxiliary(verb)):
            continue
        # an imperative has no third person to write: "plaisons" is also a present
        reading = next((r for r in verb.readings if r.tags[:1] == reading.tags[:1] and "imp" not in r.tags
                        and form_class(".".join(r.tags)) == "fin"), reading)
        done.add(span.start)
        # the substitute's person ("acortarían"); of several ("acortaría": p1 or p3), the third
        persons = [p for p in _PERSONS for r in verb.readings if p[0] in r.tags and p[1] in r.tags]
        person = persons[0] if len(set(persons)) == 1 else ("p3", "sg")
        before, (replaced, pronoun) = befores[k], (False, None)
        if before is not None and before.group(2).isspace() and len(analysed[n + k]) == 1:
            replaced, pronoun = _pronoun(analysed[n + k][0])
        after = analysed[2 * n + k]
        number = "pl" if len(after) == 1 and afters[k] and _plural(after[0]) else "sg"
        tags = tuple("p3" if t in ("p1", "p2") else number if t in _NUMBERS else t for t in reading.tags)
        which = _PERSONS.index(_source_person(sourced[k]) or pronoun or person)
        # a name right before, the subject: the dative's preposition before it ("A Tina le gustaron")
        # (before a pronoun the substitute brought, "Tina se apagó", the word before that)
        subject_word = before
        if before is not None and replaced:
            subject_word = WORD_BEFORE.search(text, max(0, before.start(1) - 40), before.start(1))
        name = names.get(subject_word.end(1)) if subject_word is not None else None
        plans.append((a, b, (reading.lemma, tags), datives[which], elided[which], before if replaced else None,
                      name))
    edits = []
    for (a, b, _, dative, dative_elided, before, name), word in zip(plans, morphology.generate([p[2] for p in plans],
                                                                                                  target)):
        if not word:
            continue
        if before is None and (" " + text[max(0, a - 12):a].rstrip().lower()).endswith(" " + dative):
            edits.append((a, b, match_case(text[a:b], word)))  # the translator wrote the dative already
            continue
        # a clitic joined by an apostrophe before a vowel ("m'agradaria"), else a word of its own
        clitic = dative_elided if dative_elided != dative and word[:1].lower() in _VOWELS else dative + " "
        if before is None:  # the clitic opens the verb phrase, with the verb's capital
            edits.append((a, b, match_case(text[a:b], clitic) + word))
        else:  # in place of the subject or reflexive pronoun, after the subject the target needs there
            clitic = (subject + " " if subject and name is None else "") + clitic
            edits.append((before.start(1), b, match_case(before.group(1), clitic) + word))
        if name is not None and preposition:
            opens = not text[:name].strip() or text[:name].rstrip()[-1] in ".!?\n"
            edits.insert(-1, (name, name, (preposition.capitalize() if opens else preposition) + " "))
    return apply_edits(decoded, edits)
