"""Every reply belongs to its request, whatever the text (issue 26).

A U+FFFF once put the kept Apertium pipeline out of step: later requests, anyone's, got earlier
ones' translations. Here hostile texts (every Unicode category, noncharacters, controls, Apertium's
stream characters) go through each kind of translator interleaved with ordinary requests: the real
host process, Apertium's kept pipelines, the real APy server and an HTTP vendor (DeepL's format,
served locally). Each fuzz text carries a number that Apertium passes through unchanged; its
reply must hold that number and no other request's, and every ordinary request must come back
exactly as a fresh Apertium translates it. Nothing may time out.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import time
import unicodedata

import pytest

from prism_translate.errors import TranslatorBadReply, TranslatorTimeout
from prism_translate.translators.apertium import ApertiumCLI, stream_safe
from prism_translate.translators.apy import ApertiumAPy
from prism_translate.translators.deepl import DeepLTranslator

from fakes.vendors import FakeDeepL
from host_process import call, start, stop

# 3,000 cases through a kept pipeline take 1-2 minutes on a quiet machine, 15 at a load of 25
pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800)]

CASES = 3_000
SEED = 20261126
ODD = ("\uffff", "\ufffe", "\x00", "\x1f", "\x85", "\u2028", "\u2029", "\ufdd0", "\U0010ffff", "\x7f", "\x1b[31m",
       "^", "$", "\\", "[", "]", "{", "}", "@", "<", ">", "/", "#", "*", "\r")
ORDINARY = ("The cat sat on the mat and looked at the birds in the garden.",
            "The merger with the big bank is a secret until the board votes in the spring.",
            "My old friend saw the big dog near the red house.",
            "Please send me the signed contract by Friday.")
TAG = re.compile(r"\b7\d{6}\b")
# One code point of each general category (letters of several scripts, marks, numbers,
# punctuation, symbols, separators, controls, format characters, private use, unassigned).
CATEGORY_SAMPLES: dict[str, list[str]] = {}


def _by_category() -> dict[str, list[str]]:
    if not CATEGORY_SAMPLES:
        rng = random.Random(SEED)
        for _ in range(40_000):
            cp = rng.choice((rng.randrange(0x20000), rng.randrange(0x110000)))
            if 0xD800 <= cp <= 0xDFFF:  # lone surrogates are refused at the host's door (E061)
                continue
            CATEGORY_SAMPLES.setdefault(unicodedata.category(chr(cp)), []).append(chr(cp))
    return CATEGORY_SAMPLES


def fuzz_text(rng: random.Random, tag: int) -> str:
    """A text of ordinary words, odd characters and characters of every category, around its tag."""
    samples = _by_category()
    parts = []
    for _ in range(rng.randrange(1, 8)):
        kind = rng.randrange(4)
        if kind == 0:
            parts.append(rng.choice(ODD) * rng.randrange(1, 3))
        elif kind == 1:
            parts.append("".join(rng.choice(samples[rng.choice(sorted(samples))]) for _ in range(rng.randrange(1, 6))))
        else:
            parts.append(rng.choice(("the old dog", "a red car", "near the house", "signed it", "Alice")))
    at = rng.randrange(len(parts) + 1)
    parts[at:at] = [f" {tag} "]
    glue = rng.choice(("", " ", "\n"))
    return glue.join(parts)


def _mostly(got: str, expected: str) -> bool:
    """Most words of the expected translation are in got."""
    want = set(re.findall(r"\w+", expected.lower()))
    return len(want & set(re.findall(r"\w+", got.lower()))) >= 0.6 * len(want)


def check_stream(translate, cases: int, seed: int, reference) -> list[str]:
    """Send `cases` fuzz texts, one to three per request, some beside an ordinary text, and an
    ordinary request after each; returns the replies that were mixed up with another request's.
    A translator may refuse a hostile text with a coded reply error (APy answers a line of a script
    it cannot read with nothing, E033), never with anything else, and never at an ordinary
    request's cost. A time-out fails at once: a kept pipeline must never leave the caller waiting."""
    rng = random.Random(seed)
    problems = []
    case = 0
    while case < cases:
        tags = [7_000_000 + case + k for k in range(min(rng.randrange(1, 4), cases - case))]
        case += len(tags)
        batch = [fuzz_text(rng, tag) for tag in tags]
        ordinary = rng.choice(ORDINARY) if rng.random() < 0.5 else None
        started = time.monotonic()
        try:
            out = translate(batch + [ordinary] if ordinary else batch)
        except TranslatorTimeout as err:
            pytest.fail(f"{err} after {time.monotonic() - started:.1f} s for {batch!r}")
        except TranslatorBadReply:
            out = None
        if out is not None:
            for tag, text, got in zip(tags, batch, out):
                if TAG.findall(got) != [str(tag)]:
                    problems.append(f"{text!r} came back as {got!r}")
            # beside a line without a full stop, APy reads both as one sentence ("Please" became
            # "Complace"): the ordinary text must be its own, not word for word its solo translation
            if ordinary and (TAG.search(out[-1]) or not _mostly(out[-1], reference(ordinary))):
                problems.append(f"{ordinary!r} beside {batch!r} came back as {out[-1]!r}")
        # an ordinary request right after every hostile one: it must be answered as itself
        follow = rng.choice(ORDINARY)
        if (got := translate([follow])) != [reference(follow)]:
            problems.append(f"the request after {batch!r}, {follow!r}, came back as {got!r}")
    return problems


