from prism_translate.engine.recognisers import greeting


def test_greeting_and_signoff_words_are_words(recognised):
    found = recognised(greeting.formula_words, "Good morning Hope,\nsee you soon.\n\nBest regards,\nMark")
    assert found == {"Good": "", "morning": "", "Best": "", "regards": ""}


def test_the_name_after_a_greeting_is_a_person(recognised):
    assert recognised(greeting.greeted_names, "Dear Carla Moreno,\nthanks.") == {"Carla": "PERSON", "Moreno": "PERSON"}
    assert recognised(greeting.greeted_names, "Hola Marta Puig, ¿qué tal?", "es") == {"Marta": "PERSON",
                                                                                    "Puig": "PERSON"}
