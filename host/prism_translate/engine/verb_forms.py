"""Which form a hidden verb's translation should take, and substitutes that take it (issue 28).

Which form a verb's translation takes follows, in most cases, from the original's own fine tag:
into Spanish an English past (VBD) is a finite past ("cumplió"), a past participle (VBN) a
participle ("había dejado"); into French the past is a participle after "a" ("a dit"); into
Catalan an infinitive after "va" ("va dir"). The dictionary knows this per fine tag: the form
class (finite, participle, infinitive, gerund) of its entries' translations, when nearly all of
the entries of that tag share it (FORM_SHARE). PRISM* draws a verb's substitutes among verbs
of the original's fine tag whose translation has that form class (encode.py), so that the
translator builds the same verb phrase around them ("disarmed" came back as the participle
"desarmado" where "asked" was "pidió"). The decoder re-writes a restored verb the translator still
left in another class (verbs.py).

Which form the translator gives a verb it can read two ways ("said": a past or a participle)
follows, with Apertium, from its tagger, whose model knows a word only by the set of readings the
source analyser gives it (its ambiguity class), and from the words around it. The plain
translation has "León dicho" where the tagger took "said" for a participle, and "factura 4471
emitió" where it took "issued" for a past, whatever the source's own tagger (spaCy) says. Among
verbs of that tag and form class, PRISM* therefore draws those the source analyser reads as it
reads the original (source_reading: "captured" for "said", never "blew", which is only a past),
and the decoder keeps the form the translator gave such a substitute: it is the one it gives the
original in that place. A property of the entry's word, read once per dictionary. A verb read only
as a copula, an auxiliary or a modal ("was", "could") has no such substitute and is not hidden (frames).

Preferring, beyond that, substitutes that are not also nouns or adjectives gained no chrF on the
tune texts and drew them from fewer, more common verbs: PRISM*'s PPS at r = 1 fell from 0.80 to
0.68 (MC160 test, 20 stories), below the interval of the run before.
"""

from __future__ import annotations

import weakref
from collections import Counter

from .. import morphology
from ..dictionary.features import AGREEING
from ..dictionary.format import Dictionary, Entry
from .lexicon import lexicon
from .tokenize import Token

# The share of a fine tag's annotated entries that must have one form class for it to be that tag's.
FORM_SHARE = 0.9
_FINITE = frozenset({"pri", "pii", "ifi", "fti", "cni", "prs", "pis", "imp", "pres", "past", "subs"})


def form_class(features: str) -> str:
    """"fin", "pp", "inf" or "ger" of a feature string or Apertium tags ("ifi.p3.sg" -> "fin"); ""
    when it says no verb form."""
    tags = set(features.split(":")[-1].split("."))
    for name in ("pp", "ger", "inf"):
        if name in tags:
            return name
    return "fin" if tags & _FINITE else ""


_forms: "weakref.WeakKeyDictionary[Dictionary, dict[str, str]]" = weakref.WeakKeyDictionary()


def tag_form(dictionary: Dictionary, tag: str) -> str:
    """The form class nearly every verb of this fine tag is translated in by this dictionary ("" if
    none, or into a target whose verbs the decoder does not re-inflect)."""
    if dictionary.target not in AGREEING:
        return ""
    if dictionary not in _forms:
        counts: dict[str, Counter] = {}
        for e in dictionary.by_pos.get("VERB", []):
            if form := form_class(e.features):
                counts.setdefault(e.tag, Counter())[form] += 1
        _forms[dictionary] = {t: c.most_common(1)[0][0] for t, c in counts.items()
                              if c.most_common(1)[0][1] >= FORM_SHARE * sum(c.values())}
    return _forms[dictionary].get(tag, "")


def expected_form(dictionary: Dictionary, entry: Entry, tag: str) -> str:
    """The form class a verb token of this fine tag should come back in: its tag's, or where the
    entry's translation is of this tag and of another class, that one (French translates some
    English pasts as imperfects, "regardait", and most as "a" + participle, "a demandé"). ""
    for a tag whose form depends on its context (an English bare verb: "enviar", "enviaré")."""
    form = tag_form(dictionary, tag) if entry.pos == "VERB" else ""
    own = form_class(entry.features) if form and entry.tag == tag else ""
    return own or form


