"""Private values are protected by what they are, not only by what the tagger says, come back
exactly, and anything that cannot be trusted in the output is marked (issue 14)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from prism_translate.api import scramble, translate_private
from prism_translate.engine import entities
from prism_translate.engine.tokenize import analyse
from fakes.doubles import Mangler, Rewriting, WordByWord

ROOT = Path(__file__).resolve().parents[3]

CODES = ["TKT-88213", "B-55120", "PO#77812", "hunter2", "GB29NWBK60161331926819", "QX7R-22KD-9PLM",
         "GB29 NWBK 6016 1331 9268 19", "4111 1111 1111 1111", "INV-2024-0042", "A1B2C3"]
SENTENCES = [
    "Your ticket {} is still open.",
    "{} was rejected by the bank this morning.",
    "Please quote {}, not the old number.",
    "We could not find {} in our records",
    "The reference ({}) is on the letter.",
    "Password: {}",
]


def pieces(value: str) -> set[str]:
    """Identifying pieces of a value: runs of 3+ letters or 3+ digits."""
    return {p.lower() for p in re.findall(r"[A-Za-z]{3,}|\d{3,}", value)} - {"inv"}


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_code_is_hidden_whole_and_in_pieces(shipped_es, code, sentence):
    for seed in range(3):
        sent = scramble(sentence.format(code), shipped_es, "star", 0.2, seed=seed).text
        assert code.lower() not in sent.lower()
        for piece in pieces(code):
            assert piece not in sent.lower(), f"{piece!r} of {code!r} reached the translator: {sent!r}"


NAMED = [
    ("Hi Mark,\nThe files are ready.", "Mark"),
    ("Hope called this morning about the lease.", "Hope"),
    ("Please ask Will about the keys.", "Will"),
    ("Will and Sandy signed the papers.", "Sandy"),
    ("Will and Sandy signed the papers.", "Will"),
    ("The nurse gave Ivy her results.", "Ivy"),
    ("Best regards,\nRose", "Rose"),
    ("I spoke to Mr Bill Summers yesterday.", "Bill"),
    ("Dr. Hope Fisher will see you.", "Hope"),
    ("We met Mrs van der Berg at the office.", "Berg"),
    ("Our branch in Cork closes early.", "Cork"),
]


@pytest.mark.parametrize("text,name", NAMED)
def test_names_that_are_common_words_are_protected(shipped_es, text, name):
    for seed in range(3):
        enc = scramble(text, shipped_es, "star", 0.2, seed=seed)
        assert not re.search(rf"\b{name}\b", enc.text, re.IGNORECASE), enc.text
        assert any(s.original == name and s.kind == "name" for s in enc.substitutions)


def test_a_common_word_used_as_a_word_stays_a_word(shipped_es):
    enc = scramble("Hope you are well. Reading is fun.", shipped_es, "star", 0.2, seed=1)
    assert not [s for s in enc.substitutions if s.kind != "word"]


def test_job_titles_departments_and_chat_words_stay_words(shipped_es):
    """Over-protection (docs/privacy.md): capitals in a signature, an acronym, a chat's "omg" or
    "mum" hide nothing private; hidden, they came back untranslated."""
    text = "omg the IT Manager says the VPN is down, tell mum.\n\nBest,\nOlivia Turner\nRecruitment Team"
    enc = scramble(text, shipped_es, "star", 0.0, seed=0)
    assert sorted(s.original for s in enc.substitutions) == ["Olivia", "Turner"]


def test_a_lower_case_verb_the_tagger_calls_a_proper_noun_stays_a_word(shipped_dictionary):
    """Over-protection: "apúntalo" (the analyser's imperative with its pronoun) tagged PROPN came
    back untranslated when hidden as a name; the lower-case name and the user name stay hidden."""
    enc = scramble("hey tash, la clave nueva será pgarcia, apúntalo", shipped_dictionary("es-en"), "star", 0.0,
                   seed=0)
    assert sorted(s.original for s in enc.substitutions if s.kind != "word") == ["pgarcia", "tash"]


@pytest.mark.parametrize("text,values", [
    ("Yesterday Aisha Al-Farsi and Jean-Luc O'Brien finally met Mrs van der Berg at the old office to sign "
     "the papers.", ["Aisha Al-Farsi", "Jean-Luc O'Brien", "van der Berg"]),
    ("Please check ticket TKT-88213 (order PO#77812): the refund for the card 4111 1111 1111 1111 "
     "should go back to the account GB29 NWBK 6016 1331 9268 19 before the end of the week.",
     ["TKT-88213", "PO#77812", "4111 1111 1111 1111", "GB29 NWBK 6016 1331 9268 19"]),
    ("Hi Jan,\nMay Lin called on 3 March about the 2nd payment.", ["Jan", "May Lin", "3 marzo", "2nd"]),
])
def test_multi_part_values_come_back_exactly(shipped_es, text, values):
    for seed in range(5):
        result = translate_private(text, "es", translator=WordByWord(shipped_es), dictionary=shipped_es, seed=seed)
        for value in values:
            assert value in result.translation, (value, result.sent, result.translation)
        # every value checked; a word the decoder restored by a guess may be marked "unsure"
        assert not [m for m in result.marks if m.reason != "unsure"] and not result.unrestored


def test_calendar_words_used_as_names_take_the_name_path(shipped_es):
    enc = scramble("Hi Jan,\nMay Lin will call on Monday, 3 March.", shipped_es, "star", 0.2, seed=2)
    kinds = {s.original: s.kind for s in enc.substitutions}
    assert kinds["Jan"] == "name" and kinds["May"] == "name"
    assert kinds["Monday"] == "calendar" and kinds["March"] == "calendar"


def test_small_domain_surrogates_do_not_depend_on_the_original(shipped_es):
    # Over many translations the surrogates of two different weekdays look the same, and the
    # original itself is among them: elimination over repeats learns nothing.
    draws = {}
    for day in ("Monday", "Friday"):
        sent = Counter()
        tokens = analyse(f"See you on {day}.")  # once: only the draws differ between seeds
        for seed in range(700):
            enc = scramble(f"See you on {day}.", shipped_es, "r", 0.0001, seed=seed, tokens=tokens)
            sent[next(s.substitute for s in enc.substitutions if s.kind == "calendar")] += 1
        draws[day] = sent
        assert sent[day] > 0
    assert set(draws["Monday"]) == set(draws["Friday"])
    for name in draws["Monday"]:
        assert abs(draws["Monday"][name] - draws["Friday"][name]) < 60


def test_number_surrogates_do_not_depend_on_the_original():
    rng = random.Random(0)
    seen = Counter(entities.surrogate_digits("7", rng, set()) for _ in range(2000))
    assert seen["7"] > 100  # the original itself is as likely as any other digit


@pytest.mark.parametrize("values", [("1990", "2024", "4821", "1066"), ("12", "31", "45", "99"), ("0", "3", "9")])
def test_a_number_stand_in_follows_its_format_not_its_value_nor_the_taggers_label(values):
    """The tagger calls "1990" a date and "2024" not, in the same sentence: the stand-in's range
    followed that label (1990-2039 against 1000-9999) and so told the translator which kind of
    value it hid. Numbers with as many digits draw alike, whatever their value or label."""
    def drawn(value: str, kind: str) -> Counter:
        rng = random.Random(7)
        return Counter(entities.surrogate_digits(value, rng, set(), kind) for _ in range(3000))

    first = drawn(values[0], "DATE")
    for value in values:
        for kind in ("DATE", "CARDINAL", "MONEY", ""):
            assert drawn(value, kind) == first, (value, kind)


@pytest.mark.parametrize("date", ["2025-03-14", "14/03/2025", "3.7.1987", "12/11/2025", "11.12.25"])
def test_a_date_in_digits_gets_a_stand_in_that_reads_as_a_date(date):
    # "14/03/2025" went out as "74/00/6622", which a translator (an LLM above all) may "correct";
    # "12/11/2025" as "25/27/2025", no date whichever of its numbers is the month
    rng = random.Random(0)
    for _ in range(200):
        groups = [int(g) for g in re.findall(r"\d+", entities.surrogate_digits(date, rng, set()))]
        year = groups.pop(0 if date[4] == "-" else -1)
        assert (1990 <= year <= 2039 or year <= 99) and all(1 <= g <= 12 for g in groups)


def test_a_number_is_not_found_inside_a_stand_in_code_or_time():
    # the day "1" was restored inside "1w58", which then read "3w58"
    assert not entities.digits_pattern("1").search("a les 1w58, 1h58")
    assert entities.digits_pattern("(415) 555-0199 ext. 42").search("(415) 555-0199 ext. 42")
    assert entities.digits_pattern("6h17").search("at 6 h 17")


@pytest.mark.parametrize("time", ["10:14", "9.30", "11.45", "14h45", "9h30", "9.30pm"])
def test_a_time_gets_a_stand_in_that_reads_as_a_time(time):
    # "at 10:14" in a quoted reply's header went out as "97:25", "a les 11.45 h" as "58.86 h"
    rng = random.Random(0)
    for _ in range(200):
        hour, minute = map(int, re.findall(r"\d+", entities.surrogate_digits(time, rng, set())))
        assert 0 <= hour <= 23 and 0 <= minute <= 59


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
SPANISH = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
           "octubre", "noviembre", "diciembre"]


@pytest.mark.slow
@pytest.mark.parametrize("index", range(12))
def test_every_month_comes_back_right_through_apertium(shipped_es, apertium, index):
    text = (f"The payment is due on 3 {MONTHS[index]} 2025. We met in {MONTHS[index]} last year "
            f"and will meet again by {MONTHS[index]} 14.")
    for seed in range(4):
        result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=seed)
        found = re.findall(r"\w+", result.translation.lower())
        months = [w for w in found if w in SPANISH]
        assert months == [SPANISH[index]] * 3, (result.sent, result.translation)


@pytest.mark.slow
@pytest.mark.parametrize("text,values", [
    ("Your ticket TKT-88213 replaces B-55120 and PO#77812; the new password is hunter2.",
     ["TKT-88213", "B-55120", "PO#77812", "hunter2"]),
    ("Transfer 4,870.50 EUR to GB29NWBK60161331926819 or pay by card 4111 1111 1111 1111.",
     ["GB29NWBK60161331926819", "4111 1111 1111 1111"]),
    ("Aisha Al-Farsi from Cork will call Mark on +44 20 7946 0958.",
     ["Aisha Al-Farsi", "Cork", "Mark", "20 7946 0958"]),
])
def test_values_survive_apertium_or_are_marked(shipped_es, apertium, text, values):
    for seed in range(4):
        result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=seed)
        for value in values:
            marked = any(value in m.text or m.text in value for m in result.marks)
            assert value in result.translation or value in result.unrestored or marked, (result.sent,
                                                                                           result.translation)


@pytest.mark.slow
@pytest.mark.parametrize("text,values", [
    # a stand-in day or hour of another length came back glued to the original ("9:30amam",
    # "3rd.º"); a unit split off its number went out as a word ("500pastillas de mg"); the two
    # ends of a range were one word to the decoder, so the second stayed a stand-in
    ("The flight leaves at 9:30am on March 3rd and lands at 14:05.", ["9:30am", "3.º", "14:05"]),
    ("Take 2 x 500mg tablets every 8 hours.", ["500mg pastillas"]),
    ("Please book rooms 10-12 for the 21st and 22nd of June.", ["10-12", "21.º", "22.º"]),
])
def test_times_ordinals_units_and_ranges_come_back_as_written(shipped_es, apertium, text, values):
    for seed in range(6):
        result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=seed)
        assert all(v in result.translation for v in values) and not result.marks, (result.sent, result.translation)


@pytest.mark.slow
def test_plural_weekdays_are_dates_and_come_back_plural(shipped_es, apertium):
    # "on Tuesdays" took the name path and came back in English
    text = "I go to the meetings on Tuesdays and Fridays. The shop is closed on Sundays."
    for seed in range(6):
        enc = scramble(text, shipped_es, "star", 0.2, seed=seed)
        assert {s.kind for s in enc.substitutions if s.original.endswith("days")} == {"calendar"}
        result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=seed)
        words = re.findall(r"\w+", result.translation)
        assert {"martes", "viernes", "domingos"} <= set(words), (result.sent, result.translation)
        assert not [m for m in result.marks if m.reason != "unsure"], (result.sent, result.marks)


def test_a_value_that_cannot_be_restored_is_marked_and_warned(shipped_es):
    result = translate_private("Your order B-55120 ships on 3 May with invoice 4417.", "es",
                               translator=Mangler(), dictionary=shipped_es, seed=1)
    assert result.unrestored and result.marks and result.warnings
    for mark in result.marks:
        assert result.translation[mark.start:mark.end] == mark.text
    # Every digit of the output is inside a marked span: none of them can be trusted.
    for m in re.finditer(r"\d+", result.translation):
        assert any(mark.start <= m.start() and m.end() <= mark.end for mark in result.marks), m.group()
    offsets = result.to_dict()["marks"]
    assert offsets and all({"start", "end", "reason", "text"} <= set(m) for m in offsets)


def test_long_words_next_to_values_are_checked_at_once(shipped_es):
    """Checking the output for numbers looked at every way a word could be cut into pieces:
    2^(n-1) for n letters, so one long word (a German compound, a run of letters in a pasted
    log, a URL without digits) froze the host. This test never finishes with that check; with it fixed, the value
    next to the word is still marked."""
    word = "supercalifragilisticexpialidocious" * 2
    result = translate_private(f"Please tell the team that the word {word} is not in the order B-55120 that "
                               "we sent to you this morning.", "es", translator=Mangler(),
                               dictionary=shipped_es, seed=1)
    assert result.marks and all(word not in m.text for m in result.marks)
    for m in re.finditer(r"\d+", result.translation):
        assert any(mark.start <= m.start() and m.end() <= mark.end for mark in result.marks), m.group()


def test_mark_offsets_count_utf16_units_for_the_extension(shipped_es):
    result = translate_private("🙂 Order B-55120 ships soon.", "es", translator=Mangler(),
                               dictionary=shipped_es, seed=1)
    mark = result.to_dict()["marks"][0]
    utf16 = result.translation.encode("utf-16-le")
    assert utf16[2 * mark["start"]:2 * mark["end"]].decode("utf-16-le") == mark["text"]


def test_cli_warns_on_stderr_by_default(monkeypatch, capsys, shipped_es):
    import io

    from prism_translate import api, cli

    monkeypatch.setattr("prism_translate.installation.translator", lambda settings: Mangler())
    monkeypatch.setattr(api, "find_dictionary", lambda target, source="en": shipped_es)
    monkeypatch.setattr("sys.stdin", io.StringIO("Invoice 4417 is due on Friday."))
    assert cli.main(["translate", "--to", "es", "--translator", "apertium", "-"]) == 0
    err = capsys.readouterr().err
    assert "prism: warning:" in err and "prism: check:" in err


@pytest.mark.parametrize("text,name", [
    ("Will: are we still on for Friday?", "Will"),
    ("Mark and Will are coming to the dinner.", "Mark"),
    ("Will is the best man at the wedding.", "Will"),
    ("Thanks for the flowers!\n- Dawn", "Dawn"),
    ("I met his wife April at the station.", "April"),
    ("Drew Carter called about the lease.", "Drew"),
    ("Mark and Will are both off sick today.", "Will"),  # joined to a name
    ("Mrs Guy attended with his wife April on 16 June.", "April"),  # "on" does not make April a date
    ("The last will of April Rosalind Fairweather was read.", "April"),  # before a surname
])
def test_first_names_that_are_words_are_names_where_names_stand(shipped_es, text, name):
    enc = scramble(text, shipped_es, "star", 0.2, seed=1)
    assert any(s.original == name and s.kind == "name" for s in enc.substitutions), enc.text


@pytest.mark.parametrize("lang,text,address", [
    ("en", "Please write to john dot smith at gmail dot com before Friday.", "john dot smith at gmail dot com"),
    ("en", "Mail j.smith [at] example [dot] org today.", "j.smith [at] example [dot] org"),
    ("es", "Escribe a maria punto lopez arroba correo punto es, por favor.", "maria punto lopez arroba correo punto es"),
])
def test_an_address_spelt_out_is_an_email_address(lang, text, address):
    from prism_translate.engine.tokenize import analyse

    assert [t.text for t in analyse(text, lang) if t.entity == "EMAIL"] == [address]
    assert not [t for t in analyse("Look at this dot pattern; we met at the cafe.", "en") if t.entity]


def test_a_host_name_without_its_scheme_is_a_url():
    from prism_translate.engine.tokenize import analyse

    text = ("The repo is github.com/jreyes/secret-app. The shop is acme-widgets.co.uk, see also example.org.\n"
            "Use Node.js, e.g. with index.html and file.txt.")
    assert [t.text for t in analyse(text, "en") if t.entity == "URL"] == [
        "github.com/jreyes/secret-app", "acme-widgets.co.uk", "example.org"]


def test_a_surname_that_is_a_word_is_a_name_as_a_bare_subject():
    # "Black" and "Young" were read as adjectives and sent; a determiner, a quantifier or another
    # role keeps the word a word
    from prism_translate.engine.tokenize import analyse

    text = ("Black will send the signed offer. Young from our fraud team will call you. Sharp from legal will call.\n"
            "The black car is mine. Little is known. Young people came. I met Mr Green.")
    kinds = [(t.text, t.entity) for t in analyse(text, "en") if t.text in ("Black", "Young", "Sharp", "black", "Little")]
    assert kinds == [("Black", "PERSON"), ("Young", "PERSON"), ("Sharp", "PERSON"), ("black", ""), ("Little", ""),
                     ("Young", "")]


def test_greetings_and_sign_offs_are_words_not_names(shipped_es, apertium):
    # "Dear" (tagged a proper noun before a name) went out as a stand-in name and came back
    # untranslated: "Dear Hunter," in the Spanish text
    text = "Dear Hunter,\n\nthanks for the notes.\n\nBest regards,\nMark Ellis"
    enc = scramble(text, shipped_es, "star", 0.2, seed=1)
    assert sorted(s.original for s in enc.substitutions if s.kind == "name") == ["Ellis", "Hunter", "Mark"]
    result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=1)
    assert "Dear" not in result.translation and "Hunter" in result.translation, result.translation


@pytest.mark.parametrize("lang,text,names", [
    ("en", "hey maria, can you send me the report before noon? thx, jake", ["maria", "jake"]),
    ("en", "lol ok. btw tell sophie her pin changed", ["sophie"]),
    ("en", "omg kevin just texted, he got the job!!", ["kevin"]),
    ("es", "hola lucía, ¿le dices a carmen que la reunión es mañana?", ["lucía", "carmen"]),
    ("fr", "salut camille, tu peux dire à kevin que je serai en retard ?", ["camille", "kevin"]),
    # not on the census list: Apertium's analyser knows them capitalised as names
    ("es", "Te espero en el bar a las ocho, trae a nacho y a garcía.", ["nacho", "garcía"]),
    ("ca", "hola jordi, digues-ho a l'oriol abans de dimarts.", ["jordi", "oriol"]),
    # addressed by a greeting, a name that is also a word
    ("en", "hey will, can you call me back?", ["will"]),
    ("ca", "ei marta! el meu mòbil nou és aquest", ["marta"]),
    ("ca", "digues-ho a la marta", ["marta"]),
    ("ca", "fes-li un bizum a en quim pel taxi, que el quim està de baixa", ["quim"]),
    ("es", "buenas rosa, ¿vienes mañana?", ["rosa"]),
    # where only a person stands, a name that is also a word
    ("en", "ok so tell mark the safe code changed and ask ivy to feed the cat", ["mark", "ivy"]),
    ("en", "not yet, rich said the PO is stuck. mark says he can't", ["rich", "mark"]),
    ("es", "pilar: dile a rosa que el lunes no puedo", ["pilar", "rosa"]),
    ("fr", "dis à pierre que samedi c'est bon, les clés sont chez roux", ["pierre", "roux"]),
])
def test_first_names_written_in_lower_case_are_names(lang, text, names):
    # chats write names in lower case: "sophie" and "jake" went out as they were
    kinds = {t.text: t.entity for t in analyse(text, lang)}
    assert all(kinds[n] == "PERSON" for n in names), kinds


def test_lower_case_first_names_that_are_words_stay_words():
    # a first name the language knows as a word, or one after a determiner, is a word
    text = "my kitty sleeps on the couch and the roses will grow. I will mark it. may I?"
    assert not [t.text for t in analyse(text, "en") if t.entity]
    assert not [t.text for t in analyse("la casa és gran i hi ha pau al puig.", "ca") if t.entity]
    assert not [t.text for t in analyse("hey, will you call me? hi all, the rose is red.", "en") if t.entity]


def test_the_speakers_of_a_chat_and_a_name_that_ends_a_message_are_names():
    # "sky:" went out as a word ("sense:"), "Seun" under a forwarded message as it was
    chat = ("AJ: did finance approve the renewal?\nsky: not yet, it's stuck\nAJ: ugh. can you chase it?\n"
            "sky: on it")
    assert {t.text for t in analyse(chat) if t.entity == "PERSON"} >= {"AJ", "sky"}
    headers = "From: Ana\nTo: Bo\nSubject: hi\nFrom: Bo\nTo: Ana\nSubject: re"
    assert not {t.text for t in analyse(headers) if t.entity} & {"From", "To", "Subject"}
    signed = "Hi all,\nPlease pay it in the March run.\n\nSeun"
    assert [t.text for t in analyse(signed) if t.entity == "PERSON"] == ["Seun"]
    assert not [t for t in analyse("Hi all,\nPlease pay it in the March run.\n\nConfidential") if t.entity == "PERSON"]


def test_chat_speakers_after_an_article_and_lower_case_names_after_one_are_names():
    # "la pili:", "yoli:", "el paco" went out as they were
    chat = "la pili: chicas q al final quedamos\nyoli: jajaja vale\nla pili: y el paco viene?"
    assert {t.text for t in analyse(chat, "es") if t.entity == "PERSON"} >= {"pili", "yoli", "paco"}
    # after a time stamp, with an emoji before the colon, and named elsewhere in the chat
    chat = "[18:02] marin: qqn a le numéro ?\n[18:03] Titi 🌸 : je crois\n[18:07] marin: mdr merci titi"
    assert [t.text for t in analyse(chat, "fr") if t.entity == "PERSON"] == ["marin", "Titi", "marin", "titi"]


@pytest.mark.parametrize("lang,text,parts", [
    # a particle between parts of a name went out and came back translated ("MARIA OF THE CARMEN")
    ("es", "DEMANDANTE: MARIA DEL CARMEN ROJAS, en Madrid.", ["MARIA", "DEL", "CARMEN", "ROJAS"]),
    ("es", "La empresa Inversiones Costa Del Sol Patrimonial SL paga.", ["Costa", "Del", "Sol"]),
])
def test_particles_inside_a_name_are_part_of_it(lang, text, parts):
    # each part is a private token or inside one (a firm with its legal form is one value)
    tokens = analyse(text, lang)
    assert all(any(p in t.text.split() and t.entity for t in tokens) for p in parts), [(t.text, t.entity) for t in tokens]


def test_a_superscript_is_no_digit():
    # "612 m³" made "m³" a code ("m6"), and its "³" came back inside a door code ("3-³-5-7")
    tokens = analyse("Lectura: 612 m³, codi de la porta 4-9-1-7.", "ca")
    assert not [t for t in tokens if "³" in t.text and t.entity]
    assert [t.text for t in tokens if t.entity == "NUMBER"] == ["612", "4-9-1-7"]


@pytest.mark.parametrize("lang,text", [
    ("ca", "[09:24] pili: ens veiem a les 10 h o a les 14 h 30, el 5/3."),
    ("fr", "Rendez-vous à 14 h 30 le 5/3, ou à 9h45."),
])
def test_times_and_days_split_by_the_tagger_get_stand_ins_that_read_as_times(lang, text, shipped_dictionary):
    # Apertium's Catalan tagger split "09:24" and each half was drawn alone ("04:85"); an hour
    # before its "h" went out as "26 h", a day and month as "67/6"
    for seed in range(20):
        sent = scramble(text, shipped_dictionary(f"{lang}-en"), seed=seed).text
        for hour, minute in re.findall(r"(\d+)(?::| h |h)(\d\d)", sent):
            assert int(hour) <= 23 and int(minute) <= 59, sent
        assert all(int(h) <= 23 for h in re.findall(r"(\d+) h\b", sent)), sent
        day, month = map(int, re.search(r"(\d+)/(\d+)", sent).groups())
        assert 1 <= day <= 31 and 1 <= month <= 12, sent


def test_a_user_name_with_a_dot_is_a_code():
    # "jdoe.finance" went out as it was and came back as "jdoe.Finanza"
    text = "New sign-in to your account jdoe.finance. It was you.Thanks, e.g. not Ph.D work."
    assert [t.text for t in analyse(text) if t.entity == "CODE"] == ["jdoe.finance"]


@pytest.mark.parametrize("lang,text,handle", [
    ("fr", "mon insta c'est @ophelie.dupont, et le tien ?", "@ophelie.dupont"),
    ("en", "ping @jsmith_88 about the invoice", "@jsmith_88"),
])
def test_a_social_media_handle_is_a_code(lang, text, handle):
    # "@ophelie.dupont" went out as it was, and came back as "@ophelie.dupuente"
    assert [t.text for t in analyse(text, lang) if t.entity == "CODE"] == [handle]


def test_first_names_stay_words_before_a_pronoun(shipped_es):
    enc = scramble("Hope you are well. Will you call me back?", shipped_es, "star", 0.2, seed=1)
    assert not [s for s in enc.substitutions if s.kind == "name"]


@pytest.mark.parametrize("text,secret", [
    ('The wifi at the flat is "LaVieEnRose" and checkout is at noon.', "LaVieEnRose"),  # capitals inside
    ("The wifi password is bluebird, the router is in the hall.", "bluebird"),  # after a label
    ("Her PIN: swordfish", "swordfish"),
])
def test_passwords_without_digits_are_codes(shipped_es, text, secret):
    for seed in range(3):
        enc = scramble(text, shipped_es, "star", 0.2, seed=seed)
        assert secret.lower() not in enc.text.lower(), enc.text
        assert any(s.original == secret and s.kind == "code" for s in enc.substitutions)


@pytest.mark.parametrize("lang,text,words", [
    ("en", 'the wifi pw is "correct horse battery staple" btw', ["correct", "horse", "battery", "staple"]),
    ("en", "My password is 'blue moon rising' and the PIN is 4471.", ["blue", "moon", "rising"]),
    ("fr", "mon mdp c'est « la vie en rose » et le code pin est 4471.", ["vie", "rose"]),
    # Catalan's tagger calls "wifi" X: it stopped the label's qualifier
    ("ca", 'la contrasenya del wifi és "gats i gossos" i prou', ["gats", "gossos"]),
])
def test_a_quoted_passphrase_is_hidden_word_by_word(lang, text, words):
    # only its first word was a secret: "correct horse energy staple" went out
    secret = {t.text for t in analyse(text, lang) if t.entity == "CODE"}
    assert set(words) <= secret, secret


@pytest.mark.parametrize("lang,text,secret", [
    ("en", "The password for the staff portal is bluebird, thanks.", "bluebird"),
    ("es", "La contraseña del wifi es girasol.", "girasol"),
    ("fr", "Le mot de passe du wifi est tournesol.", "tournesol"),
    ("ca", "La contrasenya de la xarxa és gira-sol.", "gira-sol"),
    ("ca", "la contrasenya del wifi és girasol.", "girasol"),  # both tagged X
])
def test_a_password_a_few_words_after_its_label_is_a_code(lang, text, secret):
    from prism_translate.engine.recognize import mark
    from prism_translate.engine.tokenize import analyse

    tokens = mark(analyse(text, lang), lang)
    assert [t.text for t in tokens if t.entity == "CODE"][:1] == [secret], [(t.text, t.pos, t.entity) for t in tokens]


@pytest.mark.parametrize("lang,text,secrets", [
    ("en", "Log in with the username jsmith or the user name pkelly. The user asked for the login page.",
     ["jsmith", "pkelly"]),
    ("es", "No puede entrar con el usuario rcaballero. El usuario final puede llamar.", ["rcaballero"]),
    ("fr", "Votre identifiant est mdurand et votre utilisateur lbernard. L'utilisateur doit changer.",
     ["mdurand", "lbernard"]),
    ("ca", "El seu usuari és mserra_bcn i el de la Núria, nvila.", ["mserra_bcn"]),
])
def test_a_user_name_after_its_label_is_a_code(lang, text, secrets):
    # a word after the label that the language's dictionary knows ("asked", "final", "doit") is
    # what is said about the user, not a user name; words joined by underscores never are words
    from prism_translate.engine.recognize import mark
    from prism_translate.engine.tokenize import analyse

    tokens = mark(analyse(text, lang), lang)
    assert [t.text for t in tokens if t.entity == "CODE"] == secrets, [(t.text, t.pos, t.entity) for t in tokens]


def test_a_label_does_not_hide_what_is_said_about_the_password(shipped_es):
    enc = scramble("The password is changed weekly and is valid for a month.", shipped_es, "star", 0.0, seed=1)
    assert not [s for s in enc.substitutions if s.kind == "code"], enc.text


@pytest.mark.slow
@pytest.mark.parametrize("text,values", [
    ("Running late, stuck near the station. The wifi password at the office is Bluebird_77 by the way.",
     ["Bluebird_77"]),
    ("My bill (bill no. EB-2025-01-77413) is high.", ["EB-2025-01-77413"]),
])
def test_codes_with_underscores_and_letter_led_digit_groups_come_back_whole(shipped_es, apertium, text, values):
    for seed in range(3):
        result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=seed)
        for value in values:
            assert value in result.translation, (result.sent, result.translation)
        assert not result.unrestored, result.unrestored


def test_digits_of_a_code_the_translator_took_apart_are_marked(shipped_es):
    # A translator that takes a stand-in code apart ("#G-914177" -> "G de ... día-914177"), as
    # Apertium sometimes does with a one-letter part.
    splitter = Rewriting(shipped_es, r"#([A-Z])-(\d+)", r"\1 de día-\2")
    result = translate_private("Order summary #A-301774: two shoes.", "es", translator=splitter,
                               dictionary=shipped_es, seed=1)
    assert "A-301774" in result.unrestored
    for m in re.finditer(r"\d{3,}", result.translation):
        assert any(mark.start <= m.start() and m.end() <= mark.end for mark in result.marks), result.translation


def _seeded(text: str, translator, dictionary, seeds: int = 5):
    """The private translations of text into Spanish with seeds 0..seeds-1."""
    return (translate_private(text, "es", translator=translator, dictionary=dictionary, seed=seed) for seed in range(seeds))


def test_a_digit_left_of_a_postcode_the_translator_took_apart_is_marked(shipped_es):
    # A translator that reads the letters after a postcode's digit as an abbreviation ("LS6 2LP"
    # -> "LS6 2elepé"), as Apertium does with "LP" and "MS".
    speller = Rewriting(shipped_es, r"\b([A-Za-z]{1,2}\d{1,2}) (\d)[A-Z]{2}\b", r"\1 \2elepé")
    taken_apart = 0
    for result in _seeded("Deliver to 8 Market Place, Bath BA1 1AA before noon.", speller, shipped_es):
        if "BA1 1AA" in result.translation:  # a stand-in the speller left whole ("MF6 7GD") came back
            continue
        taken_apart += 1
        assert "BA1 1AA" in result.unrestored, (result.sent, result.translation)
        shown = [m for m in re.finditer(r"\d+", result.translation) if m.group() != "8"]
        assert shown and all(any(k.start <= m.start() and m.end() <= k.end for k in result.marks) for m in shown), (
            result.translation, result.marks)
    assert taken_apart


@pytest.mark.parametrize("text,value", [
    ("Please send it to 17 Kestrel Way, Derby DE22 3TB before Friday.", "DE22 3TB"),
    ("Your card was declined. Please check the billing address we have for you: 88 Rideau Lane, Ottawa ON "
     "K1A 0B1, and try again later.", "K1A 0B1"),
    ("The garage code is 4-7-1-9-2 and the key is under the mat.", "4-7-1-9-2"),
])
def test_postcodes_and_chained_digit_groups_are_one_value(shipped_es, text, value):
    for seed in range(3):
        enc = scramble(text, shipped_es, "star", 0.2, seed=seed)
        assert [s.original for s in enc.substitutions if s.original == value], enc.substitutions
        result = translate_private(text, "es", translator=WordByWord(shipped_es), dictionary=shipped_es, seed=seed)
        assert value in result.translation and not result.unrestored, (result.sent, result.translation)


def test_a_postcode_stand_in_never_reads_as_an_ordinal_or_a_quantity(shipped_es, apertium):
    # "RG1 3AA" drawn as "FM3 3RD" came back "FM3 3.º": a number the user never wrote, unmarked.
    text = "Deliver it to 31 Hope Road, Reading RG1 3AA on Tuesday."
    for seed in range(40):
        enc = scramble(text, shipped_es, "star", 0.2, seed=seed)
        code = next(s.substitute for s in enc.substitutions if s.original == "RG1 3AA")
        assert not re.search(r"\d(st|nd|rd|th|km|kg|mg|ml|mm|cm|pm|m|g|h|l|x)\b", code, re.IGNORECASE), code
    result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=9)
    assert "RG1 3AA" in result.translation and not result.unrestored, (result.sent, result.translation)


def test_a_name_whose_parts_the_translator_swapped_is_marked(shipped_es):
    # A translator that reads a two-word name as a noun compound ("Rose Kavanagh" -> "Kavanagh de
    # la Rose"), as Apertium does before "+ car" or a line break. Word by word, a stand-in name the
    # dictionary lists comes back in lower case ("marilyn"): any case is a name here.
    swapper = Rewriting(shipped_es, r"\b([A-Za-z]+) ([A-Za-z]+) \+", r"\2 de la \1 +")
    for result in _seeded("Ferry booking: Rose Kavanagh + car, cabin 4112.", swapper, shipped_es):
        assert "Kavanagh de la Rose" in result.translation, (result.sent, result.translation)
        marked = {m.text for m in result.marks if m.reason == "unsure"}
        assert {"Rose", "Kavanagh"} <= marked, result.marks
        assert any("order" in w for w in result.warnings), result.warnings


def test_a_stand_in_name_never_reuses_the_users_own_words(shipped_es):
    # "Abernethy" is on the stand-in list too: a draw must not send the user's surname back out.
    for seed in range(60):
        enc = scramble("Yours, Ruth Abernethy, Lyle & Grant LLP", shipped_es, "star", 0.2, seed=seed)
        assert "Abernethy" not in enc.text, enc.text


def test_one_value_gets_one_mark(shipped_es):
    result = translate_private("The garage code is 4-7-1-9-2 and the key is under the mat.", "es",
                               translator=Mangler(), dictionary=shipped_es, seed=1)
    digits = [m for m in result.marks if any(c.isdigit() for c in m.text)]
    assert len(digits) == 1 and re.fullmatch(r"\d(-\d){4}", digits[0].text), result.marks


def test_an_address_the_translator_took_apart_is_marked_where_its_pieces_stand():
    from prism_translate.engine import verify
    from prism_translate.engine.decode import decode
    from prism_translate.engine.encode import Substitution

    subs = [Substitution(3, "email", "laura.bennett@northwind.com", "vakmor.dunbel@brivakdra.org",
                         ("vakmor.dunbel@brivakdra.org",), "laura.bennett@northwind.com", 0.5),
            Substitution(6, "url", "https://example.com/offer", "https://lisdra.org/fitor32",
                         ("https://lisdra.org/fitor32",), "https://example.com/offer", 0.8)]
    # what Apertium eng-cat made of them: the address's halves swapped, the scheme moved off the URL
    decoded = decode("Escriu a brivakdra.org@vakmor.dunbel o https de visita://lisdra.org/fitor32 avui.", subs,
                     target="ca")
    assert [s.kind for s in decoded.unrestored] == ["email", "url"]
    marks = verify.check(decoded, "", "ca")
    marked = {m.text for m in marks if m.reason == "not-restored"}
    for piece in ("brivakdra", "vakmor.dunbel", "lisdra", "fitor32"):
        assert any(piece in m for m in marked), (piece, marked)



def test_a_hyphenated_stand_in_name_apertium_tore_over_a_title_line_is_marked_in_both_pieces(shipped_es, apertium):
    """Apertium reads a line break as a space: "Whitfield-Ruiz\nProject Manager" comes back as
    "Whitfield-Gerente\nde Proyecto del Ruiz" (the plain translation too). The stand-in's two
    surnames cannot be put back, and neither may be shown unmarked as if it were the user's."""
    text = "Thanks for the update.\n\nBest,\nDana Whitfield-Ruiz\nProject Manager"
    for seed in range(3):
        result = translate_private(text, "es", translator=apertium, dictionary=shipped_es, seed=seed)
        stand_in = result.sent.split("\n")[-2].split()[-1]  # the signature's surname as sent
        assert stand_in != "Whitfield-Ruiz" and "-" in stand_in
        marked = " ".join(m.text for m in result.marks if m.reason == "not-restored")
        for part in stand_in.split("-"):
            assert part not in result.translation or part in marked, (result.translation, result.marks)

EMAIL_TEXTS = {
    "en": "If anything changes, write to laura.bennett@northwind-legal.com before Friday.",
    "es": "Si algo cambia, escribe a laura.bennett@northwind-legal.com antes del viernes.",
    "fr": "Si quelque chose change, écrivez à laura.bennett@northwind-legal.com avant vendredi.",
    "ca": "Si alguna cosa canvia, escriu a laura.bennett@northwind-legal.com abans de divendres.",
}


@pytest.mark.slow  # six language pairs through real Apertium, several draws each
@pytest.mark.parametrize("source,target", [("en", "es"), ("en", "fr"), ("en", "ca"), ("es", "en"), ("fr", "en"),
                                           ("ca", "en")])
def test_an_email_address_comes_back_in_every_pair(apertium, source, target):
    address = "laura.bennett@northwind-legal.com"
    for seed in range(5):
        result = translate_private(EMAIL_TEXTS[source], target, source=source, translator=apertium, seed=seed)
        assert address in result.translation and address not in result.unrestored, (result.sent, result.translation)
        assert not [m for m in result.marks if m.reason == "not-restored"], (result.sent, result.translation)


def test_a_common_noun_taken_for_a_name_is_hidden_as_a_word_and_comes_back_translated(shipped_es, apertium):
    """A story's talking "ball" the recogniser takes for a person: a stand-in name brought back the
    English word ("el verde ball"); hidden as a noun, at any r, its translation comes back."""
    from dataclasses import replace

    from prism_translate.api import unscramble
    from prism_translate.engine.encode import encode

    text = "The green ball laughed. The ball was happy. He liked the ball."
    tokens = analyse(text, "en")
    # the text uses "ball" as a noun the recogniser does not take for a name, at the end
    last = max(i for i, t in enumerate(tokens) if t.text == "ball")
    tokens = [replace(t, entity="PERSON", ent_start=True) if t.text == "ball" and i != last else t
              for i, t in enumerate(tokens)]
    enc = encode(tokens, shipped_es, "star", 0.0, rng=random.Random(3))
    assert [(s.kind, s.original, s.restore) for s in enc.substitutions] == [("word", "ball", "bola")] * 2
    decoded = unscramble(apertium.translate([enc.text], "en", "es")[0], enc).text
    assert decoded == apertium.translate([text], "en", "es")[0]
    # a name each time it is written ("rocío" in a chat) stays a name
    named = [replace(t, entity="PERSON", ent_start=True) if t.text == "ball" else t for t in analyse(text, "en")]
    assert {s.kind for s in encode(named, shipped_es, "star", 0.0, rng=random.Random(3)).substitutions} == {"name"}
