"""The language check: the whole request must look like the source language (any source, not
only English), judged before anything is sent; one word does not flip it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prism_translate.engine import language
from prism_translate.errors import EngineError
from serve_loop import exchange, req, small_session

ROWS = [line.rstrip("\n").split("\t") for line in
        (Path(__file__).resolve().parents[2] / "data" / "langid.tsv").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")]


def refusal(texts, source: str) -> str | None:
    """The code the check refuses the texts with (its message saying nothing was sent), or None."""
    try:
        language.check(texts, source)
    except EngineError as err:
        assert err.code in ("E025", "E029") and "Nothing was sent" in err.message
        return err.code
    return None


def accepted(texts, source: str) -> bool:
    return refusal(texts, source) is None


@pytest.mark.parametrize("source", ["en", "es", "ca", "fr"])
def test_short_messages_are_judged_right_for_every_source_language(source):
    wrong = [(lang, text) for lang, text in ROWS if accepted([text], source) != (lang == source)]
    assert not wrong


def test_english_dense_with_names_and_codes_is_not_refused():
    corpus = Path(__file__).resolve().parents[2] / "data" / "canary" / "corpus.jsonl"
    texts = [json.loads(line)["text"] for line in corpus.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(texts) >= 150
    assert [t for t in texts if not accepted([t], "en")] == []


def test_one_word_does_not_flip_the_judgement():
    german = "Der {} ist am Montag im Büro; bitte bringen Sie Ihren Ausweis und die Urkunde mit."
    english = "The {} will be in the office on Monday; please bring your passport and the deed."
    for word in ("Notar", "Anwalt", "notary", "lawyer"):
        assert not accepted([german.format(word)], "en")
    for word in ("notary", "lawyer", "Notar", "Anwalt"):
        assert accepted([english.format(word)], "en")


def test_a_short_mail_is_judged_on_its_short_lines_too():
    # its body lines were each too short to judge, so it was judged on its signature alone
    # ("Practice Manager | Hallmark Dental Care": 12 % English) and refused
    english = "Hi Dawn,\nThe forms are ready.\n\nKind regards,\nRose Carpenter\nPractice Manager | Hallmark Dental Care"
    german = ("Hallo Dawn,\nDie Formulare sind fertig.\nBis morgen früh.\n\nMit freundlichen Grüßen,\nRose Carpenter\n"
              "Praxismanagerin | Hallmark Zahnklinik")
    assert accepted([english], "en") and not accepted([german], "en")


def test_an_english_line_of_foreign_names_is_english():
    # "Nguyen Thi Lan and Oluwaseun Adeyemi will join the call." read as 13 % English and was refused
    for text in ("Nguyen Thi Lan and Oluwaseun Adeyemi will join the call.",
                 "Meeting with Zbigniew Brzeziński and Małgorzata Wójcik on Tuesday."):
        assert accepted([text], "en")
    assert not accepted(["Reunión con Zbigniew Brzeziński y Małgorzata Wójcik el martes."], "en")


def test_the_request_is_judged_as_a_whole():
    mail = ["Hi Anna, below is what the supplier wrote; can you check the dates before Friday?",
            "Sehr geehrte Frau Weber, die Lieferung kommt am Dienstag.",
            "Thanks, and let me know if anything looks wrong to you."]
    assert accepted(mail, "en")  # an English e-mail quoting one German line
    assert not accepted(mail[1:2] * 8 + mail[2:], "en")  # mostly German: refused whole


def test_a_paragraph_in_another_language_is_refused_even_beside_enough_english():
    """A German message quoted whole in an English thread: the request passed as English, and the
    German paragraph's words went out almost as written ("vertraulich", "deshalb", "nicht")."""
    english = ("Hi Tom, the board meets on Friday to decide about the merger. Please keep the figures to "
               "yourself until then and do not forward this mail to anyone outside the team.")
    german = ("Sehr geehrter Herr Tom, die Vorstandssitzung findet am Freitag statt. Meine Frau hat eine "
              "schwere Krankheit, deshalb werde ich nicht kommen. Die Zahlen bleiben vertraulich.")
    assert refusal([english, german], "en") == "E029"
    assert refusal([f"{english}\n\n{german}"], "en") == "E029"
    try:
        language.check([english, german], "en")
    except EngineError as err:  # the message points at the part, so the user knows what to select
        assert "German" in err.message and "Sehr geehrter Herr Tom" in err.message
    # a paragraph of every source language beside another source's text
    spanish = ("Hola Marta, la reunión con el banco es el jueves por la mañana. No digas nada a nadie "
               "hasta que firmemos el contrato, por favor, y guarda los papeles en tu despacho.")
    for source in ("es", "ca", "fr"):
        assert refusal([english, english, german], source) is not None
    assert refusal([spanish, english], "es") == "E029"


