"""Build the health word lists of host/prism_translate/engine/ (health.py reads them):

- health_terms.txt: nouns and noun phrases that name an illness, injury, symptom, pregnancy, a
  medicine or drug, a treatment or a medical specialty;
- health_adjectives.txt: adjectives and participles that say a person has a condition
  ("pregnant", "diabetic", "allergic", "fractured", "sprained");
- body_parts.txt: body parts ("hamstring", "pelvis", "wrist"), private next to a health word;
- injury_words.txt: participles of injury verbs ("fractured", "sprained", "broken", "torn"),
  private next to a body part;
- injured_parts.txt: nouns with a body part among any of their senses, and the first word of a
  body part named "<word> bone" and the like ("rib", "scaphoid"), private right after an injury word;
- condition_words.txt: nouns with a condition among their first senses that are something else
  first ("stroke", "fit"), private in a sentence about health or after "had a", "suffered a".

    python tools/build_health_terms.py            # needs Debian's wordnet-base and the `build` extra
    python tools/build_health_terms.py --lang es  # languages/es/health_terms.txt (also ca, fr): needs Apertium
    python tools/build_health_terms.py --lang es --dictionary  # languages/es/health_dictionary_terms.txt
    python tools/build_health_terms.py --lang es --bilingual   # languages/es/health_bilingual_terms.txt
    python tools/build_health_terms.py --lang es --sense-check  # the three lists checked again (each build does it)

Sources:
- Princeton WordNet 3.0 (WordNet 3.0 licence, permissive; credited in each file's header).
  A noun counts when its most frequent sense lies under one of the roots below (hyponym closure,
  instances included): "cancer", "asthma", "insulin", "chemotherapy", "oncology", "HIV", but not
  "cast" or "operation", whose first senses are something else; or when a condition is its
  second sense and the word is not a common one (wordfreq Zipf < 4: "headache", "transplant", not
  "break" or "strain"). An adjective counts when its first sense is derived from, or pertains to,
  a condition (disease, disorder, injury, symptom, pregnancy, allergy...): "pregnant",
  "diabetic", "allergic". Injury words: past participles of verbs with a sense derived from an
  injury ("fracture", "sprain", "break", "tear"). Body parts: first sense under "body part"; the rare ones (Zipf < 3: "hamstring", "pelvis",
  not "hand" or "knee") are medical words and go to health_terms.txt.
- drug-named-entity-recognition (PyPI, MIT; data from DrugBank's open vocabulary, NHS, MeSH,
  MedlinePlus): generic and brand drug names of one word, five letters or more, that are not
  common English words (Zipf < 3: "amlodipine", "sertraline", "ibuprofen"; not "heroin" or
  "lithium", nor names such as "Kendrick" that double as brands); those up to Zipf 4 ("lithium",
  "morphine", "aspirin") go to medication_words.txt, private in a sentence that holds a health word.
  Drugs in general are not taken from WordNet: it files beer and wine under them.

For Spanish, Catalan and French sources the English noun list is rendered by the local Apertium
(eng-spa, eng-cat, eng-spa | es-fr), one term per line, and a rendering is kept when every word of
it is known to the language's own analyser: a word Apertium did not know comes back in English
and is dropped with its term. Lower case, one per line, in languages/<code>/health_terms.txt; a single
word that is mostly an ordinary word there (`sense_check`: "rechange", rendered from a prescription's
"refill", is spare parts' too; so in the two lists below) goes to health_context_terms.txt, private in a
sentence about health. Rendering
term by term misses words Apertium translates only in context ("ansiedad", "trastorno"), so
health_dictionary_terms.txt adds the nouns of the shipped <code>-en dictionary whose English
translation is a health noun (`from_dictionary`), and health_bilingual_terms.txt the nouns of
Apertium's own bilingual dictionary (spa-eng, cat-eng; French through fr-es then spa-eng) whose
first English translation is a health noun of a private kind, a condition, procedure or medicine
("reflujo", "picazón", "coïssor"; `from_bilingual`, tools/bilingual_nouns.py). The other lists are English only.
"""

from __future__ import annotations

import argparse
import bz2
import os
import pickle
import re
import subprocess
import sys
from collections import defaultdict
from functools import lru_cache
from importlib import util
from pathlib import Path

