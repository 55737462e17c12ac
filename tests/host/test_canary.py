"""The canary corpus (tests/data/canary) through the real CLI and the real host, with a recording
Apertium: no planted secret reaches the translator whole or in an identifying piece, and every
secret the user reads is right or marked. Definitions: tests/canary.py and docs/privacy.md."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import canary


@pytest.fixture(scope="module")
def corpus() -> list[canary.Text]:
    return canary.load_corpus()


def _with_heldout(texts: list[canary.Text], source: str = "en") -> list[canary.Text]:
    # The held-out texts found gaps once (docs/privacy.md); fixed, they are asserted as well.
    path = canary.heldout_path(source)
    return texts + (canary.load_corpus(path) if path.exists() else [])


def _iban_ok(value: str) -> bool:
    s = re.sub(r"\s", "", value)
    return int("".join(str(int(c, 36)) for c in s[4:] + s[:4])) % 97 == 1


def _luhn_ok(value: str) -> bool:
    digits = [int(c) for c in value if c.isdigit()][::-1]
    return sum(d if i % 2 == 0 else (2 * d - 9 if d > 4 else 2 * d) for i, d in enumerate(digits)) % 10 == 0


def test_corpus_covers_every_kind_and_shape(corpus):
    assert len(corpus) >= 150
    secrets = [s for t in corpus for s in t.secrets]
    kinds = Counter(s.kind for s in secrets)
    assert set(kinds) == set(canary.KINDS), kinds
    assert len({t.genre for t in corpus}) >= 8
    dates = " ".join(s.value for s in secrets if s.kind == "date")
    for name in canary.MONTHS_EN + canary.WEEKDAYS_EN:
        assert name.capitalize() in dates, name
    assert re.search(r"\d{1,2}/\d{1,2}/\d{4}", dates) and re.search(r"\d{4}-\d{2}-\d{2}", dates)
    people = {part for s in secrets if s.kind == "person" for part in canary.runs(s.value)}
    for word in "Mark Hope Will Sandy Ivy Rose Bill June May April".split():
        assert word in people, word
    names = [s.value for s in secrets if s.kind == "person"]
    assert any("-" in n for n in names) and any("'" in n for n in names) and "van der Berg" in names
    places = {s.value for s in secrets if s.kind == "place"}
    assert {"Cork", "Reading", "Nice", "Bath"} <= places
    ibans = [s.value for s in secrets if s.kind == "iban"]
    cards = [s.value for s in secrets if s.kind == "card"]
    assert all(_iban_ok(v) for v in ibans) and all(_luhn_ok(v) for v in cards)


def test_identifying_pieces_follow_the_stated_rule():
    piece = lambda kind, value: canary.pieces(canary.Secret(kind, value))  # noqa: E731
    assert piece("person", "Aisha Al-Farsi") == ["Aisha", "Farsi"]
    assert piece("person", "Sandy van der Berg") == ["Sandy", "Berg"]
    assert piece("code", "TKT-88213") == ["88213"]
    assert piece("code", "QX7R-22KD-9PLM") == ["QX7R", "22KD", "9PLM"]
    assert piece("password", "Bluebird_77") == ["Bluebird"]
    assert piece("org", "Halcyon Logistics Ltd") == ["Halcyon", "Logistics"]
    assert piece("email", "bill.cartwright88@gmail.com") == ["bill", "cartwright88"]
    assert piece("phone", "+44 20 7946 0958") == ["7946", "0958"]
    # a weekday or a month alone is reproduced by a fair draw often: judged in aggregate
    assert canary.chance("Friday") == pytest.approx(1 / 7) and canary.chance("Cork") == 0
    assert canary.chance("Mondays") == pytest.approx(1 / 7) and canary.chance("Monkeys") == 0
    # a phone's group keeps its leading 0 (the trunk prefix) and draws the rest: "07700" once in 10,000
    assert canary.chance("07700", "phone") == pytest.approx(1e-4) and canary.chance("461", "phone") == pytest.approx(1 / 900)


def test_a_leak_is_found_where_the_secret_stood_not_anywhere():
    text = canary.Text("t", "test", "Mark wrote to Will about the mark.", (canary.Secret("person", "Will"),))
    kept = canary.judge(text, "Mark wrote to Will about the mark.", None, "Mark escribió a Will.", False)
    assert kept[0].whole
    swapped = canary.judge(text, "Will wrote to Greta about the mark.", None, "Mark escribió a Greta.", False)
    assert not swapped[0].whole  # "Will" elsewhere is another word's substitute
    assert swapped[0].output == "wrong"  # the user reads the stand-in "Greta" unmarked
    marked = {"translation": "Mark escribió a Greta.", "marks": [{"start": 16, "end": 21}], "unrestored": ["Will"]}
    assert canary.judge(text, "Mark wrote to Greta about the mark.", marked, marked["translation"], True)[0].output == "marked"
    # the CLI has no spans: a stand-in it names on stderr is marked
    said = "prism: check: 'Greta' (not-restored, characters 16-21)\n"
    assert canary.judge(text, "Mark wrote to Greta about the mark.", None, "Mark escribió a Greta.", True,
                        told=said)[0].output == "marked"


# Issue 14's promise, per kind (the table in the failure message): no secret reaches the
# translator whole or in an identifying piece, none is shown wrong without a mark, no number the
# user did not write is shown unmarked, every text is translated, and small-domain values (a
# weekday, a month) equal the original no more often than independent draws would.
# Stand-ins are drawn afresh on every run, as for users; `python tests/canary.py --seeds 0:100`
# looks at many draws (docs/privacy.md gives the sweep's figures).
def _assert_kept_the_promise(rep: canary.Report) -> None:
    failures = {name: items for name, items in rep.failures().items() if items}
    summary = "\n".join(f"{name} ({len(items)}): " + "; ".join(items[:15]) for name, items in failures.items())
    assert not failures, f"canary corpus via {rep.via}:\n{canary.format_table(rep)}\n{summary}"


@pytest.mark.slow
def test_no_secret_reaches_the_translator_through_the_host(corpus, tmp_path):
    _assert_kept_the_promise(canary.report(canary.run_host(_with_heldout(corpus), tmp_path)))


@pytest.mark.slow
def test_no_secret_reaches_the_translator_through_the_cli(corpus, tmp_path):
    _assert_kept_the_promise(canary.report(canary.run_cli(_with_heldout(corpus), tmp_path)))


# Spanish, Catalan and French texts read in English (tests/data/canary/corpus-<lang>.jsonl): the same
# promise, at 0.
@pytest.mark.slow
@pytest.mark.parametrize("via", ["host", "cli"])
@pytest.mark.parametrize("source", ["es", "ca", "fr"])
def test_no_secret_of_a_foreign_text_reaches_the_translator(source, via, tmp_path):
    texts = canary.load_corpus(canary.corpus_path(source))
    assert len(texts) >= 8 and len({t.genre for t in texts}) >= 6
    kinds = Counter(s.kind for t in texts for s in t.secrets)
    assert {"person", "place", "org", "code", "phone", "email", "amount", "date", "health"} <= set(kinds), kinds
    run = canary.run_host if via == "host" else canary.run_cli
    rep = canary.report(run(_with_heldout(texts, source), tmp_path, source), source)
    _assert_kept_the_promise(rep)
