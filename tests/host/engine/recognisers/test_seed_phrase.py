import pytest

from prism_translate.engine.recognisers import seed_phrase

PHRASE = "abandon ability able about above absent absorb abstract absurd abuse access accident"


@pytest.mark.parametrize("text,phrase", [
    (f"My recovery words: {PHRASE}. Keep them safe.", PHRASE),
    ("1. legal 2. winner 3. thank 4. year 5. wave 6. sausage 7. worth 8. useful 9. legal 10. winner 11. thank 12. yellow",
     "legal 2. winner 3. thank 4. year 5. wave 6. sausage 7. worth 8. useful 9. legal 10. winner 11. thank 12. yellow"),
    ("Ma phrase : abeille abolir abriter absence absolu abandon abaisser absurde abroger aboutir aborder abdiquer", None),
])
def test_twelve_words_of_a_bip39_list_in_a_row_are_one_code(text, phrase):
    found = [(text[a:b], kind) for a, b, kind in seed_phrase.spans(text, "en")]
    assert len(found) == 1 and found[0][1] == "CODE"
    assert phrase is None or found[0][0] == phrase


def test_a_phrase_with_one_word_mistyped_is_still_one_code():
    typo = PHRASE.replace("absurd", "absurt")
    text = f"The recovery phrase is: {typo}. Keep it offline!"
    assert [(text[a:b], kind) for a, b, kind in seed_phrase.spans(text, "en")] == [(typo, "CODE")]
    # two words off the list in twelve: no phrase
    assert seed_phrase.spans(PHRASE.replace("absurd", "absurt").replace("able", "abel"), "en") == []


def test_fewer_words_or_ordinary_sentences_are_not_a_phrase():
    assert seed_phrase.spans("abandon ability able about above absent absorb abstract absurd abuse access", "en") == []
    assert seed_phrase.spans("The cat sat on the mat and then it ran away from the big dog in the yard.", "en") == []


def test_the_whole_phrase_goes_out_as_a_stand_in(recognised):
    from prism_translate.engine.tokenize import analyse

    tokens = analyse(f"Seed: {PHRASE}", "en")
    assert [t.entity for t in tokens if t.text == PHRASE] == ["CODE"]