WORDNET = Path(os.environ.get("WNSEARCHDIR", "/usr/share/wordnet"))
PACKAGE = Path(__file__).resolve().parents[1] / "host" / "prism_translate"
# each language's lists live in its folder, languages/<code>/
LANGUAGES = PACKAGE / "languages"
# WordNet 3.0 noun synset offsets of conditions: disease, illness, physical disorder, injury,
# symptom, pregnancy, mental disorder, mental illness, infection (state), allergy, addiction,
# pathology, tumour, infestation, and the psychological states that are diagnoses (depression,
# anxiety, psychic trauma, delusion, hallucinosis, anhedonia, depersonalisation), and the attacks
# of a condition (seizure, stroke, heart attack) and incontinence (enuresis), which WordNet files
# under events and bodily processes.
CONDITIONS = frozenset("""14070360 14061805 14052403 14285662 14299637 14046202 14083790 14380140
14174549 14532816 14062725 14204950 14235200 14452616 14404160 14374432 14285276 14376855 14375241
14026285 14026376 14081375 13496972""".split())
# Sensations patients report that WordNet files under perception and property, not symptom:
# tingling (pins and needles) and stiffness (moving with pain or difficulty). Their nouns only:
# the adjectives derived from them ("rigid") say nothing of health.
SENSATIONS = frozenset({"05722868", "05004895"})
# ... and the rest of health: medicine (medication), medical procedure, medical specialty,
# infection (invasion), virus, hormone, therapy, medical care, lice (what an infestation
# of people is named by: "head lice"), dialysis (filed under separation, with haemodialysis) and
# menopause (filed under biological time).
CARE = frozenset("""03740161 01024392 06043075 13498404 01328702 05407119 00661091 00657604 02183857 00649760
15154462""".split())
BODY_PART = "05220461"
# Verbs whose derived injury/symptom makes their participle a health adjective: WordNet links them
# to the closure of these (injury, symptom).
INJURY = frozenset({"14285662", "14299637"})
COMMON_SECOND_SENSE = 4.0  # Zipf: above it, a word whose first sense is not health is too common
COMMON_DRUG_NAME = 3.0  # Zipf: drug names at or above it are ordinary words too (or WordNet has them)
# Zipf: drug names from COMMON_DRUG_NAME up to this are private in a sentence about health only
# ("on lithium since 2019", not "a lithium battery").
EVERYDAY_WORD = 4.0
# A noun with a condition among its first this many senses ("stroke", "fit", "seizure") names it in
# a sentence about health or after "had a", "suffered a" (condition_words.txt).
CONDITION_SENSES = 4
RARE_BODY_PART = 3.0  # Zipf: body parts below it are medical words ("hamstring", "pelvis"): always private
HEADER = ("# {what}, one per line, lower case.\n"
          "# Built by tools/build_health_terms.py from Princeton WordNet 3.0 (c) Princeton University,\n"
          "# WordNet 3.0 licence: https://wordnet.princeton.edu/license-and-commercial-use{more}\n")
DRUG_CREDIT = ("\n# and from drug-named-entity-recognition (c) Fast Data Science Ltd, MIT licence (data from\n"
               "# DrugBank's open vocabulary, CC0; NHS; MeSH; MedlinePlus)")


def _records(path: Path):
    for line in path.read_text(encoding="latin-1").splitlines():
        if not line.startswith("  "):  # licence header
            yield line


def _pointers(line: str) -> tuple[str, list[tuple[str, str, str]]]:
    """(offset, [(symbol, target offset, target pos)]) of a data.* line."""
    fields = line.split(" | ")[0].split()
    p = 4 + 2 * int(fields[3], 16)
    return fields[0], [tuple(fields[p + 1 + 4 * k: p + 4 + 4 * k]) for k in range(int(fields[p]))]


def _senses(folder: Path, pos: str) -> dict[str, list[str]]:
    """Senses of each lemma, most frequent first."""
    out = {}
    for line in _records(folder / f"index.{pos}"):
        fields = line.split()
        out[fields[0]] = fields[-int(fields[2]):]
    return out


def _closure(children: dict[str, list[str]], roots) -> set[str]:
    seen, stack = set(), list(roots)
    while stack:
        offset = stack.pop()
        if offset not in seen:
            seen.add(offset)
            stack += children[offset]
    return seen