def test_a_short_quoted_line_or_a_signature_does_not_refuse_the_text():
    mail = ("Hi Anna, below is what the supplier wrote; can you check the dates before Friday and tell "
            "me if the delivery still works for the warehouse team?")
    for quoted in ("> Sehr geehrte Frau Weber, die Lieferung kommt am Dienstag.",
                   "Mit freundlichen Grüßen,\nKlaus Bergmann\nLeiter Einkauf | Bergmann Logistik GmbH"):
        assert accepted([mail, quoted], "en")


def test_too_little_text_to_judge_passes():
    for text in ("OK?", "Thanks!", "See you at 5", "Danke!"):
        assert accepted([text], "en")


def test_the_host_refuses_a_long_request_before_sending_its_first_batch(home):
    """The host sends a long request batch by batch; the language used to be judged per batch,
    so the English first batches went out before the German rest was refused."""
    english = ["The old dog saw a red car near the house, and my friend opened the door slowly."] * 2
    german = ["Der alte Hund sah ein rotes Auto neben dem Haus, und mein Freund öffnete langsam die Tür."] * 16
    replies = exchange(req("translate", texts=english + german), session=small_session())
    assert [r["ok"] for r in replies] == [False], "a batch was sent before the refusal"
    assert replies[0]["error"]["code"] == "E025" and "Nothing was sent" in replies[0]["error"]["message"]
    # The same English texts alone go out, in several batches.
    replies = exchange(req("translate", texts=english * 3), session=small_session())
    assert len(replies) > 1 and all(r["ok"] for r in replies)


def test_a_language_near_a_source_does_not_pass_for_it():
    # Portuguese without its capitalised words and numbers read 16% Catalan: it passed as
    # Catalan and went out almost as written
    portuguese = "Olá João, segue em anexo a fatura 2025-114 no valor de 1.240,00 €. Obrigado, Ana Souza"
    for source in ("en", "es", "ca", "fr"):
        assert not accepted([portuguese], source)


def test_detection_names_a_language_prism_cannot_read(monkeypatch):
    from prism_translate import api

    monkeypatch.setattr(api, "installed_pairs", lambda: {f"{s}-en": "x" for s in ("es", "ca", "fr")})
    for text, name in (("Olá João, segue em anexo a fatura do mês de março. Obrigado, Ana", "Portuguese"),
                       ("Hallo Herr Becker, anbei die Rechnung. Bitte überweisen Sie den Betrag bis Freitag.",
                        "German")):
        with pytest.raises(EngineError) as err:
            api.detect_source([text], "en")
        assert err.value.code == "E027" and name in err.value.message and "Nothing was sent" in err.value.message
    assert api.detect_source(["Te envío la factura del mes de marzo. Gracias, Ana"], "en") == "es"


def test_codes_say_nothing_about_the_language():
    # a line that is mostly a code was judged by the code's letters, and refused as "not English"
    for text in ("Bitcoin wallet: bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
                 "IP address 192.168.1.54 and MAC 00:1B:44:11:3A:B7."):
        assert accepted([text], "en")
