"""A differential-privacy audit of PRISM-R and the mixture (docs/privacy.md, "The audit").

For two neighbouring inputs (docs/privacy.md: one token differs, both forms in V, same case
shape, same entity mask), the encoder is run many times on each; for every event "position j
is sent as v" and "the whole text is sent as s", Clopper-Pearson bounds on the two probabilities
give an empirical lower bound on epsilon. That bound must never exceed the printed epsilon.
The inputs include the three channels the encoder used to have: a token whose tag makes it look
like an entity or a non-word, a word the tagger gives an unusual tag ("notary" as ADJ), and a
context that changes how another token is treated. Seeded, so every run draws the same.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prism_translate.dictionary.format import Dictionary, Entry
from prism_translate.engine.dp import vocabulary
from prism_translate.engine.encode import encode, epsilon
from prism_translate.engine.tokenize import Token, analyse
from dp_audit import ALPHA, empirical_epsilon

READINGS = [("dog", "NOUN", "NN"), ("cat", "NOUN", "NN"), ("tree", "NOUN", "NN"), ("house", "NOUN", "NN"),
            ("notary", "NOUN", "NN"), ("lawyer", "NOUN", "NN"), ("record", "NOUN", "NN"), ("bitch", "NOUN", "NN"),
            ("record", "VERB", "VB"), ("run", "VERB", "VB"), ("walk", "VERB", "VB"), ("sing", "VERB", "VB")]
TINY = Dictionary(
    {"source": "en", "target": "es", "translator": "t", "corpus": "t", "K": 0, "estimator": "t", "built": "t"},
    [Entry(w, pos, tag, 1.0 - i / 20, (f"{w}-{pos.lower()}-es",), (1.0,)) for i, (w, pos, tag) in enumerate(READINGS)],
)


def tok(word: str, pos: str = "NOUN", tag: str = "NN", entity: str = "", ws: str = " ") -> Token:
    return Token(word, ws, pos, tag, entity)


def sent_tokens(tokens: list[Token], dictionary: Dictionary, method: str, ratio: float, beta: float,
                rng: random.Random, protect: bool) -> tuple[str, ...]:
    enc = encode(tokens, dictionary, method, ratio, beta=beta, rng=rng, protect_entities=protect)
    out = [t.text for t in tokens]
    for s in enc.substitutions:
        out[s.index] = s.substitute
    return tuple(out)


def samples(tokens, dictionary, method, ratio, beta, trials, seed, protect=False) -> list[tuple[str, ...]]:
    rng = random.Random(seed)
    return [sent_tokens(tokens, dictionary, method, ratio, beta, rng, protect) for _ in range(trials)]


# -- the mechanism on a tiny dictionary: tight, and the channels closed -----------------------


def test_vocabulary_is_forms_less_function_and_offensive_words():
    v = vocabulary(TINY)
    assert len(v) == 10  # 12 readings, "record" twice, "bitch" never sent
    assert "record" in v and "bitch" in v and "bitch" not in v.substitutes


@pytest.mark.slow
@pytest.mark.parametrize("method,ratio,beta", [("r", 0.5, 0.0), ("r", 0.8, 0.0), ("mix", 0.6, 0.5)])
def test_neighbouring_words_stay_within_epsilon_and_prism_r_is_tight(method, ratio, beta):
    eps = epsilon(method, ratio, len(vocabulary(TINY)), beta)
    a = samples([tok("dog")], TINY, method, ratio, beta, 20_000, seed=1)
    b = samples([tok("cat")], TINY, method, ratio, beta, 20_000, seed=2)
    found = empirical_epsilon(a, b)
    assert found <= eps
    if method == "r":  # the input word itself is the worst event, and the audit gets close to it
        assert found >= eps - 0.25


@pytest.mark.parametrize("method,beta", [("r", 0.0), ("mix", 0.5)])
def test_a_word_with_an_unusual_tag_is_treated_like_any_word(method, beta):
    """Channel 2: spaCy tags "notary" ADJ in "The notary public signed it.". Eligibility looked up
    by (word, tag) never replaced it, which told it apart from "lawyer" with certainty."""
    eps = epsilon(method, 0.8, len(vocabulary(TINY)), beta)
    a = samples([tok("notary", "ADJ", "JJ")], TINY, method, 0.8, beta, 5_000, seed=3)
    b = samples([tok("lawyer")], TINY, method, 0.8, beta, 5_000, seed=4)
    assert Counter(a)[("notary",)] < 0.3 * len(a), "an unusually tagged word of V must still be replaced"
    assert empirical_epsilon(a, b) <= eps


@pytest.mark.slow
@pytest.mark.parametrize("method,beta", [("r", 0.0), ("mix", 0.5)])
def test_context_does_not_change_how_another_token_is_treated(method, beta):
    """Channel 3: changing the first word changes the tag spaCy gives the second ("record" NOUN
    or VERB, "notary" NOUN or ADJ, or a tag that is no word at all). The second token's
    treatment must not follow: neither whether it may be replaced nor the pool it draws from."""
    eps = epsilon(method, 0.8, len(vocabulary(TINY)), beta)
    for second, third in (((("record", "NOUN", "NN")), ("record", "VERB", "VB")),
                          (("notary", "NOUN", "NN"), ("notary", "ADJ", "JJ")),
                          (("walk", "VERB", "VB"), ("walk", "X", "FW"))):
        a = samples([tok("dog"), tok(*second)], TINY, method, 0.8, beta, 5_000, seed=5)
        b = samples([tok("cat"), tok(*third)], TINY, method, 0.8, beta, 5_000, seed=6)
        assert empirical_epsilon(a, b) <= eps, (second, third)


def test_an_offensive_word_is_always_replaced_and_never_sent_and_epsilon_holds():
    eps = epsilon("mix", 0.6, len(vocabulary(TINY)), 0.5)
    a = samples([tok("bitch")], TINY, "mix", 0.6, 0.5, 5_000, seed=7)
    b = samples([tok("dog")], TINY, "mix", 0.6, 0.5, 5_000, seed=8)
    assert not any("bitch" in row for row in a + b)
    assert empirical_epsilon(a, b) <= eps


# -- the shipped dictionary, real spaCy: random neighbouring pairs ---------------------------

SENTENCES = [
    "Hi Daniel, as agreed, Laura from our Chicago office will send you the signed contract by Friday.",
    "The notary public signed the deed this morning and the bank will record the transfer next week.",
    "Please check the attached invoice and let me know if the amount looks right to your team.",
    "Our doctor said the results were fine, but she wants another blood test before the surgery.",
    "The landlord refused to repair the heating, so we are asking a lawyer to write him a letter.",
    "I left my keys at the reception desk; could you keep them until I come back from lunch?",
    "The manager asked whether the new printer could be moved closer to the small meeting room.",
    "We expect the shipment to arrive late because the storm closed the harbour for two days.",
    "Thank you for the lovely dinner; the children talked about your garden all the way home.",
    "The court will hear the case in spring unless both parties agree to settle it before then.",
]
# Rarely kept (1 - r = 0.0001) keeps epsilon small (1.27 with the shipped |V|), so that a few
# hundred draws can show any channel stronger than it, which a larger epsilon would hide.
AUDIT_RATIO = 0.9999


def mask(tokens: list[Token], dictionary: Dictionary) -> list[tuple[int, str]]:
    """Which positions the entity protection hides, and as what (r = 0: no word is replaced)."""
    enc = encode(tokens, dictionary, "r", 0.0, rng=random.Random(0))
    return [(s.index, s.kind) for s in enc.substitutions]


def shape(word: str) -> str:
    return "upper" if word.isupper() and len(word) > 1 else "title" if word[:1].isupper() else "lower"


def retagged(x: list[Token], y: list[Token], i: int) -> bool:
    """Whether swapping token i made spaCy tag another token differently."""
    return any(s.tag != t.tag for j, (s, t) in enumerate(zip(x, y)) if j != i)


def one_word_edits(dictionary: Dictionary, rng: random.Random, other_pos: bool = False):
    """Endless random one-word edits of real sentences: a word of V that the mask does not hide
    swapped for another word of V in the same case shape, both texts analysed by spaCy, as
    (x, y, i). With `other_pos`, a word of another part of speech than the one replaced, which
    retags its neighbours more often."""
    v = vocabulary(dictionary)
    forms = [f for f in v.substitutes if f.isalpha()]
    analysed = {text: analyse(text) for text in SENTENCES}
    while True:
        text = rng.choice(SENTENCES)
        x = analysed[text]
        hidden = {i for i, _ in mask(x, dictionary)}
        i = rng.choice([i for i, t in enumerate(x) if t.text.lower() in v and i not in hidden])
        new = next(f for f in iter(lambda: rng.choice(forms), None) if not other_pos or v.readings[f][0].pos != x[i].pos)
        new = new.capitalize() if shape(x[i].text) == "title" else new
        start = sum(len(t.text) + len(t.ws) for t in x[:i])
        y = analyse(text[:start] + new + text[start + len(x[i].text):])
        if [t.text for t in y][:i] + [t.text for t in y][i + 1:] == [t.text for t in x][:i] + [t.text for t in x][i + 1:]:
            yield x, y, i


def mask_change(x: list[Token], y: list[Token], i: int, dictionary: Dictionary) -> tuple[bool, bool]:
    """Whether the edit at i changed the mask at the edited place, and elsewhere. The edited place
    is token i and the rest of a health term it makes in either text ("signed toxicology": a word
    before a health noun is one term with it, docs/privacy.md)."""
    mx, my = dict(mask(x, dictionary)), dict(mask(y, dictionary))
    place = {i}
    for m in (mx, my):
        for step in (-1, 1):
            j = i + step
            while m.get(i) == m.get(j) == "word":
                place.add(j)
                j += step
    return mx.get(i) != my.get(i), any(mx.get(j) != my.get(j) for j in set(mx) | set(my) if j not in place)


def neighbouring_pairs(dictionary: Dictionary, count: int, seed: int):
    """Random one-word pairs, whatever their masks do elsewhere (docs/privacy.md: the mask at a
    place follows the word written there, never the other words): kept when the edited word is a
    word of V in both texts. Half of them are pairs where the swap changed another token's tag
    (about 1 in 10 random pairs), the channel the encoder used to have."""
    edits = one_word_edits(dictionary, random.Random(seed), other_pos=True)
    pairs, plain = [], []
    while len(pairs) < count // 2 or len(plain) < count - count // 2:
        x, y, i = next(edits)
        if mask_change(x, y, i, dictionary)[0]:
            continue
        (pairs if retagged(x, y, i) else plain).append((x, y, i))
    return pairs[:count // 2] + plain[:count - count // 2]


@pytest.mark.slow
def test_a_one_word_edit_never_changes_how_another_word_is_hidden(shipped_es):
    """The mask on random one-word edits of real sentences (issue 29 found 2 % changing another
    token's mask): what is hidden where, and as what, outside the edited place never follows the
    edit. At the edited place the mask follows the word written there ("vargas" is a name,
    "pregnant" a health word), which docs/privacy.md states as public."""
    edits = one_word_edits(shipped_es, random.Random(12))
    changed = [(x, y, i) for x, y, i in (next(edits) for _ in range(200)) if mask_change(x, y, i, shipped_es)[1]]
    assert not changed, [(x[i].text, y[i].text, mask(x, shipped_es), mask(y, shipped_es)) for x, y, i in changed]


@pytest.fixture(scope="module")
def pairs(shipped_es):
    return neighbouring_pairs(shipped_es, 16, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("method,beta", [("r", 0.0), ("mix", 0.001)])
def test_random_neighbouring_pairs_of_real_sentences_stay_within_epsilon(shipped_es, pairs, method, beta):
    eps = epsilon(method, AUDIT_RATIO, len(vocabulary(shipped_es)), beta)
    worst = 0.0
    for n, (x, y, _) in enumerate(pairs):
        a = samples(x, shipped_es, method, AUDIT_RATIO, beta, 200, seed=100 + n, protect=True)
        b = samples(y, shipped_es, method, AUDIT_RATIO, beta, 200, seed=200 + n, protect=True)
        worst = max(worst, empirical_epsilon(a, b, vocabulary(shipped_es), ALPHA / len(pairs)))
    assert worst <= eps


def test_a_name_and_a_word_are_told_apart_which_the_relation_leaves_out(shipped_es):
    """Channel 1: names, numbers and codes are hidden by their own deterministic mechanism, so
    where they stand is public. "Paris" vs "friends" changes the entity mask: not neighbours in
    the stated relation, and the audit does see it. Two names of the same kind are not told apart."""
    v = vocabulary(shipped_es)
    eps = epsilon("r", AUDIT_RATIO, len(v), 0.0)
    paris, rome, friends = (analyse(f"I visited {w} with my brother.") for w in ("Paris", "Rome", "friends"))
    assert mask(paris, shipped_es) == mask(rome, shipped_es) != mask(friends, shipped_es)
    a, b, c = (samples(x, shipped_es, "r", AUDIT_RATIO, 0.0, 300, seed=21 + n, protect=True)
               for n, x in enumerate((paris, rome, friends)))
    assert empirical_epsilon(a, c, v) > eps
    assert empirical_epsilon(a, b, v) <= eps


# -- the mask says nothing beyond the kind the user sees ---------------------------------------


@pytest.mark.parametrize("x,y", [
    # a person the tagger took for an organisation or a place gets a stand-in from the same lists
    (tok("Pavel", "PROPN", "NNP", "PERSON"), tok("Boris", "PROPN", "NNP", "ORG")),
    (tok("Pavel", "PROPN", "NNP", "PERSON"), tok("Lyon", "PROPN", "NNP", "PLACE")),
    # a two-digit hour keeps its format, not whether it was before 10
    (tok("09:30", "NUM", "CD", "NUMBER"), tok("19:30", "NUM", "CD", "NUMBER")),
])
def test_stand_ins_of_one_kind_cannot_be_told_apart_under_repetition(shipped_es, x, y):
    a, b = (samples([t, tok("left", "VERB", "VBD", ws="")], shipped_es, "r", 0.0, 0.0, 400, seed=31 + n, protect=True)
            for n, t in enumerate((x, y)))
    # what was sent in place of the value: never the value itself, and drawn alike for both
    assert x.text not in {row[0] for row in a} and y.text not in {row[0] for row in b}
    assert empirical_epsilon(a, b) <= epsilon("r", AUDIT_RATIO, len(vocabulary(shipped_es)), 0.0)
