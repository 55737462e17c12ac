"""Health information (illnesses, injuries, symptoms, pregnancy, medicines, treatments, allergies):
private whatever r is.

"She has asthma" tells the translator more than any name in the text, so such words are always
replaced, like names and numbers, and not only when PRISM's word budget reaches them. The lists
(built by tools/build_health_terms.py from WordNet and a maintained drug-name list) are English:
- languages/en/health_terms.txt: nouns and noun phrases; a token counts when it is a noun and it, its
  singular, or the phrase it starts is listed ("asthma", "breast cancer", "amlodipine");
- health_adjectives.txt: conditions said of a person ("pregnant", "diabetic", "allergic");
- body_parts.txt and injury_words.txt: a body part or an injury word ("fractured", "tore")
  counts in a sentence that also holds a health word, a body part or an injury word of the other
  list ("tore his hamstring", "suspected fractured pelvis"); injured_parts.txt, a word with a body
  part among its later senses, right after an injury word ("fractured scaphoid", "bruised rib");
- medication_words.txt: drug names that are ordinary words too ("lithium", "morphine"): they
  count in a sentence that holds another health word ("bipolar disorder, on lithium");
- a body part followed by a noun of what goes wrong with it ("kidney stones", "back pain");
- around those: the words that make one term with a health word ("breast" in "breast cancer",
  "multiple" in "multiple sclerosis", "torn" in "torn meniscus", "peanut" in "peanut allergy",
  "lactose" in "lactose intolerant") and what an allergy is to ("allergic to peanuts",
  "Allergies: peanuts, latex").
Spanish, Catalan and French have a noun list each (languages/<code>/health_terms.txt: the English one
rendered by Apertium, same tool); there a phrase's head noun comes first ("insuffisance
cardiaque"), and the lists of adjectives, body parts and injury words are English only.
Apertium knows few drugs, so a word of those languages also counts when it is spelt as an English
single-word term is, up to the usual cognate changes ("amoxicil·lina", "amoxicilline" and
"amoxicillin"; `health_vocabulary.cognate_key`).
"""

from __future__ import annotations

from functools import lru_cache

from .health_jargon import jargon
from .health_kinds import dosed, drugs_and_anatomy, medicines
from .health_specialists import specialists
from .health_vocabulary import adjectives, american, cognate_key, listed, may_start_term, plural_of, word_list
from .tokenize import Token

LONGEST = 4  # words in the longest phrase matched ("acute myeloid leukemia", "neumonía de aspiración")
INJURY_REACH = 3  # words from an injury word to its body part ("sprained her left ankle")
# Listed words this long count whatever the tagger says: it often calls an unknown drug name a
# verb or an adjective ("indapamide"); shorter ones must be nouns ("cold" the adjective is not).
ANY_TAG = 7
NOUNS = frozenset({"NOUN", "PROPN"})
# The Spanish and French models tag a word they do not know, such as a drug's name, as they can
# ("amoxicilina" ADJ): in those languages a listed word counts under these tags too.
UNSURE = NOUNS | {"ADJ", "X"}
# Parts of speech that make one term with the health noun after them.
MODIFIERS = frozenset({"NOUN", "PROPN", "ADJ"})
# Words after which a list says what someone is allergic or intolerant to.
ALLERGY_CUES = frozenset("""allergic allergy allergies intolerant intolerance intolerances anaphylaxis
alérgico alérgica alérgicos alérgicas alergia alergias intolerante intolerancia
allergique allergiques allergie allergies intolérant intolérante intolérance
al·lèrgic al·lèrgica al·lèrgics al·lèrgiques al·lèrgia intolerància""".split())
# What a drug's name before them makes a health term ("heroin use", "cocaine habit").
DRUG_USE = frozenset("use user users abuse habit withdrawal overdose dependence dependency addiction".split())
# What someone did with a condition they had: "she had a stroke", "he suffered a fit".
SUFFERED = frozenset("have has had having suffer suffers suffered suffering".split())
# What goes wrong with a body part, when the part names it ("kidney stones", "knee surgery").
CONDITION_HEADS = frozenset("""stone stones pain pains ache aches infection infections failure disease damage problem
problems surgery operation transplant injury injuries condition issue issues bug cancer tumour tumor tumours tumors
bleed bleeding inflammation trouble scan scans biopsy replacement cyst cysts ulcer ulcers""".split())