def _links(folder: Path, pos: str, symbols: set[str]) -> dict[str, list[str]]:
    """Noun synsets each synset of `pos` points to with one of `symbols`."""
    out = {}
    for line in _records(folder / f"data.{pos}"):
        offset, pointers = _pointers(line)
        out[offset] = [t for s, t, p in pointers if s in symbols and p == "n"]
    return out


def _irregular_plurals(folder: Path, nouns: set[str]) -> set[str]:
    """WordNet's irregular plurals of listed nouns ("lice", "head lice"); health.py finds regular
    plurals itself."""
    out = set()
    for line in (folder / "noun.exc").read_text(encoding="latin-1").splitlines():
        form, *lemmas = line.split()
        if any(lemma.replace("_", " ") in nouns for lemma in lemmas):
            out.add(form.replace("_", " "))
    return out


def _participles(folder: Path, verb: str) -> set[str]:
    irregular = defaultdict(set)
    for line in (folder / "verb.exc").read_text(encoding="latin-1").splitlines():
        form, *lemmas = line.split()
        for lemma in lemmas:
            irregular[lemma].add(form)
    if irregular[verb]:
        return {f for f in irregular[verb] if not f.endswith(("ing", "s"))}  # "tore", "torn"
    if verb.endswith("e"):
        return {verb + "d"}
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return {verb[:-1] + "ied"}
    return {verb + "ed"}


def _hyponyms(folder: Path) -> dict[str, list[str]]:
    """WordNet's noun tree, read downwards: synset offset -> the offsets of its hyponyms."""
    children: dict[str, list[str]] = defaultdict(list)
    for line in _records(folder / "data.noun"):
        offset, pointers = _pointers(line)
        for symbol, target, pos in pointers:
            if symbol in ("@", "@i") and pos == "n":
                children[target].append(offset)
    return children


def word_lists(folder: Path = WORDNET) -> dict[str, list[str]]:
    from wordfreq import zipf_frequency

    children = _hyponyms(folder)
    conditions = _closure(children, CONDITIONS)
    felt = conditions | _closure(children, SENSATIONS)
    health = felt | _closure(children, CARE)
    injuries = _closure(children, INJURY)
    body = _closure(children, {BODY_PART})

    nouns, parts, any_sense = set(), set(), set()
    for lemma, offs in _senses(folder, "noun").items():
        word = lemma.replace("_", " ")
        if body.intersection(offs):
            any_sense.add(word)
        if offs[0] in health or (len(offs) > 1 and offs[1] in felt
                                 and zipf_frequency(word, "en") < COMMON_SECOND_SENSE):
            nouns.add(word)
        elif offs[0] in body:
            parts.add(word)

    adjectives, injured = set(), set()
    derived = _links(folder, "adj", {"\\", "+"})
    for lemma, offs in _senses(folder, "adj").items():
        if any(t in conditions for t in derived.get(offs[0], ())):
            adjectives.add(lemma.replace("_", " "))
    verb_links = _links(folder, "verb", {"+"})
    for lemma, offs in _senses(folder, "verb").items():
        if "_" not in lemma and any(t in injuries for o in offs for t in verb_links.get(o, ())):
            injured |= _participles(folder, lemma)

    nouns |= {d for d in drug_names() if zipf_frequency(d, "en") < COMMON_DRUG_NAME} - parts
    nouns |= {p for p in parts if zipf_frequency(p, "en") < RARE_BODY_PART}
    nouns |= {short for short, full in CLIPPED.items() if full in nouns}
    nouns |= _irregular_plurals(folder, nouns) | set(NEWER)
    medication = {d for d in drug_names() if COMMON_DRUG_NAME <= zipf_frequency(d, "en") < EVERYDAY_WORD}
    # one word with a condition among its first senses, after another ("stroke": a swing, then apoplexy)
    conditions_too = {lemma for lemma, offs in _senses(folder, "noun").items()
                      if "_" not in lemma and felt.intersection(offs[:CONDITION_SENSES])} - nouns - parts
    # "scaphoid" of "scaphoid bone": a rare first word names the part ("a fractured scaphoid"), a
    # frequent one is an everyday word ("venous blood", "human body")
    any_sense |= {first for first, last in (w.split(" ") for w in any_sense if w.count(" ") == 1)
                  if last in any_sense and zipf_frequency(first, "en") < RARE_BODY_PART}
    # an everyday word with a body part among its later senses is mostly something else after an
    # injury word too ("checked bag", "broken plate")
    injured_parts = {w for w in any_sense if " " not in w and w.isalpha() and w.islower()
                     and zipf_frequency(w, "en") < EVERYDAY_WORD} - parts - nouns
    return {"nouns": sorted(nouns), "injured_parts": sorted(injured_parts), "adjectives": sorted(adjectives - nouns), "body": sorted(parts - nouns),
            "conditions": sorted(conditions_too),
            "injury": sorted(injured - nouns - adjectives), "medication": sorted(medication - nouns - parts)}


