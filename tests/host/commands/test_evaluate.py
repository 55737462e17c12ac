"""`prism evaluate` end to end on a small configuration: real Apertium, the shipped dictionary,
real spaCy, MiniLM and word vectors; 3 stories, 3 grid points per method."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from prism_translate.cli import main
from prism_translate.evaluation import mctest
from prism_translate.evaluation.metrics import aupqc, qs_at

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

ROOT = Path(__file__).resolve().parents[3]
DEV = mctest.SHIPPED / "mc160.dev.tsv"
METHODS = ["star", "r", "mix", "nodecode", "pup", "plaintext"]


def _smoke(tmp_path: Path) -> list[str]:
    return ["evaluate", str(DEV), "--stories", "3", "--ratios", "0,0.1,1", "--epsilons", "2,10,30",
            "--dictionary", str(tmp_path / "en-es.json"), "--cache-dir", str(tmp_path / "cache"),
            "--out", str(tmp_path / "out")]


@pytest.fixture(scope="module")
def run_twice(tmp_path_factory, apertium, shipped_es):
    tmp = tmp_path_factory.mktemp("smoke")
    # a private copy: both runs must see the same dictionary even if the shipped one is rebuilt meanwhile
    shutil.copyfile(shipped_es.path, tmp / "en-es.json")
    assert main(_smoke(tmp)) == 0
    first = json.loads((tmp / "out" / "evaluation.json").read_text(encoding="utf-8"))
    assert main(_smoke(tmp)) == 0
    second = json.loads((tmp / "out" / "evaluation.json").read_text(encoding="utf-8"))
    return tmp, first, second


def test_every_method_gets_its_grid(run_twice):
    _, data, _ = run_twice
    points = data["points"]
    assert [p["method"] for p in points] == ["star"] * 3 + ["r"] * 3 + ["mix"] * 3 + ["nodecode"] * 3 + ["pup"] * 3 + [
        "plaintext"]
    for p in points:
        assert 0 <= p["pps"] <= 1 and 0 <= p["qs"] <= 1 and 0 <= p["replaced"] <= 1
        # accuracies over 3 stories x 4 questions
        assert round(p["pps"] * 12, 6) == round(p["pps"] * 12) and round(p["qs"] * 12, 6) == round(p["qs"] * 12)


def test_points_follow_the_protocol(run_twice):
    _, data, _ = run_twice
    by = {(p["method"], p["param"]): p for p in data["points"]}
    plain = by[("plaintext", 0.0)]
    # the plaintext's x_pub is the story itself
    assert plain["pps"] == pytest.approx(1 - data["references"]["original"])
    for method in ("star", "r", "mix", "nodecode"):
        zero = by[(method, 0.0)]
        assert (zero["pps"], zero["qs"], zero["replaced"]) == (plain["pps"], plain["qs"], 0.0)
        assert by[(method, 1.0)]["replaced"] > by[(method, 0.1)]["replaced"] > 0
    # NoDecode sends what PRISM* sends: same privacy, only the decoding differs
    for r in (0.0, 0.1, 1.0):
        assert by[("nodecode", r)]["pps"] == by[("star", r)]["pps"]
        assert by[("nodecode", r)]["replaced"] == by[("star", r)]["replaced"]
    # PUP: a larger epsilon changes fewer words
    assert by[("pup", 2.0)]["replaced"] > by[("pup", 30.0)]["replaced"]


def test_summary_and_ratios_match_the_points(run_twice):
    _, data, _ = run_twice
    for method, row in data["summary"].items():
        curve = [(p["pps"], p["qs"]) for p in data["points"] if p["method"] == method]
        assert row["aupqc"] == pytest.approx(aupqc(curve))
        assert row["qs@0.5"] == qs_at(curve, 0.5)
    ratio = data["ratios"]["PRISM*/NoDecode"]["aupqc"]
    assert ratio == pytest.approx(data["summary"]["star"]["aupqc"] / data["summary"]["nodecode"]["aupqc"])
    assert set(data["ratios"]) == {"PRISM*/NoDecode", "PRISM*/PUP", "PRISM*/PRISM-R"}
    # the normalised scale comes from the references, and every value has a bootstrap interval
    refs, scale = data["references"], data["scale"]
    assert scale["plain_pps"] == pytest.approx(1 - refs["original"])
    assert scale["floor_pps"] == pytest.approx(1 - refs["question_only"])
    for method, row in data["intervals"]["summary"].items():
        lo, hi = row["aupqc"]["ci"]
        assert lo <= data["summary"][method]["aupqc"] + 1e-9 and hi >= data["summary"][method]["aupqc"] - 1e-9
    assert data["intervals"]["ratios"]["PRISM*/NoDecode"]["aupqc"]["ci"] is not None
    assert [sum(p["right_pub"]) for p in data["points"]] == [round((1 - p["pps"]) * 12) for p in data["points"]]


def test_report_files_carry_the_settings(run_twice):
    tmp, data, _ = run_twice
    s = data["settings"]
    assert s["translator"].startswith("apertium") and s["target"] == "es" and s["seed"] == 0
    assert "en-es" in s["dictionary"] and "minilm" in s["evaluator"] and "mc160.dev.tsv" in s["data"]
    md = (tmp / "out" / "evaluation.md").read_text(encoding="utf-8")
    assert "| PRISM*/NoDecode |" in md and "![privacy-quality trade-off](evaluation.png)" in md
    assert "apertium es->en for every method" in md
    assert (tmp / "out" / "evaluation.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_rerun_is_served_from_the_cache_and_identical(run_twice):
    _, first, second = run_twice
    assert second["points"] == first["points"]
    assert second["timing"]["cache"]["misses"] == 0 and second["timing"]["cache"]["hits"] > 0


def test_the_product_protocol_hides_names_and_numbers_too(run_twice):
    tmp, paper, _ = run_twice
    args = _smoke(tmp)
    args[args.index("--out") + 1] = str(tmp / "product")
    assert main([*args, "--methods", "star", "--ratios", "1", "--entity-protection", "--bootstrap", "50"]) == 0
    product = json.loads((tmp / "product" / "evaluation.json").read_text(encoding="utf-8"))
    assert product["settings"]["entity protection"].startswith("on")
    star_paper = [p for p in paper["points"] if p["method"] == "star" and p["param"] == 1.0][0]
    # the stories' names (Jimmy, Sally, ...) are replaced only when entity protection is on
    assert product["points"][0]["replaced"] > star_paper["replaced"]


def test_bad_arguments_are_coded_errors(tmp_path, capsys):
    assert main(["evaluate", str(tmp_path / "none.tsv")]) == 1
    assert "[E080]" in capsys.readouterr().err
    assert main(["evaluate", str(DEV), "--methods", "star,oracle", "--no-cache"]) == 1
    assert "[E085]" in capsys.readouterr().err


def test_llm_evaluator_through_the_command(tmp_path, monkeypatch, apertium):
    from fakes import FakeOpenAI

    story = mctest.load(DEV)[0]
    with FakeOpenAI(translate_fn=lambda prompt, s, t: "1. A\n2. B\n3. C\n4. D", keys={"sk-eval"}) as fake:
        monkeypatch.setenv("PRISM_OPENAI_API_KEY", "sk-eval")
        code = main(["evaluate", str(DEV), "--stories", "1", "--methods", "plaintext", "--evaluator", "llm",
                     "--llm-url", f"{fake.url}/v1", "--llm-model", "gpt-4o-mini", "--no-cache",
                     "--out", str(tmp_path / "out")])
        prompts = [r.json["messages"][0]["content"] for r in fake.requests]
    assert code == 0
    # original story, empty story, round trip; the plaintext point reuses the first and the last
    assert len(prompts) == 3
    assert story.text in prompts[0] and prompts[1].startswith(
        "Read the following message, solve the following four questions.\n\n\n\n")
    data = json.loads((tmp_path / "out" / "evaluation.json").read_text(encoding="utf-8"))
    key = [q.answer for q in story.questions]
    expected = sum(a == b for a, b in zip(key, [0, 1, 2, 3])) / 4
    assert data["references"]["original"] == expected
    assert "llm (gpt-4o-mini" in data["settings"]["evaluator"]


def test_the_reading_direction_reads_spanish_stories_in_english(tmp_path, apertium):
    """MC160 test rendered into Spanish (shipped, machine-made) is the private text: PPS from x_pub
    translated into English, QS from y_pri; the original reference is read on the English story."""
    english = {s.id: s for s in mctest.load("mc160.test")}
    spanish = mctest.load(mctest.rendered("mc160.test", "es"))
    assert [s.id for s in spanish] == list(english) and all(s.questions == english[s.id].questions for s in spanish)
    assert " el " in spanish[0].text and spanish[0].text != english[spanish[0].id].text
    args = ["evaluate", "mc160.test", "--from", "es", "--stories", "3", "--methods", "star,nodecode,plaintext",
            "--ratios", "0,0.5", "--dictionary", str(ROOT / "dictionaries" / "es-en.json"),
            "--cache-dir", str(tmp_path / "cache"), "--out", str(tmp_path / "out")]
    assert main(args) == 0
    data = json.loads((tmp_path / "out" / "evaluation.json").read_text(encoding="utf-8"))
    assert data["settings"]["source"] == "es" and data["settings"]["target"] == "en"
    points = {(p["method"], p["param"]): p for p in data["points"]}
    assert points["star", 0.0]["qs"] == points["plaintext", 0.0]["qs"] == data["references"]["round_trip"]
    assert points["star", 0.5]["replaced"] > 0.3 and points["star", 0.5]["pps"] == points["nodecode", 0.5]["pps"]
    # PUP would need Spanish word vectors: refused with a reason, not run on English ones
    assert main([*args[:6], "--methods", "pup", *args[8:]]) == 1
