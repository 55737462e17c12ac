"""The offline evaluators on hand-made and real MCTest stories; the LLM evaluator against a
local fake of OpenAI's chat-completions API."""

from __future__ import annotations


import pytest
from fakes import FakeOpenAI

from prism_translate.errors import EvaluationError
from prism_translate.evaluation import mctest
from prism_translate.evaluation.evaluators import (
    Combined, LLMEvaluator, SlidingWindow, get_evaluator, llm_prompt, parse_reply,
)
from prism_translate.evaluation.mctest import Question

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

MCTEST = mctest.SHIPPED
STORY = ("Jim has a red ball. He plays with it in the park every day.\n"
         "Sue has a blue kite. She flies it on the hill when it is windy.")
QUESTIONS = (
    Question("one", "What does Sue have?", ("a ball", "a kite", "a car", "a dog"), 1),
    Question("one", "Where does Jim play?", ("on the hill", "at school", "in the park", "at home"), 2),
    Question("one", "What color is the ball?", ("blue", "green", "yellow", "red"), 3),
    Question("multiple", "When does Sue fly her kite on the hill?", ("when it is windy", "at night",
                                                                     "when it rains", "every day"), 0),
)


def test_sliding_window_answers_a_plain_story():
    assert SlidingWindow().answer_many([(STORY, QUESTIONS)]) == [[1, 2, 3, 0]]


def test_an_empty_story_gives_no_information_and_ties_do_not_follow_the_answer_key():
    # every choice scores the same; always taking choice A would score whatever share of the key
    # is A. Ties are broken at random, seeded by the text and the question: repeatable, near chance.
    many = tuple(Question("one", f"Question {i}?", ("w", "x", "y", "z"), i % 4) for i in range(400))
    answers = SlidingWindow().answer_many([("", many)])[0]
    assert SlidingWindow().answer_many([("", many)])[0] == answers
    shares = [answers.count(k) / 400 for k in range(4)]
    assert all(0.18 < share < 0.32 for share in shares)
    # only tied choices are drawn from: a story that decides still gets its answer
    assert SlidingWindow().answer_many([(STORY, QUESTIONS)]) == [[1, 2, 3, 0]]


@pytest.fixture(scope="module")
def dev():
    return mctest.load(MCTEST / "mc160.dev.tsv")[:8]


def test_combined_reads_real_stories_and_is_deterministic(dev):
    ev = Combined(weight=0.2)
    items = [(s.text, s.questions) for s in dev]
    first = ev.answer_many(items)
    assert ev.answer_many(items) == first
    right = sum(a == q.answer for s, answers in zip(dev, first) for a, q in zip(answers, s.questions))
    empty = ev.answer_many([("", s.questions) for s in dev])
    right_empty = sum(a == q.answer for s, answers in zip(dev, empty) for a, q in zip(answers, s.questions))
    assert right / 32 >= 0.5 > right_empty / 32


def test_unknown_evaluator_is_a_coded_error():
    with pytest.raises(EvaluationError) as err:
        get_evaluator("oracle")
    assert err.value.code == "E085" and "sw+d+minilm" in err.value.message


def test_reply_parsing():
    assert parse_reply("1. A\n2. B\n3. A\n4. D", 4) == [0, 1, 0, 3]
    assert parse_reply("Answers:\n1) C\n2) D) the park\n3: B\n4. A", 4) == [2, 3, 1, 0]
    with pytest.raises(EvaluationError) as err:
        parse_reply("1. A\n2. B\n4. D", 4)
    assert err.value.code == "E087"


def _reader(prompt: str, source: str, target: str) -> str:
    """A fake model that knows the key, but answers it only when the prompt carries the story and
    each question with its lettered choices; otherwise it answers D."""
    lines = []
    for i, q in enumerate(QUESTIONS, start=1):
        block = q.text + "\n" + "\n".join(f"{'ABCD'[k]}) {c}" for k, c in enumerate(q.choices))
        ok = STORY in prompt and block in prompt
        lines.append(f"{i}. {'ABCD'[q.answer] if ok else 'D'}")
    return "\n".join(lines)


def test_llm_evaluator_sends_the_papers_prompt_and_reads_the_answers():
    with FakeOpenAI(translate_fn=_reader, keys={"sk-test"}) as fake:
        ev = LLMEvaluator(base_url=f"{fake.url}/v1", model="gpt-3.5-turbo", api_key="sk-test")
        assert ev.answer_many([(STORY, QUESTIONS)]) == [[1, 2, 3, 0]]
        sent = fake.requests[0].json
    assert sent["model"] == "gpt-3.5-turbo" and sent["temperature"] == 0
    prompt = sent["messages"][0]["content"]
    assert prompt == llm_prompt(STORY, QUESTIONS)
    assert prompt.startswith("Read the following message, solve the following four questions.\n\n" + STORY)
    assert prompt.endswith("Output only four characters representing the answers, e.g.,\n1. A\n2. B\n3. A\n4. D")
    assert "What does Sue have?\nA) a ball\nB) a kite\nC) a car\nD) a dog" in prompt


def test_llm_evaluator_errors_are_coded():
    with FakeOpenAI(translate_fn=lambda *a: "I am not sure.", keys={"sk-test"}) as fake:
        with pytest.raises(EvaluationError) as err:
            LLMEvaluator(base_url=f"{fake.url}/v1", model="m", api_key="sk-test").answer_many([(STORY, QUESTIONS)])
        assert err.value.code == "E087"
        with pytest.raises(EvaluationError) as err:
            LLMEvaluator(base_url=f"{fake.url}/v1", model="m", api_key="wrong").answer_many([(STORY, QUESTIONS)])
        assert err.value.code == "E083" and "HTTP 401" in err.value.message