# Clipped forms WordNet lacks, of terms it lists, as people write them ("he starts chemo on
# Monday"); each is kept only when its full form is on the list.
CLIPPED = {"chemo": "chemotherapy", "physio": "physiotherapy", "rehab": "rehabilitation", "meds": "medication",
           "detox": "detoxification", "radiotherapy": "radiation therapy"}
# Conditions named after WordNet 3.0 (2006) was made: occupational burnout (WHO ICD-11, 2019).
# Spanish, Catalan and French write the English word, found as its cognate (health.py).
NEWER = ("burnout",)


def drug_names() -> set[str]:
    spec = util.find_spec("drug_named_entity_recognition")
    if spec is None:
        raise SystemExit("drug-named-entity-recognition not installed: pip install -e '.[build]'")
    data = Path(spec.origin).with_name("drug_ner_dictionary.pkl.bz2")
    with bz2.open(data, "rb") as f:
        variants = pickle.load(f)["drug_variant_to_canonical"]  # the package's own data file
    return {v for v in variants if re.fullmatch(r"[a-z]{5,}", v)}


# A word of the X->en dictionary whose English translation is a health noun counts as one, when
# that noun's first WordNet sense is health and it has few senses ("bite", "complaint",
# "depression" have five or more: "bocado", "denuncia"), and the word is not an everyday one there.
FEW_SENSES = 4
COMMON_IN_SOURCE = 4.3  # Zipf in the source language ("fría", a cold, is mostly "cold" the adjective)
# English nouns whose first WordNet sense is health but which translate words that mean something
# else in the dictionaries ("fundadora" founder, a horse's lameness; "fuga" fugue; "búho" sty;
# "recambio" refill; "effondrement" collapse; "alza" heaves).
OTHER_SENSE = frozenset("""founder fugue sty refill collapse heaves harm boil adhesion alienism digitalisation
digitalization hardening rubor irrationality""".split())


def first_sense_health(folder: Path = WORDNET) -> set[str]:
    """English nouns whose first WordNet sense is health (a condition or care), with at most
    FEW_SENSES senses."""
    children = _hyponyms(folder)
    health = _closure(children, CONDITIONS) | _closure(children, CARE)
    return {lemma.replace("_", " ") for lemma, offs in _senses(folder, "noun").items()
            if offs[0] in health and len(offs) <= FEW_SENSES} - OTHER_SENSE


def from_dictionary(lang: str, health: set[str]) -> list[str]:
    """The nouns of the shipped `lang`->en dictionary (singular: a plural's translation is often
    another word, "montones" piles) whose top English translation is in `health`."""
    from wordfreq import zipf_frequency

    sys.path.insert(0, str(PACKAGE.parent))
    from prism_translate.dictionary.format import find_dictionary

    return sorted({e.word.lower() for e in find_dictionary("en", lang).entries
                   if e.pos == "NOUN" and len(e.word) >= 4 and "Plur" not in e.tag.split(":")
                   and e.top.lower() in health and zipf_frequency(e.word.lower(), lang) < COMMON_IN_SOURCE})


