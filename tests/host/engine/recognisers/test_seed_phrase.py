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


@pytest.mark.parametrize("lang,text,phrase", [
    ("es", "Apunta la frase de respaldo: tejado nube sobre gato mucho ayer pino barco nada tiza lápiz fresa. Gracias.",
     "tejado nube sobre gato mucho ayer pino barco nada tiza lápiz fresa"),
    ("fr", "Voici ma phrase de sauvegarde :\ncasque sous rivière vite boîte plume avec tige roseau four lampe orge",
     "casque sous rivière vite boîte plume avec tige roseau four lampe orge"),
    ("ca", "La frase llavor del moneder és: teulada núvol sobre gat molt ahir pi vaixell res guix llapis maduixa",
     "teulada núvol sobre gat molt ahir pi vaixell res guix llapis maduixa"),
    ("en", "Backup phrase is: lantern over the river quietly under my old copper kettle and spoon",
     "lantern over the river quietly under my old copper kettle and spoon"),
    ("es", "la frase secreta es tejado nube gato pino barco tiza lápiz fresa queso tomate jarra vela",
     "tejado nube gato pino barco tiza lápiz fresa queso tomate jarra vela"),
])
def test_twelve_words_after_a_phrase_label_are_one_code_whatever_the_words(lang, text, phrase):
    assert [(text[a:b], kind) for a, b, kind in seed_phrase.spans(text, lang)] == [(phrase, "CODE")]


@pytest.mark.parametrize("lang,text", [
    # the words are about the phrase, not its value; fewer than twelve words
    ("es", "La frase semilla la guardo en la caja fuerte del banco de mi madre, no te preocupes."),
    ("fr", "Ma phrase secrète : chat pomme sous avec rouge vent mer table."),
    ("ca", "La frase secreta la tinc apuntada a la llibreta de casa dels meus pares, tranquil."),
    ("en", "The recovery phrase was written on a card that I keep in the drawer at home now."),
])
def test_a_sentence_about_the_phrase_or_fewer_words_are_no_phrase(lang, text):
    assert seed_phrase.spans(text, lang) == []


def test_a_labelled_phrase_ends_at_the_line_break_before_a_signature():
    words = "tejado nube gato pino barco tiza lápiz fresa queso tomate jarra vela"
    text = f"frase semilla: {words}\nmarisa"
    assert [text[a:b] for a, b, _ in seed_phrase.spans(text, "es")] == [words]
    grid = "tejado nube gato\npino barco tiza\nlápiz fresa queso\ntomate jarra vela"
    text = f"Phrase de récupération :\n{grid}"
    assert [text[a:b] for a, b, _ in seed_phrase.spans(text, "fr")] == [grid]


@pytest.mark.parametrize("lang,text,phrase", [
    # accented words of the Spanish list as a keyboard writes them (the list stores them decomposed)
    ("es", "Guárdala: caimán espía guiño lámpara médula océano peatón rábano señal áspero cría afición. Nada más.",
     "caimán espía guiño lámpara médula océano peatón rábano señal áspero cría afición"),
    # the same words with their accents left out
    ("en", "backup: caiman espia guino lampara medula oceano peaton rabano senal aspero cria aficion",
     "caiman espia guino lampara medula oceano peaton rabano senal aspero cria aficion"),
    # a list of a language the product does not read
    ("fr", "Les mots : andrea brezza critico erosivo gelso lembo mucca pandoro qualcosa sarcasmo solido tonsilla, merci",
     "andrea brezza critico erosivo gelso lembo mucca pandoro qualcosa sarcasmo solido tonsilla"),
    ("ca", "alicate batata censo delonga esfinge galocha inspetor manter ofensiva postal roseira teatral",
     "alicate batata censo delonga esfinge galocha inspetor manter ofensiva postal roseira teatral"),
])
def test_a_phrase_of_any_packaged_list_is_one_code_with_or_without_accents(lang, text, phrase):
    assert [(text[a:b], kind) for a, b, kind in seed_phrase.spans(text, lang)] == [(phrase, "CODE")]
