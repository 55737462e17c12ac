from prism_translate.engine.recognisers import domain_names


def test_words_the_texts_own_address_runs_together_are_an_organisation(recognised):
    text = ("From: Dan Price <dan.price@summitpartners.co.uk>\n\n"
            "> Quick update. The call with Summit Partners is on 14 March.\n"
            "> Can Blue Harbour Capital join? See www.blue-harbour-capital.com")
    assert recognised(domain_names.token_kinds, text) == {
        "Summit": "ORG", "Partners": "ORG", "Blue": "ORG", "Harbour": "ORG", "Capital": "ORG"}


def test_without_an_address_or_a_match_nothing_is_said(recognised):
    assert recognised(domain_names.token_kinds, "The call with Summit Partners is on 14 March.") == {}
    assert recognised(domain_names.token_kinds, "Write to Project Manager at pm@acme.com") == {}


def test_in_another_language_the_same(recognised):
    text = "Escribe a ana@grupotorreblanca.es.\n> La reunión con Grupo Torreblanca es el lunes."
    assert recognised(domain_names.token_kinds, text, "es") == {"Grupo": "ORG", "Torreblanca": "ORG"}


def test_a_names_function_words_count_as_its_address_spells_them(recognised):
    text = "Statements come from alerts@bankofireland.ie.\nBank of Ireland will never ask for your PIN."
    assert recognised(domain_names.token_kinds, text) == {"Bank": "ORG", "of": "ORG", "Ireland": "ORG"}
