"""The target language's analyser as the decoder asks it: each distinct word once (a short line
is remembered across requests), and a longer line, within `remembering()` (a page's texts decoded
one by one), once for all of them."""

from __future__ import annotations

import pytest

from prism_translate import morphology


def test_a_word_asked_again_is_read_from_memory_with_the_same_analysis(lt_proc_calls):
    plain = morphology.analyse_lines(["casa", "la", "casa", "rojas"], "es")
    assert [a[0].readings[0].lemma for a in plain] == ["casa", "el", "casa", "rojo"]
    assert plain[0] == plain[2]
    assert lt_proc_calls.lines() == ["casa", "la", "rojas"]
    # a word (a short line) is remembered for later requests too: every page asks about "la"
    again = morphology.analyse_lines(["rojas", "la", "casa"], "es")
    assert again == [plain[3], plain[1], plain[0]]
    assert lt_proc_calls.lines() == ["casa", "la", "rojas"]


def test_a_longer_line_is_remembered_within_a_block_only(lt_proc_calls):
    sentence = "La casa roja está cerca del río y la mesa es de madera."
    with morphology.remembering():
        first = morphology.analyse_lines([sentence, "mesa"], "es")
        again = morphology.analyse_lines([sentence], "es")
    assert lt_proc_calls.lines() == [sentence, "mesa"] and again == first[:1]
    assert [a.surface for a in first[0]][:3] == ["La", "casa", "roja"]
    morphology.analyse_lines([sentence], "es")  # the memory of a text went with the block
    assert lt_proc_calls.lines() == [sentence, "mesa", sentence]


def test_a_noncharacter_in_a_word_leaves_the_other_lines_analysed():
    """U+FFFF is the end of the stream to Apertium's programs: lt-proc dropped every line after it,
    and decoding a page with one ("\\uffffThe old man went home") failed with an internal error."""
    lines = ["old \uffff man", "trees\ufffe", "casa"]
    read = morphology.analyse_lines(lines, "en")
    assert [[a.surface for a in line] for line in read] == [["old", "man"], ["trees"], ["casa"]]
    assert morphology.as_read("a\uffffb") == "a b" and len(morphology.as_read(lines[0])) == len(lines[0])


def test_the_kept_analyser_answers_each_question_with_its_own_answer_after_an_odd_one():
    """A NUL ends a question to the kept lt-proc and a noncharacter ends its stream: asked straight
    (not through analyse_lines' cleaning), either left the next question reading this one's answer."""
    args = ["-w", str(morphology.analyser_path("en"))]
    for odd in ("dog\0cat\n", "dog\uffffcat\n"):
        assert "\0" not in morphology._lt_proc(args, odd)
        assert morphology._lt_proc(args, "house\n").startswith("^house/")


def test_a_question_cut_short_leaves_no_answer_for_the_next_one(monkeypatch):
    """Interrupted after asking, before reading the answer (a stop, a broken pipe), the kept lt-proc
    is ended: its unread answer would otherwise be the next question's."""
    args = ["-w", str(morphology.analyser_path("en"))]
    kept = morphology._kept.setdefault(tuple(args), morphology._Kept(args))

    def ask_and_stop(stdin, stdout, data):
        stdin.write(data)
        stdin.flush()
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(kept, "_exchange", ask_and_stop)
        try:
            kept.run("dog\n")
        except KeyboardInterrupt:
            pass
    assert kept.run("house\n").startswith("^house/")