# The kinds of English noun that make a word of a bilingual dictionary private on its own, by the
# WordNet lexicographer file of its first sense: a condition or symptom (state, process), a procedure
# or therapy (act), a medicine (artifact, substance) or a hormone (body). Not a field of medicine
# (cognition: "farmacia", "botica" pharmacy, "-logía"), an animal ("gorjeo" warble, "piojo" louse) or
# a feeling ("cólera" rage).
# Keyed by the file's number, as data.noun gives it (Debian's wordnet-base has no lexnames file).
PRIVATE_KINDS = {"26": "noun.state", "22": "noun.process", "04": "noun.act", "06": "noun.artifact",
                 "27": "noun.substance", "08": "noun.body"}


# When SemCor counted none of a noun's senses, WordNet's order is arbitrary: its first sense is
# trusted unless another is a thing one sees or holds of another kind, a quality (attribute), a
# plant or an object ("cromatismo" chromatism, colour; "llave inglesa" wrench, the tool).
OTHER_THING = frozenset({"07", "20", "06"})


def private_kinds(folder: Path = WORDNET) -> set[str]:
    """The nouns of first_sense_health whose first sense is of PRIVATE_KINDS and is really the
    first (OTHER_THING)."""
    lexfile = {line.split()[0]: line.split()[1] for line in _records(folder / "data.noun")}
    kept = set()
    for line in _records(folder / "index.noun"):
        fields = line.split()
        kinds = [lexfile[o] for o in fields[-int(fields[2]):]]
        counted = int(fields[-len(kinds) - 1]) > 0
        if kinds[0] in PRIVATE_KINDS and (counted or not OTHER_THING & set(kinds[1:]) - {kinds[0]}):
            kept.add(fields[0].replace("_", " "))
    return first_sense_health(folder) & kept


def from_bilingual(lang: str) -> list[str]:
    """The nouns of Apertium's `lang`->en bilingual dictionary whose first English translation is
    a term of the English list of a private kind (`private_kinds`), whose other translations say
    nothing else (a term of the list, or unknown to WordNet: "rabia" is rabies and anger, "ansia"
    anxiety and eagerness) and that are not everyday words of `lang` (the dictionaries are large)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bilingual_nouns import FRENCH_TO_SPANISH, TO_ENGLISH, translations
    from wordfreq import zipf_frequency

    english = translations(TO_ENGLISH["es" if lang == "fr" else lang])
    pairs = translations(FRENCH_TO_SPANISH) if lang == "fr" else english
    listed = set(word_list("health_terms.txt", "en"))
    private = listed & private_kinds()
    other = {lemma.replace("_", " ") for lemma in _senses(WORDNET, "noun")} - listed
    out = set()
    for entry, targets in pairs.items():
        word = entry.replace("#", "")  # Apertium marks where a multiword's inflected part ends
        tops = [t.lower() for t in (english.get(targets[0].lower(), []) if lang == "fr" else targets)]
        if tops and word.islower() and len(word) >= 4 and tops[0] in private and not other & set(tops) \
                and zipf_frequency(word, lang) < COMMON_IN_SOURCE:
            out.add(word)
    return sorted(out)


# Zipf in the language: a rendered word this frequent is an everyday word there ("rechange" 3.3,
# "golpe" 4.8), where the medical jargon rendered is rarer ("neumonía" 3.2 is kept: none of its
# translations is an ordinary noun).
ORDINARY_ZIPF = 3.0
PERSON = "18"  # WordNet's lexicographer file noun.person


def _english_senses(lang: str) -> dict[str, list[str]]:
    """Word of `lang` -> every English translation Apertium's bilingual dictionaries give it
    (French through Spanish)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bilingual_nouns import FRENCH_TO_SPANISH, TO_ENGLISH, translations

    english = translations(TO_ENGLISH["es" if lang == "fr" else lang])
    if lang != "fr":
        return english
    return {word: [e for s in spanish for e in english.get(s.lower(), [])]
            for word, spanish in translations(FRENCH_TO_SPANISH).items()}


def sense_check(terms: list[str], lang: str) -> tuple[list[str], list[str]]:
    """(terms, ordinary words): a single word that is mostly an ordinary word of `lang` (frequent
    there, and Apertium translates it back into English ordinary nouns said at least as often as
    its health ones: "rechange", rendered from a prescription's "refill", is "spare" too; "golpe",
    from "stroke", is "blow"; "rabia" is anger more than rabies) is a health word only in a
    sentence about health (health_context_terms.txt)."""
    ordinary = _ordinary_test(lang)
    context = sorted(t for t in terms if " " not in t and ordinary(t))
    return sorted(set(terms) - set(context)), context


