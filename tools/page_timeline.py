"""A timeline of one "Translate this page" request in process: the `translate` action with
`page: true`, as the extension sends it, to the fake DeepL (tests/fakes/vendors.py, echoing each
text back), with or without a fixed delay per reply, after a warm-up and with the second
analysis process loaded (as in a host the browser started a while before).

    .venv/bin/python tools/page_timeline.py [--delay 0.25] [--rounds 3] [--events]
    .venv/bin/python tools/page_timeline.py --long [--rounds 3] [--events]

`--long`: one long text of 20,000 characters without repeats (benchmarks/corpus.py) to local
Apertium instead (bench_host.py's "private / plain, 20,000 characters"), with Apertium's own
time for the same text after each round.

Per round: when each analysis share ran and where (host: `here`; child: submitted / collected),
when each text was encoded, each request left and came back, each batch was decoded; the host's
thread CPU and the second process's CPU during the request. `--events` prints every event.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

EVENTS: list[tuple[float, str, str]] = []
WAITS: list[tuple[str, float, str]] = []  # (thread, seconds, program flag) of each round trip to a kept lt-proc
T0 = [0.0]


def note(what: str, detail: str = "") -> None:
    EVENTS.append((time.perf_counter() - T0[0], threading.current_thread().name, what + (f" {detail}" if detail else "")))


def instrument() -> None:
    """Wrap the stages to note when each starts and ends (this tool's process only)."""
    from prism_translate import api
    from prism_translate.engine import analysis_process, tokenize

    submit, collect = analysis_process.AnalysisProcess.submit, analysis_process.AnalysisProcess.collect

    def submitted(self, lang, items, kind="lines"):
        note("child <-", f"{len(items)} {kind} {sum(map(len, items))} ch")
        return submit(self, lang, items, kind)

    def collected(self):
        waited = not self.answered()
        start = time.perf_counter()
        out = collect(self)
        note("child ->", f"{len(out) if out else 0} texts" + (f", waited {time.perf_counter() - start:.3f} s" if waited else ""))
        return out

    analysis_process.AnalysisProcess.submit = submitted
    analysis_process.AnalysisProcess.collect = collected

    marked = tokenize._marked

    def marked_here(texts, lang, nlp, language, two_cores):
        note("here start", f"{len(texts)} texts {sum(map(len, texts))} ch")
        yield from marked(texts, lang, nlp, language, two_cores)
        note("here end", f"{len(texts)} texts")

    tokenize._marked = marked_here

    scramble = api.scramble

    def scrambled(text, *a, **k):
        out = scramble(text, *a, **k)
        note("encoded", f"{len(text)} ch")
        return out

    api.scramble = scrambled

    send = api._Wire.send

    def sent(self, pieces):
        note("request ->", f"{len(pieces)} pieces {sum(map(len, pieces))} ch")
        out = send(self, pieces)
        note("request <-", f"{len(pieces)} pieces")
        return out

    api._Wire.send = sent

    complete = api._complete

    def completed(prepared, received, backend):
        note("decode start", f"{len(prepared.texts)} texts")
        out = complete(prepared, received, backend)
        note("decode end", f"{len(prepared.texts)} texts")
        return out

    api._complete = completed

    from prism_translate import morphology

    run_each = morphology._Kept.run_each

    def timed(self, texts):
        start = time.perf_counter()
        try:
            return run_each(self, texts)
        finally:
            WAITS.append((threading.current_thread().name, time.perf_counter() - start, self.args[0]))

    morphology._Kept.run_each = timed


def child_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def summary(events: list[tuple[float, str, str]]) -> str:
    """First and last time of each kind of event, with counts."""
    kinds: dict[str, list[float]] = {}
    for t, _, what in events:
        words = what.split(" ")
        kinds.setdefault(" ".join(words[:2]) if len(words) > 1 and not words[1][0].isdigit() else words[0], []).append(t)
    return "; ".join(f"{k} x{len(ts)} {ts[0]:.2f}-{ts[-1]:.2f}" for k, ts in kinds.items())


def shares(events: list[tuple[float, str, str]]) -> str:
    """Characters analysed here and in the child, and how long the child sat with nothing to do
    before its last slice was sent (idle while work was left)."""
    here = sum(int(w.split()[4]) for _, _, w in events if w.startswith("here start"))
    child = sum(int(w.split()[4]) for _, _, w in events if w.startswith("child <-"))
    idle, busy, since = 0.0, 0, 0.0
    last = max((t for t, _, w in events if w.startswith("child <-")), default=0.0)
    for t, _, what in events:
        if what.startswith("child <-"):
            if busy == 0:
                idle += t - since
            busy += 1
        elif what.startswith("child answered"):
            busy -= 1
            since = t
    return f"analysed here {here} ch, in the child {child} ch; child idle with work left {idle if last else 0:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--delay", type=float, default=0.0, help="seconds the fake DeepL holds each reply")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--events", action="store_true")
    parser.add_argument("--long", action="store_true", help="a long text to local Apertium instead of a page to DeepL")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp())
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data")):
        os.environ[var] = str(home / sub)
    (home / "config" / "prism-translate").mkdir(parents=True)
    (home / "config" / "prism-translate" / "config.json").write_text(
        '{"target": "es", "translator": "apertium"}' if args.long else '{"target": "es"}')

    import corpus
    from fakes.vendors import FakeDeepL

    from prism_translate import config
    from prism_translate.engine import tokenize
    from prism_translate.protocol.actions.translate import translate
    from prism_translate.protocol.call import Call, Jobs

    with FakeDeepL(lambda text, source, target: text) as fake:
        os.environ.update(fake.env("bench-key"))
        if args.long:
            del os.environ["PRISM_TRANSLATOR"]  # the config's local Apertium
        from prism_translate import api

        session = api.Session()
        session.warm_up(config.load())
        second = tokenize.start_second_process("en")
        while not second.ready("en"):
            time.sleep(0.2)
        instrument()
        put = second._replies.put
        second._replies.put = lambda value: (note("child answered"), put(value))
        fake.answer = (lambda answer: lambda req: (lambda reply: (setattr(reply, "delay", args.delay), reply)[1])(answer(req)))(fake.answer)
        skip = 0
        for rnd in range(args.rounds):
            if args.long:
                text, used = corpus.long_text_and_stories(20_000, skip=skip)
                blocks = [text]
            else:
                blocks, used = corpus.page(20_000, skip=skip)
            skip += used
            EVENTS.clear()
            WAITS.clear()
            T0[0] = time.perf_counter()
            cpu, child, process = time.thread_time(), child_cpu(second.pid), time.process_time()
            translate({"texts": blocks, "source": "en", "target": "es", **({} if args.long else {"page": True})},
                      Call(session, lambda data: note("streamed", f"{len(data['items'])} items"), Jobs()))
            wall = time.perf_counter() - T0[0]
            print(f"round {rnd}: {len(blocks)} blocks {sum(map(len, blocks))} ch; wall {wall:.2f} s; host thread CPU "
                  f"{time.thread_time() - cpu:.2f} s (all its threads {time.process_time() - process:.2f} s); second "
                  f"process CPU {child_cpu(second.pid) - child:.2f} s; lt-proc round trips "
                  f"{len(WAITS)} ({', '.join(f'{f} {n}' for f, n in Counter(f for *_, f in WAITS).items())}) "
                  f"waited {sum(w for _, w, _ in WAITS):.2f} s; "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
            if args.long:
                start = time.perf_counter()
                session.translator(config.load()).translate(blocks, "en", "es")
                print(f"    Apertium alone, the same text: {time.perf_counter() - start:.2f} s")
            print("   ", shares(EVENTS))
            print("   ", summary(EVENTS))
            if args.events:
                for t, thread, what in EVENTS:
                    print(f"    {t:6.3f} {thread[:12]:<12} {what}")


if __name__ == "__main__":
    main()
