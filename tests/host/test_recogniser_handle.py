from prism_translate.engine.recognisers import handle


def test_a_handle_is_a_code_and_an_address_is_not_a_handle():
    text = "Follow @ophelie.dupont and @jsmith_88; mail a@b.com."
    assert [(text[a:b], k) for a, b, k in handle.spans(text, "en")] == [("@ophelie.dupont", "CODE"), ("@jsmith_88", "CODE")]
