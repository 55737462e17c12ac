import pytest

from prism_translate.engine.recognisers import email


def _found(text):
    return [text[a:b] for a, b, kind in email.spans(text, "en") if kind == "EMAIL"]


def test_a_plain_address_is_one_value():
    assert _found("Write to jorge.martin@ferrovial-norte.es today.") == ["jorge.martin@ferrovial-norte.es"]


@pytest.mark.parametrize("text,address", [
    ("mail john dot smith at gmail dot com please", "john dot smith at gmail dot com"),
    ("escríbeme a luz.moreno arroba gmail punto com", "luz.moreno arroba gmail punto com"),
    ("jdoe [at] acme [dot] org", "jdoe [at] acme [dot] org"),
    # with the "at" unmistakable, the dots may be plain ones
    ("escribe a luz.moreno.g (arroba) gmail.com ya", "luz.moreno.g (arroba) gmail.com"),
    ("écrire à marie.roux arobase orange.fr", "marie.roux arobase orange.fr"),
    ("write to pau(at)uni.cat now", "pau(at)uni.cat"),
    ("marie {at} orange {dot} fr", "marie {at} orange {dot} fr"),
])
def test_an_address_spelt_out_against_harvesters_is_one_value(text, address):
    assert address in _found(text)


def test_at_and_dot_in_a_sentence_are_not_an_address():
    assert _found("We met at the station and left at noon.") == []
    assert _found("Look at google.com for it.") == []  # a bare "at" needs a spelt dot
