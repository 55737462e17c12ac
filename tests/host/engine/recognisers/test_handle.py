from prism_translate.engine.recognisers import handle


def test_a_handle_is_a_code_and_an_address_is_not_a_handle():
    text = "Follow @ophelie.dupont and @jsmith_88; mail a@b.com."
    assert [(text[a:b], k) for a, b, k in handle.spans(text, "en")] == [("@ophelie.dupont", "CODE"), ("@jsmith_88", "CODE")]


def test_a_channel_name_is_a_code_and_a_number_or_entity_is_not():
    text = "Post it in #proj-sandpiper or #equip_vendes, not issue #3, order #A-301774, C# or &#39;."
    assert [text[a:b] for a, b, _ in handle.spans(text, "en")] == ["#proj-sandpiper", "#equip_vendes"]
