from prism_translate.engine.recognisers import url


def _found(text):
    return [text[a:b] for a, b, _ in url.spans(text, "en")]


def test_addresses_with_and_without_a_scheme():
    assert _found("See https://intranet.acme.com/hr?id=4. Or portal.acme.io/login, or www.example.org.") == [
        "https://intranet.acme.com/hr?id=4", "portal.acme.io/login", "www.example.org"]


def test_a_full_stop_between_words_is_not_a_host_name():
    assert _found("It ended.Then we left. The file is report.pdf") == []
