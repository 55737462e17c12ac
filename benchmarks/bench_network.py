"""Private against plain with a web translator: the project's fake DeepL and Google servers
(tests/fakes/vendors.py, echoing each text back) hold every reply 150-400 ms, the way a vendor
across the internet does, and each text is also run with no latency in the same round.

    .venv/bin/python benchmarks/bench_network.py [--rounds 2] [--vendors deepl,google] [--lead 0.4]

Private goes the way the extension sends it (extension/background/handlers.js, PROTOCOL.md):
- page: "Translate this page" on a page of short blocks (benchmarks/corpus.py: 1-3 sentences of
  MCTest stories, ~20,000 characters, no block twice), in `translate` requests within the host's
  `capabilities` limits (handlers.js batches()), one after the other, to a warm host (its second
  analysis process loaded, as in a host the browser started a while before);
- e-mail, clicked: one fixture e-mail as a selection, `translate` at once;
- e-mail, right-clicked: `prepare` on the right-click, "Translate privately" --lead s later,
  timed from that choice (what a user who right-clicks does).
Plain is a careful client: the vendor's translator class of this package (DeepLTranslator,
GoogleTranslator) in this process, all the texts in one call, which packs them to the vendor's
documented limits.

Latencies are seeded per round and text: the k-th request of either path waits the same time.
The runs with and without latencies go to two hosts, each warm, on the same texts; no host gets
a text twice (a host keeps what it sent and analysed: a repeat would be cheaper than a user's
new text). Per row, medians over rounds:
- exposed wait: time with latencies minus time without, per path, private / plain;
- whole: time with latencies, private / plain;
- requests and characters sent (the texts in the vendor's requests), private / plain.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpus  # noqa: E402
from fakes.vendors import FakeDeepL, FakeGoogle  # noqa: E402
from host_process import Host, load  # noqa: E402

from prism_translate.translators.deepl import DeepLTranslator  # noqa: E402
from prism_translate.translators.google import GoogleTranslator  # noqa: E402

KEY = "bench-key"


def echo(text: str, source: str, target: str) -> str:
    return text


def slowed(vendor: type) -> type:
    """The fake vendor, answering the k-th request after delays[k] seconds."""

    class Slow(vendor):
        delays: list[float] = []

        def answer(self, req):
            reply = super().answer(req)
            with self._lock:
                reply.delay = self.delays[len(self.requests) - 1] if self.delays else 0.0
            return reply

    return Slow


VENDORS = {
    "deepl": (slowed(FakeDeepL), lambda url: DeepLTranslator(api_key=KEY, endpoint=url)),
    "google": (slowed(FakeGoogle), lambda url: GoogleTranslator(api_key=KEY, url=url)),
}


def page_requests(blocks: list[str], limits: dict) -> list[list[str]]:
    """handlers.js batches(): consecutive blocks, within the host's max_texts and max_chars."""
    out: list[list[str]] = []
    size = 0
    for block in blocks:
        if out and len(out[-1]) < limits["max_texts"] and size + len(block) <= limits["max_chars"]:
            out[-1].append(block)
            size += len(block)
        else:
            out.append([block])
            size = len(block)
    return out