def _hyphen_after(tokens: list[Token], i: int) -> bool:
    """A hyphen glued to the word: the English tokenizer splits "burn-out" in three."""
    return i + 2 < len(tokens) and not tokens[i].ws and tokens[i + 1].text == "-" and not tokens[i + 1].ws


def _sentences(tokens: list[Token]) -> list[list[int]]:
    """Word-token indices per sentence (a line break also ends one)."""
    out: list[list[int]] = [[]]
    for i, t in enumerate(tokens):
        if t.sent_start and out[-1]:
            out.append([])
        if t.is_word:
            out[-1].append(i)
        if "\n" in t.ws and out[-1]:
            out.append([])
    return [s for s in out if s]


def _listed_span(tokens: list[Token], span: list[int], head: int, heads: frozenset[str], lang: str) -> bool:
    """The words of the span are a listed term, the tag of its head word (span[head]) allowing."""
    # as written between its words: "co-codamol" is three tokens in English
    phrase = "".join(t.text + t.ws for t in tokens[span[0]:span[-1] + 1]).strip()
    return (tokens[span[head]].pos in heads or len(phrase) >= ANY_TAG
            or lang != "en" and _after_article(tokens, span[0])) and listed(phrase, tokens[span[head]].pos, lang)


def _after_article(tokens: list[Token], i: int) -> bool:
    """An article before the word makes it a noun, whatever the Spanish, Catalan or French tagger
    says of a short one it misreads ("une toux": ADP; English's "a cold start" is no cold)."""
    return i > 0 and tokens[i - 1].pos == "DET" and tokens[i - 1].is_word and "\n" not in tokens[i - 1].ws


def health_tokens(tokens: list[Token], lang: str = "en") -> set[int]:
    """Indices of the word tokens of every health term in the text."""
    # English: a listed word the tagger calls foreign counts too ("oedema": X)
    head, heads = (-1, NOUNS | {"X"}) if lang == "en" else (0, UNSURE)
    found: set[int] = set()
    # Apertium's Catalan tagger calls a word it does not know X, as it does symbols: letters make it a word.
    words = [i for i, t in enumerate(tokens) if t.is_word or (t.pos == "X" and t.text[:1].isalpha())]
    for n, i in enumerate(words):
        # most words start no listed phrase: one set lookup instead of building and checking three
        if not (may_start_term(tokens[i].text, lang) or _hyphen_after(tokens, i)):
            if _listed_span(tokens, [i], head, heads, lang):
                found.add(i)
            continue
        for size in range(LONGEST, 0, -1):
            span = words[n:n + size]
            if len(span) < size or any(tokens[j].ws.count("\n") for j in span[:-1]):
                continue
            if _listed_span(tokens, span, head, heads, lang):
                found.update(span)
                break
    found |= specialists(tokens, lang)
    if lang != "en":
        found |= drugs_and_anatomy(tokens, found, lang)
        found |= jargon(tokens, found, lang)
        found |= _headed(tokens, found, lang)
        found |= medicines(tokens, found, lang)
        found |= _complements(tokens, found, lang)
        found |= _holders(tokens, found, lang)
        return found | _following_adjectives(tokens, found) | _allergens(tokens)
    known = adjectives()
    found |= dosed(tokens, lang)
    found |= {i for i in words if tokens[i].text.lower() in known or american(tokens[i].text.lower()) in known}
    body, injury = word_list("body_parts.txt"), word_list("injury_words.txt")
    sentences = _sentences(tokens)
    for sentence in sentences:
        # a word with a body part among its later senses, right after an injury word ("fractured scaphoid")
        parts = {i for i in sentence if plural_of(tokens[i].text.lower(), body) or tokens[i].pos in NOUNS
                 and i - 1 in sentence and tokens[i - 1].text.lower() in injury
                 and plural_of(tokens[i].text.lower(), word_list("injured_parts.txt"))}
        # An injury word a few words before the body part ("tore his hamstring", "fractured pelvis":
        # the tagger may call the part anything there); else a noun in a sentence about health.
        hurt = {j for i in parts for j in sentence if 0 < sentence.index(i) - sentence.index(j) <= INJURY_REACH
                and tokens[j].text.lower() in injury}
        named = {i for i in parts if i + 1 in sentence and tokens[i].dep == "compound"
                 and tokens[i + 1].text.lower() in CONDITION_HEADS and not tokens[i].ws.count("\n")}
        parts = {i for i in parts if any(j < i for j in hurt) or i in named
                 or tokens[i].pos in NOUNS and found.intersection(sentence)}
        if parts:
            found |= parts | hurt
            # A body part naming what a noun is about is one term with it ("knee replacement",
            # "stomach bug", "back pain").
            found |= {i + 1 for i in parts if tokens[i].dep == "compound" and i + 1 in sentence
                      and tokens[i + 1].pos == "NOUN" and not tokens[i].ws.count("\n")}
    medication, conditions = word_list("medication_words.txt"), word_list("condition_words.txt")
    for sentence in sentences:
        drugs = {i for i in sentence if tokens[i].pos in NOUNS and plural_of(tokens[i].text.lower(), medication)}
        # in a sentence about health, or naming its use ("heroin use", "cocaine habit")
        found |= {i for i in drugs if found.intersection(sentence) or i + 1 in sentence
                  and tokens[i + 1].text.lower() in DRUG_USE and not tokens[i].ws.count("\n")}
        # a word that names a condition after other things ("stroke"), in a sentence about health
        # or as what someone had ("he had a stroke"; not "a stroke of luck")
        found |= {i for i in sentence if tokens[i].pos in NOUNS and plural_of(tokens[i].text.lower(), conditions)
                  and (found.intersection(sentence) or _suffered(tokens, i))}
    found |= _numbered_kinds(tokens, found)
    found |= _term_modifiers(tokens, found) | _allergens(tokens)
    return found


