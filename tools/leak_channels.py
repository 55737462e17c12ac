"""What still gives a question's answer away in x_pub, per question (issue 19).

For every question of the given MCTest files, in both protocols (entity protection off as in
the paper, on as the product runs), the content words of its correct answer (not
function words) are looked up in what PRISM* sends at ratio r. An answer word still in x_pub
got there through one channel, named after the story's own token of that form: a name (proper
noun or recognised entity), a number (digits or a number word), a word outside the dictionary,
a dictionary word that was not hidden, or a substitute that happens to be the answer word. A
question whose answer words are all gone can still be answered from what is left: the function
words and the order of the sentence ("structure"), or by the words the question shares with
the story's distractors; answers made of function words only are counted apart.

    python tools/leak_channels.py mc160.train mc160.dev mc500.train --ratio 1

Counts only, no evaluator: it says which channels exist per question, not which ones the
evaluator uses. Use it on tuning files only (never on the held-out ones).
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter

from prism_translate.dictionary.format import find_dictionary
from prism_translate.dictionary.words import stop_words
from prism_translate.engine.encode import dictionary_entry, encode
from prism_translate.engine.tokenize import analyse_many
from prism_translate.evaluation import mctest
from prism_translate.evaluation.cache import digest

CHANNELS = ("name", "number", "outside dictionary", "dictionary word not hidden", "substitute equals answer")


def channel(form: str, story_tokens, dictionary) -> str:
    toks = [t for t in story_tokens if t.text.lower() == form]
    if not toks:
        return "substitute equals answer"
    tok = toks[0]
    if any(c.isdigit() for c in form) or tok.pos == "NUM":
        return "number"
    if tok.pos == "PROPN" or tok.entity:
        return "name"
    if all(dictionary_entry(dictionary, t) is None for t in toks):
        return "outside dictionary"
    return "dictionary word not hidden"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data", nargs="+", help="MCTest files by name (tuning files only)")
    p.add_argument("--ratio", type=float, default=1.0)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    dictionary = find_dictionary("es")
    function_words = stop_words("en")
    stories = [s for name in args.data for s in mctest.load(name)]
    story_tokens = analyse_many([s.text for s in stories])
    answers = [q.choices[q.answer] for s in stories for q in s.questions]
    answer_tokens_all = analyse_many(answers)
    for protect in (False, True):
        answer_tokens = iter(answer_tokens_all)
        per_question: Counter = Counter()
        questions = 0
        for story, toks in zip(stories, story_tokens):
            rng = random.Random(int(digest("story-seed", args.seed, story.id)[:12], 16))  # as `prism evaluate`
            enc = encode(toks, dictionary, "star", args.ratio, rng=rng, protect_entities=protect)
            sent = {t.lower() for t in _words(enc.text)}
            for _ in story.questions:
                questions += 1
                words = [t.text.lower() for t in next(answer_tokens) if t.is_word]
                content = [w for w in words if w not in function_words]
                if not content:
                    per_question["answer is function words only"] += 1
                    continue
                found = {channel(w, toks, dictionary) for w in content if w in sent}
                for c in found:
                    per_question[c] += 1
                if not found:
                    per_question["answer words all hidden"] += 1
        print(f"{questions} questions, r = {args.ratio}, entity protection {'on' if protect else 'off'}")
        for name in (*CHANNELS, "answer words all hidden", "answer is function words only"):
            print(f"  {name:32s} {per_question[name]:5d}  {per_question[name] / questions:6.1%}")

def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


if __name__ == "__main__":
    main()
