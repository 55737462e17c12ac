"""The shipped dictionaries cover what dictionaries/README.md claims: the share of real text's
content words the encoder finds, re-measured on every MCTest story and the business e-mails."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_translate.evaluation import mctest
from prism_translate.evaluation.dictionary_coverage import coverage, email_texts, mctest_texts, tokens

pytestmark = pytest.mark.slow  # whole corpora through spaCy: outside the quick loop

EMAILS = Path(__file__).resolve().parents[2] / "data" / "emails"
PAIRS = ("es", "ca", "fr")
SOURCES = ("es", "ca", "fr")
# Measured on the shipped files (dictionaries/README.md), with a margin for a rebuild: coverage of
# the e-mails written in each language outside entities.
INTO_ENGLISH_FLOORS = {"es": 0.83, "ca": 0.80, "fr": 0.80}


@pytest.fixture(scope="module")
def tagged():
    return {"mctest": list(tokens(mctest_texts(mctest.SHIPPED))), "emails": list(tokens(email_texts(EMAILS)))}


@pytest.mark.parametrize("target", PAIRS)
def test_shipped_dictionaries_cover_97_percent_of_story_content_words(target, tagged, shipped_dictionary):
    assert len(tagged["mctest"]) > 50_000  # every MCTest story, not a handful
    got = coverage(shipped_dictionary(f"en-{target}"), tagged["mctest"])
    assert got["coverage"] >= 0.97, got
    assert min(got["by_pos"].values()) >= 0.90, got


@pytest.mark.parametrize("target", PAIRS)
def test_shipped_dictionaries_cover_business_email_words(target, tagged, shipped_dictionary):
    got = coverage(shipped_dictionary(f"en-{target}"), tagged["emails"])
    # Names, numbers and dates are entity protection's job; every other content word should be found.
    assert got["coverage_outside_entities"] >= 0.97, got
    assert got["coverage"] >= 0.94, got


@pytest.mark.parametrize("source", SOURCES)
def test_into_english_dictionaries_cover_the_emails_written_in_their_language(source, shipped_dictionary):
    toks = list(tokens(email_texts(EMAILS / source), source))
    got = coverage(shipped_dictionary(f"{source}-en"), toks)
    assert got["coverage_outside_entities"] >= INTO_ENGLISH_FLOORS[source], got