def _suffered(tokens: list[Token], i: int) -> bool:
    """"had a", "suffered a" right before the noun, and no "of" after it."""
    return i >= 2 and tokens[i - 1].text.lower() == "a" and tokens[i - 2].text.lower() in SUFFERED \
        and not (i + 1 < len(tokens) and tokens[i + 1].text.lower() == "of")


def _numbered_kinds(tokens: list[Token], found: set[int]) -> set[int]:
    """A noun and its number before a health noun name its kind ("type 1 diabetes"): one term
    with it."""
    out: set[int] = set()
    for i in found:
        if i >= 2 and tokens[i - 1].text.isdigit() and tokens[i - 2].pos == "NOUN" and tokens[i - 2].is_word \
                and not (tokens[i - 2].ws + tokens[i - 1].ws).count("\n"):
            out.update((i - 2, i - 1))
    return out


def phrases(tokens: list[Token], found: set[int], lang: str = "en") -> set[int]:
    """The health tokens that are part of a term of several words ("breast cancer", "stomach
    bug"; in Spanish, Catalan and French also a health noun with a complement, "sclérose en
    plaques", "dolor en el pecho"): the translator words such a term around the stand-ins, so its
    restored form is a guess."""
    out: set[int] = set()
    for i in found:
        j = _after_link(tokens, i, lang, _links(lang) | _words_of(lang).temporal_words) if lang != "en" else None
        if j is not None and tokens[j].pos in NOUNS:
            out.add(i)
        for j in (i - 1, i + 1):
            a, b = min(i, j), max(i, j)
            if 0 <= j < len(tokens) and tokens[j].is_word and not tokens[a].ws.count("\n") and (
                    j in found or tokens[b].pos in NOUNS and tokens[a].dep in ("compound", "amod")):
                out.add(i)
    return out


def whole_terms(tokens: list[Token], found: set[int], lang: str) -> list[tuple[int, int]]:
    """Spanish, Catalan, French: the first and last token of each term of health words joined by
    "de", "à" and an article ("hiperplasia benigna de próstata", "pompe à insuline"). Hidden word by word, such a term came back worded around its stand-ins
    and with an ordinary word's translation in it; hidden as one it keeps the user's wording."""
    if lang == "en":
        return []
    links = _links(lang) | _words_of(lang).purpose_words
    out: list[tuple[int, int]] = []
    for i in sorted(found):
        if out and i <= out[-1][1]:
            continue
        last = j = i
        linked = False
        while j < len(tokens) and not tokens[j].ws.count("\n"):
            k = j + 1
            if k < len(tokens) and tokens[k].text.lower() in links:
                k += 1 + (k + 1 < len(tokens) and tokens[k + 1].pos == "DET" and not tokens[k].ws.count("\n"))
            if k >= len(tokens) or k not in found or tokens[k - 1].ws.count("\n"):
                break
            linked |= k > j + 1
            last = j = k
        # a kind with its number ("diabète de type 2") the translator words well around the
        # stand-ins; what is joined without "de" ("frutos secos", "trouble bipolaire") too
        if linked and not (last + 1 < len(tokens) and tokens[last + 1].text.isdigit()):
            out.append((i, last))
    return out