@lru_cache(maxsize=None)
def _ordinary_test(lang: str):
    from wordfreq import word_frequency, zipf_frequency

    senses = _english_senses(lang)
    health = _closure(_hyponyms(WORDNET), CONDITIONS | SENSATIONS | CARE)
    first = {lemma.replace("_", " "): offs[0] for lemma, offs in _senses(WORDNET, "noun").items()}
    # a translation is a health word when it is listed or its first WordNet sense is health
    # ("sleeplessness", a back-translation of "insomni")
    healthy = set(word_list("health_terms.txt", "en")) | {w for w, o in first.items() if o in health}
    lexfile = {line.split()[0]: line.split()[1] for line in _records(WORDNET / "data.noun")}

    def health_word(english: str) -> bool:
        # either spelling: "hospitalization" and the listed "hospitalisation"
        return english in healthy or english.replace("ization", "isation") in healthy

    def ordinary(word: str) -> bool:
        # a plural by its singular: the dictionaries hold lemmas
        back = [t.lower() for t in senses.get(word) or senses.get(word[:-1]) or senses.get(word[:-2]) or []]
        # a person ("enfermo", "malade": a patient) is no ordinary thing: "est malade" says who is ill
        other = [t for t in back if t in first and not health_word(t) and lexfile[first[t]] != PERSON]
        # not "insomni" (insomnia, sleeplessness), "dolor" (pain, ache, grief)
        return zipf_frequency(word, lang) >= ORDINARY_ZIPF and bool(other) and sum(
            word_frequency(t, "en") for t in other) >= sum(word_frequency(t, "en") for t in back if health_word(t))

    return ordinary


# The lists of a language that are sense-checked (the rendered one first: a word of the context
# list that is no longer ordinary goes back there), and where their ordinary words go.
CHECKED = ("health_terms.txt", "health_dictionary_terms.txt", "health_bilingual_terms.txt")
CONTEXT = "health_context_terms.txt"


def _read(path: Path) -> tuple[list[str], set[str]]:
    lines = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    return [line for line in lines if line.startswith("#")], {line for line in lines if line and line[0] != "#"}


def recheck(lang: str) -> None:
    """Sense-check the language's lists as written: their ordinary words move to
    health_context_terms.txt."""
    folder = LANGUAGES / lang
    _, earlier = _read(folder / CONTEXT)
    context: set[str] = set()
    for name in CHECKED:
        header, words = _read(folder / name)
        kept, ordinary = sense_check(sorted(words | (earlier if name == CHECKED[0] else set())), lang)
        context |= set(ordinary)
        (folder / name).write_text("\n".join(header + kept) + "\n", encoding="utf-8")
    (folder / CONTEXT).write_text(
        HEADER.format(what="Health words that are mostly ordinary words (private in a sentence about health)",
                      more=DRUG_CREDIT)
        + f"# Moved from the other health lists of {lang} by tools/build_health_terms.py's sense check.\n"
        + "\n".join(sorted(context)) + "\n", encoding="utf-8")
    print(f"{len(context)} ordinary words -> {folder / CONTEXT}")


def word_list(name: str, lang: str) -> frozenset[str]:
    sys.path.insert(0, str(PACKAGE.parent))
    from prism_translate.engine.health_vocabulary import word_list as shipped

    return shipped(name, lang)


