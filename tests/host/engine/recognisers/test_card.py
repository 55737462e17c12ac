from prism_translate.engine.recognisers import card


def test_a_card_number_passes_the_luhn_check():
    text = "Card 4111 1111 1111 1111, not 4111 1111 1111 1112."
    assert [text[a:b] for a, b, _ in card.spans(text, "en")] == ["4111 1111 1111 1111"]