def decoded_form(dictionary: Dictionary, entry: Entry, tag: str) -> str:
    """The form class the decoder writes a restored verb of this fine tag in: expected_form's, but
    the tag's own where that is finite and the entry's translation is a participle of a word the
    source analyser also reads as one ("put": "puesto"): the dictionary translated its participle
    reading, and the translator writes a finite past there, as it did the substitute ("peló" came
    back "puesto" for "puso"). The pool is still drawn by the entry's form (pool_features)."""
    form = expected_form(dictionary, entry, tag)
    wanted = tag_form(dictionary, tag) if entry.pos == "VERB" else ""
    if form == "pp" and wanted == "fin" and any(
            part.split(".")[-1] == "pp" for part in source_reading(dictionary, entry.word).split("|")):
        return wanted
    return form


_reading_forms: "weakref.WeakKeyDictionary[Dictionary, dict[str, str]]" = weakref.WeakKeyDictionary()


def reading_form(dictionary: Dictionary, word: str) -> str:
    """The form class nearly every verb entry the source analyser reads in one way only, as it
    reads this word, is translated in: the translator gives "swam" (only a past) a finite past
    ("nadó") even where the source's tagger called it a bare verb. "" for a word of several
    readings ("said": a past or a participle) or a reading whose verbs go into several classes."""
    if dictionary not in _reading_forms:
        readings = source_readings(dictionary)
        counts: dict[str, Counter] = {}
        for e in dictionary.by_pos.get("VERB", []):
            reading = readings.get(e.word.lower(), "")
            if reading and "|" not in reading and (form := form_class(e.features)):
                counts.setdefault(reading, Counter())[form] += 1
        _reading_forms[dictionary] = {r: c.most_common(1)[0][0] for r, c in counts.items()
                                      if c.most_common(1)[0][1] >= FORM_SHARE * sum(c.values())}
    return _reading_forms[dictionary].get(source_reading(dictionary, word), "")


def pool_features(dictionary: Dictionary, entry: Entry, tag: str) -> str:
    """The features PRISM* draws an entry's substitutes by for a token of this fine tag: the
    entry's own, unless they are of another form class than the token's (the entry's translation
    is of its most used tag: "met" as "cumplió" for a "met" that is a participle here); then none."""
    form = expected_form(dictionary, entry, tag)
    return "" if form and form_class(entry.features) != form else entry.features


# Penn's past tense, and the dependency labels of a participle that heads a clause of its own
PAST = "VBD"
_CLAUSE_HEADS = frozenset({"ROOT", "ccomp", "parataxis"})


def finite_past(tokens: list[Token], index: int) -> bool:
    """Whether the source's verb at `index` is a finite past by its sentence: an English past
    (VBD), or a past participle (VBN) heading its clause with no auxiliary before it: spaCy's
    tagger calls many a past one ("The truck left.", "She set out"), which the translator writes
    in the target's past ("dejó", "a laissé", "va deixar"). A source with other tags has none."""
    tok = tokens[index] if 0 <= index < len(tokens) else None
    if tok is None or tok.pos != "VERB" or tok.tag not in (PAST, "VBN"):
        return False
    if tok.tag == PAST:
        return True
    if tok.dep not in _CLAUSE_HEADS:
        return False
    # the word before, found backwards past adverbs ("had already left"), not a list of all before it
    before = next((tokens[k] for k in range(index - 1, -1, -1) if tokens[k].pos not in ("SPACE", "ADV", "PART")), None)
    return before is None or before.pos != "AUX"


_readings: "weakref.WeakKeyDictionary[Dictionary, dict[str, str]]" = weakref.WeakKeyDictionary()