def rendered(terms: list[str], lang: str) -> list[str]:
    """The English terms as Apertium renders them into `lang`, where every word is known there."""
    sys.path.insert(0, str(PACKAGE.parent))
    from prism_translate.languages import LANGUAGES
    from prism_translate.translators.registry import get_translator

    out = get_translator("apertium").translate(terms, "en", lang)
    words = sorted({w for t in out for w in t.lower().split()})
    known = set()
    for analyser in LANGUAGES[lang].analysers:
        proc = subprocess.run(["lt-proc", "-w", analyser], input="\n".join(words).encode() + b"\n",
                              capture_output=True, check=True)
        known |= {w for w, line in zip(words, proc.stdout.decode().splitlines()) if "/*" not in line}
    kept = {t.strip().lower() for t in out if t.strip() and all(w in known for w in t.lower().split())}
    return sorted(kept)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default="en", help="en (from WordNet), or es, ca, fr (rendered from the English list)")
    ap.add_argument("--dictionary", action="store_true",
                    help="es, ca, fr: health_dictionary_terms.txt from the shipped <lang>-en dictionary")
    ap.add_argument("--bilingual", action="store_true",
                    help="es, ca, fr: health_bilingual_terms.txt from Apertium's bilingual dictionaries")
    ap.add_argument("--sense-check", action="store_true",
                    help="es, ca, fr: sense-check the shipped lists again without building them")
    args = ap.parse_args()
    if not (WORDNET / "data.noun").exists():
        print(f"WordNet not found in {WORDNET}: sudo apt-get install wordnet-base", file=sys.stderr)
        return 1
    if (args.dictionary or args.bilingual or args.sense_check) and args.lang == "en":
        print("--dictionary, --bilingual and --sense-check are for es, ca, fr", file=sys.stderr)
        return 2
    if args.sense_check:
        recheck(args.lang)
        return 0
    if args.bilingual:
        words = from_bilingual(args.lang)
        out = LANGUAGES / args.lang / "health_bilingual_terms.txt"
        source = "fr-es then spa-eng" if args.lang == "fr" else {"es": "spa-eng", "ca": "cat-eng"}[args.lang]
        out.write_text(HEADER.format(what="Health nouns (illnesses, symptoms, medicines, treatments)", more="")
                       + f"# and Apertium's bilingual dictionaries ({source}; apertium-eng-spa, apertium-eng-cat,\n"
                       "# apertium-fr-es (c) their authors, GPL): their nouns whose first English translation is such a noun.\n"
                       + "\n".join(words) + "\n", encoding="utf-8")
        print(f"{len(words)} words -> {out}")
        recheck(args.lang)
        return 0
    if args.dictionary:
        words = from_dictionary(args.lang, first_sense_health())
        out = LANGUAGES / args.lang / "health_dictionary_terms.txt"
        out.write_text(HEADER.format(what="Health nouns (illnesses, symptoms, medicines, treatments)", more="")
                       + f"# and the shipped {args.lang}-en dictionary (dictionaries/README.md): its nouns whose "
                       "English translation is such a noun.\n" + "\n".join(words) + "\n", encoding="utf-8")
        print(f"{len(words)} words -> {out}")
        recheck(args.lang)
        return 0
    lists = word_lists()
    if args.lang != "en":
        terms = rendered([t for t in lists["nouns"] if len(t.split()) <= 3], args.lang)
        out = LANGUAGES / args.lang / "health_terms.txt"
        out.write_text(HEADER.format(what="Health terms (illnesses, injuries, symptoms, medicines, treatments)",
                                     more=DRUG_CREDIT) + f"# Rendered into {args.lang} by Apertium (machine-made), "
                       "kept where its analyser knows every word.\n" + "\n".join(terms) + "\n", encoding="utf-8")
        print(f"{len(terms)} terms -> {out}")
        recheck(args.lang)
        return 0
    files = {
        "nouns": ("health_terms.txt", "Health terms (illnesses, injuries, symptoms, medicines, treatments)", DRUG_CREDIT),
        "adjectives": ("health_adjectives.txt", "Adjectives and participles of health conditions", ""),
        "body": ("body_parts.txt", "Body parts (private next to a health word)", ""),
        "injury": ("injury_words.txt", "Participles of injury verbs (private next to a body part)", ""),
        "injured_parts": ("injured_parts.txt", "Nouns with a body part among their senses (private right after "
                          "an injury word)", ""),
        "conditions": ("condition_words.txt", "Nouns with a condition among their first senses, after others "
                       "(private in a sentence about health, or after 'had a')", ""),
        "medication": ("medication_words.txt", "Drug names that are ordinary words too (private in a sentence "
                       "about health)", DRUG_CREDIT),
    }
    for key, (name, what, more) in files.items():
        (LANGUAGES / "en" / name).write_text(HEADER.format(what=what, more=more) + "\n".join(lists[key]) + "\n", encoding="utf-8")
        print(f"{len(lists[key])} {key} -> {LANGUAGES / 'en' / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