def test_calls_run_together_ask_lt_proc_once_per_stage_and_get_their_own_answers(lt_proc_calls, monkeypatch):
    """A page's blocks are decoded together (api._complete): each repair's question waits for the
    other blocks' and they go in one round trip, each block getting what it would get alone."""
    def repair(word: str, plural: str) -> tuple:
        (found,), = morphology.analyse_lines([word], "es")  # a stage, then one that depends on it
        lemma = found.readings[0].lemma
        return lemma, morphology.generate([(lemma, ("n", "f", plural))], "es")[0]

    words = [("casa", "pl"), ("rojas", "sg"), ("mesa", "pl")]
    alone = [repair(*w) for w in words]
    monkeypatch.setattr(morphology, "_words", {})  # those words asked again, not remembered
    monkeypatch.setattr(morphology, "_generated", {})
    lt_proc_calls.clear()
    assert morphology.together([lambda w=w: repair(*w) for w in words]) == alone
    assert alone == [("casa", "casas"), ("rojo", "roja"), ("mesa", "mesas")]
    assert [option for option, _ in lt_proc_calls] == ["-w", "-g"]


def test_an_error_in_one_call_run_together_is_raised_to_the_caller():
    def failing() -> None:
        morphology.analyse_lines(["casa"], "es")
        raise ValueError("repair failed")

    with pytest.raises(ValueError, match="repair failed"):
        morphology.together([lambda: morphology.analyse_lines(["mesa"], "es"), failing])


def test_started_ahead_the_generators_answer_without_starting_again(monkeypatch):
    """A host's warm-up starts the decoder's lt-proc programs, so that the first translation
    that inflects a word does not wait for a transducer to load; they answer as if started on use."""
    monkeypatch.setattr(morphology, "_kept", {})
    morphology.start("es")
    started = {args: kept.proc for args, kept in morphology._kept.items()}
    assert {args[0] for args in started} == {"-w", "-g", "-p"} and all(p.poll() is None for p in started.values())
    assert morphology.generate_phrases([[("casa", ("n", "f", "pl"))]], "es") == ["casas"]
    assert morphology.generate([("perro", ("n", "m", "pl"))], "es") == ["perros"]
    assert {args: kept.proc for args, kept in morphology._kept.items()} == started
    for kept in morphology._kept.values():
        kept.proc.kill()
        kept.proc.wait()


def test_phrases_written_together_are_written_as_each_alone(monkeypatch):
    """The post-generator elides a word into the next one ("el" + "home" -> "l'home"): never into
    the next phrase's, or a block's articles would depend on the blocks decoded beside it."""
    phrases = [[("el", ("det", "def", "m", "sg"))], [("un", ("det", "ind", "m", "sg"))],
               [("de", ("pr",)), ("el", ("det", "def", "m", "sg")), "home"]]
    monkeypatch.setattr(morphology, "_generated", {})
    alone = [morphology.generate_phrases([p], "ca")[0] for p in phrases]
    assert alone == ["el", "un", "de l'home"]
    monkeypatch.setattr(morphology, "_generated", {})  # written by lt-proc together, not remembered alone
    assert morphology.generate_phrases(phrases, "ca") == alone
    # alone too, the post-generator writes a phrase's words by what follows them: "el agua", not "la agua"
    assert morphology.generate_phrases([[("el", ("det", "def", "f", "sg")), "agua"]], "es") == ["el agua"]


def test_a_form_generated_before_is_written_from_memory(lt_proc_calls):
    """The decoder asks for the same forms ("el<det><def><m><sg>") in every batch of a page: each
    is written by lt-proc once, and from memory after, the same word as lt-proc's, within a
    request beside new ones too."""
    article, plural = ("el", ("det", "def", "m", "sg")), ("casa", ("n", "f", "pl"))
    assert morphology.generate([article, plural, ("xyzzy", ("n", "m", "sg"))], "es") == ["el", "casas", None]
    assert morphology.generate_phrases([[("de", ("pr",)), article, "perro"]], "es") == ["del perro"]
    asked = len(lt_proc_calls)
    assert morphology.generate([plural, ("perro", ("n", "m", "pl")), article], "es") == ["casas", "perros", "el"]
    assert lt_proc_calls[asked:] == [("-g", ["^perro<n><m><pl>$"])]
    assert morphology.generate_phrases([[("de", ("pr",)), article, "perro"]], "es") == ["del perro"]
    assert len(lt_proc_calls) == asked + 1
