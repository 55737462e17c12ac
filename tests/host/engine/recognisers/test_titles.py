import pytest

from prism_translate.engine.recognisers import titles


@pytest.mark.parametrize("lang,text,names", [
    ("en", "I spoke to Mr. van der Berg and Dr Hale.", {"van", "der", "Berg", "Hale"}),
    ("es", "Estimada Sra. Gómez, el Dr. Álvarez llamó.", {"Gómez", "Álvarez"}),
    ("fr", "Mme Dupont viendra.", {"Dupont"}),
    # an initial's dot goes on with the name; a sentence's end does not ("Doyle. Please")
    ("en", "Ask Mr J. R. Smith about it.", {"J.", "R.", "Smith"}),
    ("en", "Your appointment is with Dr Ruairi Doyle. Please bring your list.", {"Ruairi", "Doyle"}),
    # a family title is a title too: "Tía Rosa", "Abuelito Joe" where it went out as a name
    ("en", "We went to Aunt Rosa's house with Grandpa Joe.", {"Rosa", "Joe"}),
])
def test_a_name_after_a_title_is_a_person(recognised, lang, text, names):
    assert set(recognised(titles.names_after, text, lang)) == names


def test_the_title_itself_is_a_word(recognised):
    assert recognised(titles.title_words, "Mr. Hale and Dr Hale") == {"Mr.": "", "Dr": ""}
    assert recognised(titles.title_words, "Aunt Rosa and Grandpa Joe") == {"Aunt": "", "Grandpa": ""}