def source_reading(dictionary: Dictionary, word: str) -> str:
    """How the source's Apertium analyser reads a verb entry's word: its readings' tags, sorted
    ("vblex.past|vblex.pp" for "said"); "" for a word it does not know, into a target whose verbs
    are not re-inflected, or without the analyser. One lt-proc run per dictionary for all its verbs."""
    return source_readings(dictionary).get(word.lower(), "")


def source_readings(dictionary: Dictionary) -> dict[str, str]:
    """source_reading of every verb the analyser knows, by its lower-case word (for a pool's
    thousands of verbs, one look-up each); empty where source_reading answers "" for every word."""
    known = _readings.get(dictionary)  # asked for each verb a text's pools draw from: read once
    if known is not None:
        return known
    if dictionary.target not in AGREEING or not morphology.available(dictionary.source):
        return {}
    words = list(dict.fromkeys(e.word.lower() for e in dictionary.by_pos.get("VERB", [])))
    analysed = morphology.analyse_lines(words, dictionary.source)
    _readings[dictionary] = {w: "|".join(sorted({".".join(r.tags) for r in a[0].readings}))
                             for w, a in zip(words, analysed) if len(a) == 1}
    return _readings[dictionary]


def read_alike(dictionary: Dictionary, original: Entry, substitute: Entry) -> bool:
    """Whether the source analyser reads the substitute's word as it reads the original's: the
    translator's tagger then chooses the same reading for both in one place."""
    own = source_reading(dictionary, original.word)
    return bool(own) and own == source_reading(dictionary, substitute.word)


# The source analyser's categories of the verbs a sentence is framed on: the copula, the
# auxiliaries, the modals. No verb of another lemma is read as one of them.
_FRAME = frozenset({"vbser", "vbhaver", "vaux", "vbmod", "vbdo"})


def frames(dictionary: Dictionary, word: str) -> bool:
    """Whether the source analyser reads the word as a copula, an auxiliary or a modal and never as
    a verb of its own meaning ("was", "could"; not "had", also "to possess"). The translator builds
    the sentence's frame on it ("There was" -> "Había"; "was surprised"), which a substitute
    ("got", the only verbs left of its features: "Allí cogía") breaks; it tells nothing of what
    the text is about."""
    categories = {r.split(".")[0] for r in source_reading(dictionary, word).split("|") if r}
    return bool(categories & _FRAME) and "vblex" not in categories


def translated_as_auxiliary(entry: Entry) -> bool:
    """Whether the dictionary's translation of a verb the source also reads as a verb of its own
    meaning is an auxiliary or a copula, as the target's analyser reads it (its structure): "had"
    -> "hubo" (haber) into Spanish. The decoder would put that auxiliary where the translator
    writes the verb of the text's meaning ("Nuestro proveedor hubo un problema", plainly "tuvo");
    such a verb is not hidden. Into French and Catalan "had" is "eu", "tenir": hidden as before."""
    source, _, made = entry.structure.partition(">")
    return "vblex" in source.split(".") and made.split("/")[0].split(".")[0] in _FRAME


def takes_dative(target: str, entry: Entry) -> bool:
    """Whether the entry is a verb whose translation the translator writes with a dative pronoun
    of the subject ("like": "me gusta"; datives.py): the target's third-person singular dative is
    among its translation's words, as the probes that built the dictionary saw it ("le gusta")."""
    datives = lexicon(target).dative_pronouns
    return entry.pos == "VERB" and bool(datives) and datives[2] in entry.candidates


def dative_subject(dictionary: Dictionary, entry: Entry, tokens: list[Token], index: int) -> str:
    """For a verb that takes_dative, its subject in the source when that is a pronoun ("I"; the
    decoder reads its person), "*" when it is not; "" for any other verb."""
    if not takes_dative(dictionary.target, entry):
        return ""
    for k in range(index - 1, -1, -1):
        if tokens[k].dep.startswith("nsubj"):
            return tokens[k].text if tokens[k].pos == "PRON" else "*"
        if tokens[k].sent_start:
            break
    return "*"