def _term_modifiers(tokens: list[Token], found: set[int]) -> set[int]:
    """Nouns, adjectives and participles ("torn meniscus") right before a health noun, or before
    the health adjective that modifies it ("paroxysmal atrial fibrillation"), that make one term
    with it: an ordinary adjective there tells the condition's kind ("focal seizures")."""
    out: set[int] = set()
    for i in sorted(found, reverse=True):
        j = i - 1
        while (j >= 0 and j not in found | out and tokens[j].is_word
               and (tokens[j].pos in MODIFIERS or tokens[j].tag in ("VBN", "VBG"))
               and tokens[j].dep in ("compound", "amod", "nmod") and not tokens[j].ws.count("\n")
               and (tokens[i].pos in NOUNS or tokens[i].dep in ("amod", "compound") and i + 1 in found
                    and tokens[j].pos == "ADJ")):  # not "suspected", "known" before "fractured"
            out.add(j)
            j -= 1
            # a modifier written with a hyphen is one: "early-onset", "long-term"
            if j >= 1 and tokens[j].text == "-" and not tokens[j].ws and not tokens[j - 1].ws \
                    and tokens[j - 1].is_word:
                j -= 1
    return out


def _words_of(lang: str):
    from .lexicon import lexicon

    return lexicon(lang)


def _links(lang: str) -> frozenset[str]:
    """What joins a noun to its complement: "de", "du", "d'", "del"."""
    return _words_of(lang).of_words | _words_of(lang).date_glue


def _after_link(tokens: list[Token], i: int, lang: str, links: frozenset[str] | None = None) -> int | None:
    """The word after "de" (and its article) that follows token i on its line: "tumeur du côlon",
    "trastorn d'ansietat", "fractura de la cadera"."""
    j = i + 1
    if j >= len(tokens) or tokens[i].ws.count("\n") or tokens[j].text.lower() not in (links or _links(lang)):
        return None
    j += 1
    if j < len(tokens) and tokens[j].pos == "DET" and not tokens[j - 1].ws.count("\n"):
        j += 1
    return j if j < len(tokens) and not tokens[j - 1].ws.count("\n") and tokens[j].text[:1].isalpha() else None


