"""OpenAI chat completions through the official `openai` package, pointed at a local server
with base_url: the paper's prompt, the model, the Bearer key, quota vs rate limit."""

from __future__ import annotations

import pytest
from fakes import FakeOpenAI

from prism_translate.errors import PrismError, TranslatorError
from prism_translate.translators.openai import DEFAULT_MODEL, OpenAITranslator

KEY = "sk-proj-FAKE0123456789"


@pytest.fixture
def server(serve_fake):
    return serve_fake(FakeOpenAI(keys={KEY}))


def test_exact_request_with_the_papers_prompt(server, isolated):
    t = OpenAITranslator(api_key=KEY, base_url=server.url + "/v1")
    out = t.translate(["Hello world.", "One\n\nTwo"], "en", "es")
    assert out == ["HELLO WORLD.", "ONE\n\nTWO"]
    assert len(server.requests) == 3  # one chat completion per line
    req = server.requests[0]
    assert (req.method, req.path) == ("POST", "/v1/chat/completions")
    assert req.headers["authorization"] == f"Bearer {KEY}"
    assert req.headers["content-type"] == "application/json"
    assert req.json == {"model": DEFAULT_MODEL,
                        "messages": [{"role": "user", "content": "Directly translate English to Spanish: Hello world."}]}
    assert server.texts() == ["Directly translate English to Spanish: Hello world.",
                              "Directly translate English to Spanish: One",
                              "Directly translate English to Spanish: Two"]


def test_model_and_prompt_are_configurable(server):
    t = OpenAITranslator(api_key=KEY, base_url=server.url + "/v1", model="llama3.2",
                         prompt="Translate into {language}, reply with the translation only: {text}")
    # the fake answers an unfamiliar prompt by "translating" all of it
    assert t.translate(["Good morning"], "en", "fr") == ["TRANSLATE INTO FRENCH, REPLY WITH THE TRANSLATION ONLY: GOOD MORNING"]
    assert server.requests[0].json["model"] == "llama3.2"
    assert server.texts() == ["Translate into French, reply with the translation only: Good morning"]
    assert t.label() == f"openai (llama3.2 at {server.url})"


def test_a_local_server_needs_no_key():
    with FakeOpenAI() as local:  # like Ollama: any Bearer value is accepted
        t = OpenAITranslator(api_key=None, base_url=local.url + "/v1")
        assert t.translate(["Hi"], "en", "es") == ["HI"]


def test_the_official_endpoint_needs_a_key(isolated):
    with pytest.raises(TranslatorError) as info:
        OpenAITranslator(api_key=None)
    assert info.value.code == "E037" and "set-key openai" in info.value.message


def test_bad_prompt_template_is_refused():
    with pytest.raises(PrismError) as info:
        OpenAITranslator(api_key=KEY, prompt="Translate {txt}")
    assert info.value.code == "E054" and "openai.prompt" in info.value.message


def test_bad_key_is_401(server):
    with pytest.raises(TranslatorError) as info:
        OpenAITranslator(api_key="sk-wrong", base_url=server.url + "/v1").translate(["Hi"], "en", "es")
    assert info.value.code == "E031" and "HTTP 401" in info.value.message and "sk-wrong" not in info.value.message


def test_insufficient_quota_is_not_retried(server, sleeps):
    server.fail(429, {"error": {"message": "You exceeded your current quota, please check your plan and billing "
                                "details.", "type": "insufficient_quota", "param": None, "code": "insufficient_quota"}},
                times=3)
    with pytest.raises(TranslatorError) as info:
        OpenAITranslator(api_key=KEY, base_url=server.url + "/v1", sleep=sleeps).translate(["Hi"], "en", "es")
    assert info.value.code == "E050" and "You exceeded your current quota" in info.value.message
    assert len(server.requests) == 1 and sleeps == []


def test_rate_limit_is_retried_with_retry_after(server, sleeps):
    server.fail(429, {"error": {"message": "Rate limit reached for requests", "type": "requests",
                                "param": None, "code": "rate_limit_exceeded"}}, headers={"Retry-After": "7"})
    t = OpenAITranslator(api_key=KEY, base_url=server.url + "/v1", sleep=sleeps)
    assert t.translate(["Hi"], "en", "es") == ["HI"]
    assert sleeps == [7.0] and len(server.requests) == 2


@pytest.mark.parametrize("content, finish, why", [
    ("Hol", "length", "length limit"),  # truncated
    ("Sure!\nHola", "stop", "spans several lines"),  # an answer on several lines for one line
])
def test_a_truncated_or_chatty_answer_is_refused(server, content, finish, why):
    server.fail(200, {"id": "x", "object": "chat.completion", "created": 0, "model": DEFAULT_MODEL,
                      "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                   "finish_reason": finish}]})
    with pytest.raises(TranslatorError) as info:
        OpenAITranslator(api_key=KEY, base_url=server.url + "/v1").translate(["Hello"], "en", "es")
    assert info.value.code == "E033" and why in info.value.message


def test_unknown_target_language(server):
    with pytest.raises(TranslatorError) as info:
        OpenAITranslator(api_key=KEY, base_url=server.url + "/v1").translate(["Hi"], "en", "tlh")
    assert info.value.code == "E036"
    assert server.requests == []