class Run:
    """One measured run: seconds, requests and characters the vendor received."""

    def __init__(self, fake, delays: list[float]) -> None:
        self.fake = fake
        with fake._lock:
            fake.requests.clear()
            fake.delays = delays
        self.start = time.perf_counter()

    def end(self) -> tuple[float, int, int]:
        seconds = time.perf_counter() - self.start
        with self.fake._lock:
            requests = list(self.fake.requests)
        return seconds, len(requests), sum(len(t) for r in requests for t in self.fake.texts_of(r))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--vendors", default="deepl,google")
    parser.add_argument("--lead", type=float, default=0.4, help="seconds from the right-click to the choice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--low", type=float, default=0.15)
    parser.add_argument("--high", type=float, default=0.40)
    args = parser.parse_args()
    emails = corpus.emails()
    print(f"latencies {args.low:.2f}-{args.high:.2f} s; "
          f"{load()}", flush=True)
    rows = []
    for name in args.vendors.split(","):
        vendor, plain_client = VENDORS[name]
        with vendor(echo) as fake, tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp)
            (home / "config" / "prism-translate").mkdir(parents=True)
            (home / "config" / "prism-translate" / "config.json").write_text('{"target": "es"}')
            hosts = {latency: Host(home, fake.env(KEY)) for latency in (True, False)}
            for host in hosts.values():
                host.ask("translate", texts=["A first request warms the host up before anything is timed."],
                         source="en", target="es")
            for host in hosts.values():
                # its warm-up starts it last, and it loads its own pipeline for seconds: a first
                # round without it would time a page on one core, beside a pipeline loading on the other
                host.wait_for_second_process()
            limits = hosts[True].ask("capabilities")[1]["limits"]
            plain = plain_client(fake.url)
            plain.translate(["Warm-up."], "en", "es")
            results: dict[str, list[dict]] = {}
            used_story = 0
            used_mail = 0
            for rnd in range(args.rounds):
                blocks, used = corpus.page(20_000, skip=used_story)
                used_story += used
                cases = {"page of short blocks": ("page", blocks)}
                for kind in ("e-mail, clicked", f"e-mail, right-clicked {args.lead:.1f} s ahead"):
                    if used_mail >= len(emails):
                        raise SystemExit("not enough distinct e-mails for so many rounds")
                    cases[kind] = ("clicked" if "clicked," in kind else "prepared", [emails[used_mail]])
                    used_mail += 1
                for latency in (True, False):
                    host = hosts[latency]
                    rng = random.Random(f"{args.seed}-{name}-{rnd}")
                    delays = [rng.uniform(args.low, args.high) for _ in range(200)] if latency else []
                    for label, (how, texts) in cases.items():
                        run = Run(fake, delays)
                        if how == "page":
                            for part in page_requests(texts, limits):
                                host.ask("translate", texts=part, source="en", target="es", page=True)
                        elif how == "clicked":
                            host.ask("translate", texts=texts, source="en", target="es")
                        else:
                            host.start("prepare", texts=texts, source="en")  # its reply is read, unused, below
                            time.sleep(args.lead)
                            run = Run(fake, delays)
                            host.ask("translate", texts=texts, source="en", target="es")
                        private = run.end()
                        run = Run(fake, delays)
                        plain.translate(texts, "en", "es")
                        results.setdefault(label, []).append(
                            {"latency": latency, "private": private, "plain": run.end(), "load": load()})
            for host in hosts.values():
                host.close()
        for label, runs in results.items():
            rows.append(summary(name, label, runs))
    print("\n| translator | text | exposed wait private / plain | whole private / plain | requests private / plain "
          "| characters private / plain | load |\n|---|---|---|---|---|---|---|")
    for row in rows:
        print(row)


def summary(name: str, label: str, runs: list[dict]) -> str:
    with_lat = [r for r in runs if r["latency"]]
    without = [r for r in runs if not r["latency"]]
    med = lambda rs, path, i=0: statistics.median(r[path][i] for r in rs)  # noqa: E731
    exposed = {p: med(with_lat, p) - med(without, p) for p in ("private", "plain")}
    whole = {p: med(with_lat, p) for p in ("private", "plain")}
    bare = {p: med(without, p) for p in ("private", "plain")}
    requests = {p: med(with_lat, p, 1) for p in ("private", "plain")}
    chars = {p: med(with_lat, p, 2) for p in ("private", "plain")}
    loads = sorted({r["load"] for r in runs})
    line = (f"{name:<7} {label:<34} exposed {exposed['private']:.2f}/{exposed['plain']:.2f} s = "
            f"{exposed['private'] / exposed['plain']:.2f}; whole {whole['private']:.2f}/{whole['plain']:.2f} s = "
            f"{whole['private'] / whole['plain']:.2f} (no latency {bare['private']:.2f}/{bare['plain']:.2f} s); "
            f"requests {requests['private']:.0f}/{requests['plain']:.0f}; characters "
            f"{chars['private']:.0f}/{chars['plain']:.0f} = {chars['private'] / chars['plain']:.3f}; {loads[0]}-{loads[-1]}")
    print(line, flush=True)
    return (f"| {name} | {label} | {exposed['private']:.2f} / {exposed['plain']:.2f} s = "
            f"{exposed['private'] / exposed['plain']:.2f} | {whole['private']:.2f} / {whole['plain']:.2f} s = "
            f"{whole['private'] / whole['plain']:.2f} | {requests['private']:.0f} / {requests['plain']:.0f} | "
            f"{chars['private']:.0f} / {chars['plain']:.0f} = {chars['private'] / chars['plain']:.3f} | "
            f"{loads[0].split()[1]}-{loads[-1].split()[1]} |")


if __name__ == "__main__":
    main()