def _headed(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """Spanish, Catalan, French: a generic noun that heads a health term (health_heads.txt:
    "trastorn", "troubles") counts when what follows makes it one, an adjective ("troubles
    urinaires") or "de" and a health noun ("trastorn d'ansietat"): alone it is an ordinary word
    ("des troubles" in the street)."""
    heads = word_list("health_heads.txt", lang)
    out = set()
    for i, t in enumerate(tokens):
        if i in found or not plural_of(t.text.lower(), heads):
            continue
        nxt = tokens[i + 1] if i + 1 < len(tokens) and not t.ws.count("\n") else None
        after = _after_link(tokens, i, lang)
        # an adjective, or a word found already ("trouble ventilatoire": jargon the tagger calls a noun)
        if nxt is not None and (nxt.pos == "ADJ" or nxt.pos == "VERB" and "Part" in nxt.tag.split(":") or i + 1 in found) \
                or after is not None and after in found:
            out.add(i)
        elif after is not None and tokens[after].pos in NOUNS and plural_of(t.text.lower(), heads):
            # what the disorder is of is part of its name ("troubles de la vue", "trastorn de la son")
            out.update((i, after))
    return out


def _holders(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """Spanish, Catalan, French: the noun a medicine's name completes names what holds or gives it
    ("stylo d'insuline", "pompe à insuline", "bomba de insulina", "radiographie du thorax"): one term with it, so the
    translator does not see which medicine the device is for around the stand-in."""
    out: set[int] = set()
    for i, t in enumerate(tokens):
        j = _after_link(tokens, i, lang, _links(lang) | _words_of(lang).purpose_words)
        # after a determiner: "antecedentes de asma" heads a list, it holds nothing
        if j is not None and j in found and i not in found and t.is_word and i > 0 \
                and tokens[i - 1].pos == "DET" and not tokens[i - 1].ws.count("\n"):
            out.add(i)
    return out


def _complements(tokens: list[Token], found: set[int], lang: str) -> set[int]:
    """Spanish, Catalan, French: what "de" adds to a health noun is part of the term when it is a
    body part or a health word spelt as in English ("tumeur du côlon", "cáncer de colon") or a
    kind with its number ("diabète de type 2", "diabetes de tipo 1", or with no "de": "diabetes tipo 2")."""
    parts = _body_cognates()
    out: set[int] = set()
    for i in sorted(found):
        j = _after_link(tokens, i, lang)
        if j is None and _kind_number_after(tokens, i):
            out.update((i + 1, i + 2))  # with no "de": "diabetes tipo 2"
        if j is None or j in found:
            continue
        word = tokens[j].text.lower()
        numbered = j + 1 < len(tokens) and tokens[j + 1].text.isdigit() and not tokens[j].ws.count("\n")
        if numbered:
            out.update((j, j + 1))
        elif len(word) >= 5 and word.replace("·", "").isalpha() and cognate_key(word) in parts:
            out.add(j)
    return out


def _kind_number_after(tokens: list[Token], i: int) -> bool:
    """A noun and its number right after the health noun, on its line ("diabetes tipo 2")."""
    return i + 2 < len(tokens) and tokens[i + 1].pos == "NOUN" and tokens[i + 1].is_word \
        and tokens[i + 2].text.isdigit() and not (tokens[i].ws + tokens[i + 1].ws).count("\n")


@lru_cache(maxsize=1)
def _body_cognates() -> frozenset[str]:
    return frozenset(cognate_key(t) for t in word_list("body_parts.txt") if " " not in t and len(t) >= 5)


def _following_adjectives(tokens: list[Token], found: set[int]) -> set[int]:
    """Spanish, Catalan, French: the adjectives right after a health noun make one term with it
    ("insuficiencia renal crónica", "hernie discale", "diabetes mellitus")."""
    out: set[int] = set()
    for i in sorted(found):
        j = i + 1
        # an unknown word is X to Apertium's Catalan tagger ("descompensada"); the Spanish model
        # calls "mellitus" a determiner, but one that modifies the noun
        while (j < len(tokens) and j not in found and tokens[j].text.isalpha() and not tokens[j - 1].ws.count("\n")
               and (tokens[j].pos in ("ADJ", "X") or tokens[j].dep == "amod" or tokens[j].pos == "PROPN" and tokens[j].text.islower()
                    or tokens[j].pos == "VERB" and "Part" in tokens[j].tag.split(":"))):
            out.add(j)
            j += 1
        # the noun an organ's adjective is said of: "insuficiència cardíaca", "douleur thoracique"
        # (the taggers call an unknown adjective a verb or X: "factor reumatoide")
        before = tokens[i - 1] if i > 0 and tokens[i].pos not in NOUNS else None
        if before is not None and before.pos in NOUNS and i - 1 not in found and before.ws.strip(" ") == "":
            out.add(i - 1)
    return out


# What joins a cue to what it is to: "allergic to", "alérgica a", "allergique aux", "Allergies:".
_ALLERGY_LINKS = frozenset({"to", ":", "-", "–", "a", "al", "als", "à", "au", "aux"})


def _allergens(tokens: list[Token]) -> set[int]:
    """What follows "allergic to", "allergy to", "Allergies:": the nouns (and their modifiers)
    up to the end of the list."""
    out: set[int] = set()
    for i, t in enumerate(tokens):
        if t.text.lower() not in ALLERGY_CUES:
            continue
        j = i + 1
        while j < i + 3 and j < len(tokens) and tokens[j].pos == "ADJ":  # "allergie sévère à"
            j += 1
        if j < len(tokens) and tokens[j].text.lower() in _ALLERGY_LINKS:
            out.update(range(i + 1, j))
            j += 1
            while j < len(tokens) and tokens[j].pos == "DET":  # "alérgica a los cacahuetes"
                j += 1
            if t.is_word:
                out.add(i)  # "allergique": Spanish, Catalan, French cues are in no list
        elif tokens[i - 1:i] and tokens[i - 1].pos in MODIFIERS and tokens[i - 1].is_word and (
                tokens[i - 1].pos in NOUNS or tokens[i - 1].dep in ("amod", "compound", "npadvmod")):
            out.update((i - 1, i))  # "peanut allergy", "lactose intolerant"
            continue
        else:
            continue
        while j < len(tokens) and "\n" not in tokens[j - 1].ws:
            tok = tokens[j]
            if tok.pos in MODIFIERS and tok.is_word:
                out.add(j)
            elif tok.text.lower() not in (",", "and", "or", "&", "/") and tok.pos != "DET":
                break
            j += 1
    return out