def test_stream_safe_replaces_what_apertium_reads_as_end_of_stream():
    assert stream_safe("a\uffffb\x00c\ufdd0d\U0001fffee") == "a b c d e"
    # what carries meaning, or a line's shape, is left alone
    assert stream_safe("é\u2028\t\n^$[x]") == "é\u2028\t\n^$[x]"


def test_apertium_kept_pipelines_never_answer_with_another_requests_text(apertium):
    references = {t: apertium.translate([t], "en", "es")[0] for t in ORDINARY}
    assert check_stream(lambda batch: apertium.translate(batch, "en", "es"), CASES, SEED, references.get) == []


def test_apertium_through_a_pivot_stays_in_step(apertium):
    references = {t: apertium.translate([t], "en", "fr")[0] for t in ORDINARY}
    assert check_stream(lambda batch: apertium.translate(batch, "en", "fr"), 300, SEED + 1, references.get) == []


LAGGING = """
import sys
open([a for a in sys.argv[1:] if a != "-z"][0], "a").write("started\\n")
previous = None
while True:
    chunk = b""
    while not chunk.endswith(b"\\0"):
        byte = sys.stdin.buffer.read(1)
        if not byte:
            sys.exit(0)
        chunk += byte
    sys.stdout.buffer.write(previous or chunk)  # one stream behind, as U+FFFF left Apertium
    sys.stdout.buffer.flush()
    previous = chunk
"""


def test_a_pipeline_out_of_step_is_detected_and_replaced(tmp_path):
    # A pipeline that answers each stream with the one before: its reply carries the earlier
    # request's markers, so it is refused, the pipeline is killed, and a fresh one answers.
    program = tmp_path / "lagging"
    program.write_text(f"#!{sys.executable}\n{LAGGING}")
    program.chmod(0o755)
    (tmp_path / "modes").mkdir()
    (tmp_path / "modes" / "eng-spa.mode").write_text(f"{program} {tmp_path / 'starts'}\n")
    translator = ApertiumCLI(datadir=str(tmp_path))
    assert translator.translate(["The first text."], "en", "es") == ["The first text."]
    assert translator.translate(["The second text."], "en", "es") == ["The second text."]
    assert (tmp_path / "starts").read_text().count("started") == 2


def test_real_apy_never_answers_with_another_requests_text(apertium):
    from fakes.apy_server import available, real_apy

    why = available()
    if why:
        pytest.fail(why)
    references = {t: apertium.translate([t], "en", "es")[0] for t in ORDINARY}
    with real_apy() as url:
        apy = ApertiumAPy(url=url, timeout=120)
        problems = check_stream(lambda batch: apy.translate(batch, "en", "es"), CASES, SEED + 2, references.get)
    assert problems == []


def test_an_http_vendor_never_answers_with_another_requests_text():
    with FakeDeepL(keys={"k:fx"}) as server:
        deepl = DeepLTranslator(api_key="k:fx", endpoint=server.url)
        problems = check_stream(lambda batch: deepl.translate(batch, "en", "es"), CASES, SEED + 3, str.upper)
    assert problems == []


def _plain(text: str) -> str:
    """What a fresh `apertium -u eng-spa` makes of x_pub: no kept state at all."""
    return subprocess.run(["apertium", "-u", "eng-spa"], input=text.encode(), capture_output=True,
                          check=True).stdout.decode()


def test_odd_characters_then_ordinary_requests_through_the_host(host_env):
    # The check: odd characters at the start, middle and end of a text, then three
    # ordinary requests; every reply's translator output is the translation of its own x_pub.
    proc = start(host_env)
    base = "The old man went home to his small house near the river."
    n = 0
    try:
        for odd in ("\uffff", "\ufffe", "\x00", "\x1f", "\x85", "\u2028"):
            for text in (odd + base, base[:20] + odd + base[20:], base + odd, *ORDINARY[:3]):
                n += 1
                started = time.monotonic()
                reply = call(proc, {"v": 1, "id": str(n), "action": "translate", "args": {"texts": [text]}}, timeout=60)
                assert time.monotonic() - started < 30, f"request {n} took {time.monotonic() - started:.0f} s"
                assert reply["ok"], (text, reply)
                [item] = reply["data"]["items"]
                assert item["received"].strip() == _plain(stream_safe(item["sent"])).strip(), (n, text)
    finally:
        stop(proc)
