"""The canary check: run texts with planted secrets through the real CLI or the real host with a
recording translator, and judge per secret what reached the translator and what the user reads.

    python tests/canary.py [--via host|cli|both] [--limit N] [--json OUT] [corpus.jsonl]
    python tests/canary.py --from es        # tests/data/canary/corpus-es.jsonl, read in English
    python tests/canary.py --seeds 0:40     # the same engine through the API, one seeded draw each

Corpus format: tests/data/canary/README.md. Definitions (docs/privacy.md "Canary corpus"):

- A secret **reaches the translator whole** when its alphanumeric runs appear, in order and
  separated only by up to 3 non-word characters, inside the stretch of the sent text x_pub that
  stands where the secret stood in the user's text (the two texts are aligned word by word;
  encoders swap words in place). Case is ignored for codes, passwords, IBANs, e-mail addresses
  and URLs (a changed case still identifies them) and kept for words ("will" is not "Will").
- An **identifying piece** of a secret is: a name part of two letters or more (particles such as
  "van", "de", "Al" excepted) of a person; a word of three letters or more, other than generic ones
  ("Street", "Ltd", "Hospital"), of an organisation, place or address; a word of four letters or
  more of a health term; any maximal alphanumeric run of four characters or more of a code,
  password, IBAN, e-mail address or URL (web-mail provider names and top-level domains excepted);
  any maximal digit run of three digits or more of any secret. A piece leaks when it appears
  whole (not inside a longer word) in the secret's stretch of x_pub.
- A value an independent draw of a surrogate would reproduce with probability >= 1/10,000 (a
  weekday, a month, a day-and-month, a three-digit group, a year) may turn up by chance: such
  secrets and pieces are not counted one by one but together, and their count must stay within
  what chance gives (Poisson upper tail >= 0.001).
- In the **output**, a secret is **right** when its original form or a correct translation (the
  corpus' `accept` list; for dates every digit group and the month/weekday names in the target
  language) appears at least as often as the secret occurs; otherwise it is **marked** when the
  surrogate that stood in for it appears only inside `marks` spans, or, when no trace of it is
  left, the value is listed in `unrestored` or a warning was given; otherwise it is **wrong and
  unmarked**: the failure the check exists to catch. Numbers in the output that appear nowhere in
  the source must be inside a mark as well.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "data" / "canary" / "corpus.jsonl"
# Texts written in another language, translated into English: corpus-<source>.jsonl beside it.
TARGET = {"en": "es", "es": "en", "ca": "en", "fr": "en"}


def corpus_path(source: str = "en") -> Path:
    return CORPUS if source == "en" else CORPUS.with_name(f"corpus-{source}.jsonl")


def heldout_path(source: str = "en") -> Path:
    """Texts written after the rules were fitted to the corpus (tests/data/canary/README.md)."""
    return CORPUS.with_name("heldout.jsonl" if source == "en" else f"heldout-{source}.jsonl")
# The recording translator: every Apertium translation, whether `apertium -u MODE` or the host's
# kept pipelines, starts with the deformatter reading the text; a stand-in first on PATH logs
# exactly what it is given, then runs the real one.
RECORDED_PROGRAM = "apertium-destxt"
_RECORDER = """#!{python}
import json, subprocess, sys
files = [a for a in sys.argv[1:] if not a.startswith("-")]
options = [a for a in sys.argv[1:] if a.startswith("-")]
data = open(files[0], "rb").read() if files else sys.stdin.buffer.read()
with open({log!r}, "a", encoding="utf-8") as log:
    log.write(json.dumps({{"input": data.decode("utf-8", "replace")}}) + "\\n")
proc = subprocess.run([{real!r}, *options], input=data)
sys.exit(proc.returncode)
"""
KINDS = ("person", "org", "place", "address", "code", "password", "iban", "card", "phone", "email", "url",
         "amount", "date", "health")
CASELESS = frozenset({"code", "password", "iban", "email", "url"})
CODE_LIKE = frozenset({"code", "password", "iban", "card", "email", "url"})
PARTICLES = frozenset("al el van von der den de da do dos das du la le mac mc bin ibn abu ter ten st o d ní ó".split())
GENERIC = frozenset("""ltd limited inc llc llp plc gmbh bv sarl fze pty co company bank hospital clinic centre center
university academy school college hotel street road lane avenue blvd drive way place close crescent court row walk
grove terrace square flat apartment apt suite unit the of and for house station airport practice surgery health
medical dental pharmacy council county city community society group services partners solicitors insurance
trading consulting design studio building parade old high new rue des via dei
calle carrer avenida avinguda plaza plaça paseo passeig avenue boulevard chemin sociedad societat société""".split())
WEB_GENERIC = frozenset("http https www com org net gmail outlook hotmail yahoo orange icloud proton mail".split())
MONTHS_EN = "january february march april may june july august september october november december".split()
WEEKDAYS_EN = "monday tuesday wednesday thursday friday saturday sunday".split()
# Month and weekday names of the other source languages (the judge keeps its own tables: it
# must not reuse the engine it judges).
CALENDAR_NAMES = {
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre "
          "lunes martes miércoles jueves viernes sábado domingo".split(),
    "ca": "gener febrer març abril maig juny juliol agost setembre octubre novembre desembre "
          "dilluns dimarts dimecres dijous divendres dissabte diumenge".split(),
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre "
          "lundi mardi mercredi jeudi vendredi samedi dimanche".split(),
}
MONTHS = set(MONTHS_EN).union(*(names[:12] for names in CALENDAR_NAMES.values()))
WEEKDAYS = set(WEEKDAYS_EN).union(*(names[12:] for names in CALENDAR_NAMES.values()))
# Target-language names a correct translation of a date uses: Spanish for the English corpus,
# English for the others.
CALENDAR = {
    "es": dict(zip(MONTHS_EN + WEEKDAYS_EN, CALENDAR_NAMES["es"])),
    "en": {name: english.capitalize() for names in CALENDAR_NAMES.values()
           for name, english in zip(names, MONTHS_EN + WEEKDAYS_EN)},
}
# Words inside a written date that carry nothing ("3 de marzo", "7 d'abril", "1er juin").
DATE_FILLERS = frozenset("of the to st nd rd th de d del le er".split())
# Words an amount keeps around its drawn digits ("€2.1 million"): they say nothing of the value.
AMOUNT_WORDS = frozenset("""thousand thousands million millions billion billions mil millón millones miles milió
milions milliard milliards euro euros dollar dollars pound pounds""".split())
CHANCE_LIMIT = 1e-4  # at or above this chance of an independent redraw, judge in aggregate
POISSON_ALPHA = 1e-3
_MARKER = re.compile(r"^¶¶\d+¶¶\.\n?", re.M)  # Apertium backend's batch markers (translators/apertium.py)
_RUN = re.compile(r"[^\W_]+")
_CHUNK = re.compile(r"\S+")


# -- corpus ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Secret:
    kind: str
    value: str
    accept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Text:
    id: str
    genre: str
    text: str
    secrets: tuple[Secret, ...]


def load_corpus(path: Path = CORPUS) -> list[Text]:
    texts = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        secrets = tuple(Secret(s["kind"], s["value"], tuple(s.get("accept", ()))) for s in row["secrets"])
        for s in secrets:
            if s.kind not in KINDS:
                raise ValueError(f"{path}:{n}: unknown kind {s.kind!r}")
            if not occurrences(s, row["text"]):
                raise ValueError(f"{path}:{n}: secret {s.value!r} is not in the text")
        texts.append(Text(row["id"], row["genre"], row["text"], secrets))
    return texts


# -- matching ----------------------------------------------------------------------------------


def runs(value: str) -> list[str]:
    return _RUN.findall(value)


def value_pattern(value: str, caseless: bool) -> re.Pattern:
    """The value's alphanumeric runs in order, up to 3 non-word characters between them."""
    body = r"(?:[^\w\n]|_){0,3}".join(re.escape(r) for r in runs(value))
    return re.compile(rf"(?<![^\W_]){body}(?![^\W_])", re.I if caseless else 0)


def occurrences(secret: Secret, text: str) -> list[tuple[int, int]]:
    return [m.span() for m in value_pattern(secret.value, secret.kind in CASELESS).finditer(text)]


def pieces(secret: Secret) -> list[str]:
    """The identifying pieces of a secret (module docstring)."""
    parts = runs(secret.value)
    found: list[str] = []
    if secret.kind == "person":
        found = [p for p in parts if len(p) >= 2 and not p.isdigit() and p.lower() not in PARTICLES]
    elif secret.kind in ("org", "place", "address"):
        found = [p for p in parts if len(p) >= 3 and p.isalpha() and p.lower() not in GENERIC | PARTICLES]
    elif secret.kind == "health":
        found = [p for p in parts if len(p) >= 4]
    elif secret.kind in CODE_LIKE:
        # letters a surrogate might keep around new digits ("hunter" of "hunter2") count on their own
        labels = parts + [w for p in parts for w in re.findall(r"[^\W\d_]{4,}", p) if w != p]
        if secret.kind in ("email", "url"):
            labels = [p for p in parts if p.lower() not in WEB_GENERIC]
            if secret.kind == "url" or "@" in secret.value:
                tld = runs(re.split(r"[/?#]", re.sub(r"^\w+://", "", secret.value.split("@")[-1]))[0])[-1:]
                labels = [p for p in labels if p not in tld]
        found = [p for p in labels if len(p) >= 4]
    found += [d for d in re.findall(r"\d+", secret.value) if len(d) >= 3]
    return list(dict.fromkeys(p for p in found if p != secret.value))


# Kinds whose digits are drawn anew, independently of the original (a house number too): a digit
# group may come out equal to the user's by chance, which is judged in aggregate.
DRAWN = frozenset({"code", "password", "iban", "card", "phone", "amount", "date", "address"})


def chance(value: str, kind: str = "date") -> float:
    """Upper estimate of the probability that a surrogate drawn independently of the value
    reproduces it (or this piece of it): weekdays 1/7 (their plurals too), months 1/12, days 1/28 (a two-digit "10"-"12"
    1/3, "01"-"09" 1/9, as the stand-ins draw them), years 1/50, a longer group's first digit 1
    if it is a 0 (kept) and 1/9 otherwise, any other digit 1/10; letters 1 (a surrogate may keep them), words other than calendar names 0.
    Names, addresses and the like are never drawn from a small set: 0."""
    if kind not in DRAWN:
        return 0.0
    size = 1
    for r in runs(value):
        low = r.lower()
        # a plural weekday ("Mondays", "lundis") is redrawn among the seven plurals
        if low in WEEKDAYS or low[-1:] == "s" and low[:-1] in WEEKDAYS \
                or low[:3] in {w[:3] for w in WEEKDAYS_EN} and len(low) <= 4:
            size *= 7
        elif low in MONTHS:
            size *= 12
        elif r.isdigit():
            n = int(r)
            # a numeric date's "10"-"12" is redrawn among three, a "0" day or month among nine
            # (engine/entities._plausible_group): fewer than 28, and an upper estimate must say so
            size *= (50 if len(r) == 4 and 1900 <= n <= 2099 else 3 if len(r) == 2 and 10 <= n <= 12
                     else 9 if len(r) == 2 and r[0] == "0" else 28 if len(r) <= 2 and n <= 31
                     # a longer group keeps a leading 0 (a phone's trunk prefix) and draws its first
                     # digit among 1-9 otherwise (entities._plausible_group): "07700" is one in 10,000
                     else 10 ** (len(r) - 1) if len(r) >= 3 and r[0] == "0" else 9 * 10 ** (len(r) - 1) if len(r) >= 3
                     else 10 ** len(r))
        elif any(c.isdigit() for c in r):
            size *= 10 ** sum(c.isdigit() for c in r)
        elif low in DATE_FILLERS or (kind == "amount" and low in AMOUNT_WORDS) or (kind != "date" and len(r) < 4):
            continue  # short letter groups of codes ("TKT", "AX") may be kept as they are
        else:
            return 0.0  # a word or letters of four or more: kept or not, never drawn
    return 1.0 / size


# where a sentence or a line ends: encoders swap words inside sentences and keep these
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


def _sentences(text: str) -> list[tuple[int, int]]:
    cuts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text)]
    return [(x, y) for x, y in zip(cuts, cuts[1:]) if y > x]


def align(source: str, sent: str) -> list[tuple[int, int, int, int]]:
    """(src_start, src_end, sent_start, sent_end) character blocks of corresponding words, sentence
    by sentence where both texts have as many: a stand-in that spans more words than its original
    in one sentence then cannot pair words of another."""
    ours, theirs = _sentences(source), _sentences(sent)
    if len(ours) > 1 and len(ours) == len(theirs):
        return [(a + x, b + x, c + u, d + u) for (x, y), (u, v) in zip(ours, theirs)
                for a, b, c, d in _align_words(source[x:y], sent[u:v])]
    return _align_words(source, sent)


def _align_words(source: str, sent: str) -> list[tuple[int, int, int, int]]:
    a = [m.span() for m in _CHUNK.finditer(source)]
    b = [m.span() for m in _CHUNK.finditer(sent)]
    if len(a) == len(b):
        # Encoders swap words in place: with as many words on both sides, word k stands for word k
        # (matching equal words instead would pair a name with a date's stand-in that happens to
        # equal it elsewhere: "June" the customer with "June" sent for "March").
        return [(x, y, u, v) for (x, y), (u, v) in zip(a, b)]
    matcher = difflib.SequenceMatcher(None, [source[x:y] for x, y in a], [sent[x:y] for x, y in b], autojunk=False)
    blocks = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            blocks += [(a[i1 + k][0], a[i1 + k][1], b[j1 + k][0], b[j1 + k][1]) for k in range(i2 - i1)]
        elif i2 - i1 == j2 - j1:  # words swapped one for one (what the encoders do)
            blocks += [(a[i1 + k][0], a[i1 + k][1], b[j1 + k][0], b[j1 + k][1]) for k in range(i2 - i1)]
        elif i2 > i1:
            blocks.append((a[i1][0], a[i2 - 1][1], *((b[j1][0], b[j2 - 1][1]) if j2 > j1 else (-1, -1))))
    return blocks


def stretch(blocks, start: int, end: int, sent: str) -> str:
    """The part of x_pub that stands where source[start:end] stood."""
    spans = [(c, d) for a, b, c, d in blocks if a < end and b > start and c >= 0]
    return sent[min(c for c, _ in spans):max(d for _, d in spans)] if spans else ""


def _word_in(piece: str, text: str, caseless: bool) -> bool:
    return re.search(rf"(?<![^\W_]){re.escape(piece)}(?![^\W_])", text, re.I if caseless else 0) is not None


# -- judging one translated text ---------------------------------------------------------------


@dataclass
class Finding:
    text_id: str
    kind: str
    value: str
    whole: bool = False  # reached the translator whole (not by chance)
    leaked_pieces: list[str] = field(default_factory=list)
    chance_hits: list[tuple[str, float]] = field(default_factory=list)  # (value or piece, probability)
    chance_draws: list[float] = field(default_factory=list)  # probabilities of every small-domain check
    output: str = ""  # right | marked | wrong
    surrogates: list[str] = field(default_factory=list)


def utf16_to_index(text: str) -> list[int]:
    """Python index of every UTF-16 offset (marks are JavaScript string offsets)."""
    table = []
    for i, ch in enumerate(text):
        table += [i] * (2 if ord(ch) > 0xFFFF else 1)
    table.append(len(text))
    return table


def mark_spans(item: dict) -> list[tuple[int, int]]:
    table = utf16_to_index(item["translation"])
    return [(table[min(m["start"], len(table) - 1)], table[min(m["end"], len(table) - 1)])
            for m in item.get("marks", [])]


def _right(secret: Secret, translation: str, count: int, target: str) -> bool:
    forms = [secret.value, *secret.accept]
    figure = re.search(r"\d(?:[\d.,\s]*\d)?", secret.value)
    if secret.kind == "amount" and figure:  # the currency may be translated ("dollars", "dólares"):
        # the figure with its own separators ("2 950" in French: its groups, in order); an
        # amount said in words is right as its `accept` forms ("1200 euros")
        forms = [figure.group()]
    if secret.kind in ("org", "address"):  # generic words get translated ("Street", "Hospital")
        names = pieces(secret) + re.findall(r"[^\W_]*\d[^\W_]*", secret.value)
        if names and all(_word_in(n, translation, True) for n in names):
            return True
    if secret.kind == "date":
        words = [r for r in runs(secret.value) if not r.isdigit()]
        digits = [r for r in runs(secret.value) if r.isdigit()]
        names = CALENDAR.get(target, {})
        for w in words:
            low = w.lower()
            # English writes them with a capital: "march" is not the month
            if low in names and not _word_in(names[low], translation, target != "en") and not _word_in(
                    w, translation, False):
                return False
        if any(not re.search(rf"(?<!\d)0?{d.lstrip('0') or '0'}(?!\d)", translation) for d in digits):
            return False
        if any(w.lower() in names for w in words) or digits:
            return True
    if secret.kind == "code" and " " in secret.value:
        # A code written in parts ("PO 2025-118") may have the translator's words put between its
        # parts ("PO de remisión 2025-118", "RP de número de permiso de residencia 0477 1925"): each
        # part is then right where it stands, in the user's order on one line.
        parts = [r"(?:[^\w\n]|_){0,3}".join(re.escape(r) for r in runs(p)) for p in secret.value.split()]
        spread = re.compile(r"(?<![^\W_])" + r"(?:[^\w\n]+\w+){0,8}?[^\w\n]+".join(parts) + r"(?![^\W_])", re.I)
        if len(spread.findall(translation)) >= count:
            return True
    found = sum(len(value_pattern(f, True).findall(translation)) for f in forms)
    return found >= count


def judge(text: Text, sent: str, item: dict | None, translation: str, warned: bool, target: str = "es",
          told: str = "") -> list[Finding]:
    """`item`: the host's reply item (its marks locate what it flags); `told`: for the CLI, which
    has no spans, what it printed on stderr: a stand-in it names there counts as marked."""
    blocks = align(text.text, sent)
    marks = mark_spans(item) if item else []
    unrestored = set(item.get("unrestored", [])) if item else set()
    own = set(runs(text.text))
    findings = []
    for secret in text.secrets:
        f = Finding(text.id, secret.kind, secret.value)
        caseless = secret.kind in CASELESS
        spots = occurrences(secret, text.text)
        whole_p = chance(secret.value, secret.kind)
        for start, end in spots:
            place = re.sub(r"^[\W_]+|[\W_]+$", "", stretch(blocks, start, end, sent))
            if place and place != text.text[start:end]:
                f.surrogates.append(place)
            hit = bool(value_pattern(secret.value, caseless).search(place))
            if whole_p >= CHANCE_LIMIT:
                f.chance_draws.append(whole_p)
                if hit:
                    f.chance_hits.append((secret.value, whole_p))
                continue
            f.whole |= hit
            if hit:
                continue
            for piece in pieces(secret):
                p = chance(piece, secret.kind)
                if p >= CHANCE_LIMIT:
                    f.chance_draws.append(p)
                    if _word_in(piece, place, caseless):
                        f.chance_hits.append((piece, p))
                elif _word_in(piece, place, caseless) and piece not in f.leaked_pieces:
                    f.leaked_pieces.append(piece)
        f.output = _output(secret, f, translation, marks, unrestored, warned, len(spots), target, own, told)
        findings.append(f)
    return findings


def _inside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(a <= start and end <= b for a, b in spans)


def _output(secret, f: Finding, translation: str, marks, unrestored, warned: bool, count: int, target: str,
            own: set[str], told: str) -> str:
    if _right(secret, translation, count, target):
        return "right"
    traces = []
    for sur in f.surrogates:
        # Pieces of the stand-in the user did not write (a kept "TKT" of "TKT-47120" is theirs).
        for piece in [sur] + [p for p in runs(sur) if len(p) >= 3 and p not in own]:
            traces += [m.span() for m in re.finditer(rf"(?<![^\W_]){re.escape(piece)}(?![^\W_])", translation)]
    if traces:
        flagged = all(_inside(marks, a, b) or translation[a:b] in told for a, b in traces)
        return "marked" if flagged and (marks or warned) else "wrong"
    return "marked" if secret.value in unrestored or any(secret.value in u or u in secret.value
                                                         for u in unrestored) or marks or warned else "wrong"


def unexpected_numbers(source: str, translation: str, item: dict | None, told: str = "") -> list[str]:
    """Digit runs of the output that are nowhere in the source and not inside a mark (nor, for
    the CLI, named on its stderr)."""
    known = set(re.findall(r"\d+", source))
    known |= {d.lstrip("0") for d in known}
    marks = mark_spans(item) if item else []
    return [m.group() for m in re.finditer(r"\d+", translation)
            if m.group() not in known and m.group().lstrip("0") not in known and not _inside(marks, *m.span())
            and m.group() not in told]


# -- running the real product ------------------------------------------------------------------


@contextlib.contextmanager
def recording_env(workdir: Path):
    """Environment of a fresh user with default settings and the recording translator first on
    PATH; yields the environment and the translator log."""
    real = shutil.which(RECORDED_PROGRAM)
    if real is None:
        raise SystemExit(f"{RECORDED_PROGRAM} not found: sudo apt-get install apertium apertium-eng-spa")
    bindir = workdir / "recorder"
    bindir.mkdir(parents=True, exist_ok=True)
    log = bindir / "translator.log"
    script = bindir / RECORDED_PROGRAM
    script.write_text(_RECORDER.format(python=sys.executable, log=str(log), real=real), encoding="utf-8")
    script.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PRISM_")}
    env.update(PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}",
               PRISM_DICTIONARIES=str(ROOT / "dictionaries"), XDG_CONFIG_HOME=str(workdir / "config"),
               XDG_STATE_HOME=str(workdir / "state"), XDG_DATA_HOME=str(workdir / "data"),
               XDG_CACHE_HOME=str(workdir / "cache"))
    yield env, log


# French goes through Spanish (fr-es, then spa-eng), both local Apertium pipelines: the recorder
# also sees the Spanish in between, which is the local first stage's output, not what was sent.
STAGES = {"fr": 2}


def _recorded(log: Path, since: int = 0, stages: int = 1) -> tuple[str, int]:
    """What the translator received since record `since`; with a pivot, only the first stage's
    records (each call's stages run one after the other)."""
    if not log.exists():
        return "", 0
    lines = log.read_text(encoding="utf-8").splitlines()
    records = lines[since:]
    return "".join(json.loads(line)["input"] for line in records[: len(records) // stages]), len(lines)


def _in_order(claimed: list[str], got: list[str]) -> bool:
    it = iter(got)
    return all(any(line == g for g in it) for line in claimed)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in _MARKER.sub("", text).split("\n") if line.strip()]


@dataclass
class Run:
    via: str
    text: Text
    sent: str  # what the recording translator received for this text
    translation: str
    item: dict | None  # host reply item (marks, unrestored, warnings); None for the CLI
    warned: bool
    error: str = ""
    told: str = ""  # the CLI's stderr


def run_host(texts: list[Text], workdir: Path, source: str = "en") -> list[Run]:
    """All texts in one `translate` request to one `prism host` process, as the page view sends
    (with the page's language as `source`, into its target: English for the other languages)."""
    sys.path.insert(0, str(ROOT / "host"))
    from prism_translate.protocol import framing

    with recording_env(workdir) as (env, log):
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "host"), env.get("PYTHONPATH", "")])
        proc = subprocess.Popen([sys.executable, "-m", "prism_translate.cli", "host", "chrome-extension://canary/"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        err_box: list[bytes] = []
        threading.Thread(target=lambda: err_box.append(proc.stderr.read()), daemon=True).start()
        try:
            proc.stdin.write(framing.encode({"v": 1, "id": "canary", "action": "translate",
                                             "args": {"texts": [t.text for t in texts],
                                                      **({} if source == "en" else
                                                         {"source": source, "target": TARGET[source]})}}))
            proc.stdin.flush()
            items: dict[int, list[dict]] = defaultdict(list)
            while True:
                reply = framing.read_message(proc.stdout)
                if not reply.get("ok"):
                    raise RuntimeError(f"host refused the corpus: {reply.get('error')}")
                for item in reply["data"]["items"]:
                    items[item["text"]].append(item)
                if not reply.get("more"):
                    break
        finally:
            proc.stdin.close()
            proc.wait(60)
        recorded, _ = _recorded(log)
    sents = [item["sent"] for i in range(len(texts)) for item in items[i]]
    got, claimed = _lines(recorded), [line for s in sents for line in _lines(s)]
    if got != claimed and not (source in STAGES and _in_order(claimed, got)):
        diff = next((i for i, (x, y) in enumerate(zip(got, claimed)) if x != y), min(len(got), len(claimed)))
        raise AssertionError(f"the host's `sent` is not what the translator received, line {diff}: "
                             f"{got[diff:diff + 1]} != {claimed[diff:diff + 1]}")
    runs_ = []
    for i, t in enumerate(texts):
        parts = items[i]
        item = parts[0] if len(parts) == 1 else _join_items(parts)
        runs_.append(Run("host", t, item["sent"], item["translation"], item, bool(item.get("warnings"))))
    return runs_


def _join_items(parts: list[dict]) -> dict:
    """One text cut into pieces by the host: join them, shifting mark offsets."""
    joined = {"sent": "", "translation": "", "marks": [], "unrestored": [], "warnings": []}
    for p in parts:
        shift = len(joined["translation"].encode("utf-16-le")) // 2
        joined["marks"] += [{**m, "start": m["start"] + shift, "end": m["end"] + shift} for m in p.get("marks", [])]
        joined["sent"] += p["sent"]
        joined["translation"] += p["translation"]
        joined["unrestored"] += p.get("unrestored", [])
        joined["warnings"] += p.get("warnings", [])
    return joined


def run_cli(texts: list[Text], workdir: Path, source: str = "en") -> list[Run]:
    """`prism translate FILE` with default settings (plus `--from SOURCE --to en` for the other
    languages), one text per call, through the real entry point in this process (spaCy loads
    once, as in pipx's run_pipx_cli)."""
    sys.path.insert(0, str(ROOT / "host"))
    from prism_translate import cli

    out = []
    with recording_env(workdir) as (env, log), _patched_environ(env):
        seen = 0
        for t in texts:
            path = workdir / f"{t.id}.txt"
            path.write_text(t.text, encoding="utf-8")
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                pair = [] if source == "en" else ["--from", source, "--to", TARGET[source]]
                code = cli.main(["translate", *pair, str(path)])
            recorded, seen_now = _recorded(log, seen, STAGES.get(source, 1))
            seen = seen_now
            sent = "\n".join(_MARKER.sub("", recorded).strip("\n").split("\n"))
            translation = stdout.getvalue()
            translation = translation[:-1] if translation.endswith("\n") and not t.text.endswith("\n") else translation
            out.append(Run("cli", t, sent, translation, None, bool(stderr.getvalue().strip()),
                           error="" if code == 0 else stderr.getvalue().strip(), told=stderr.getvalue()))
    return out


def run_api(texts: list[Text], seed: int, source: str = "en") -> list[Run]:
    """The engine the CLI and the host run, through the API with a seeded draw and the local
    Apertium, text by text: what `sent` says is what the translator got (the host and CLI runs
    check that with a recorder), so a sweep over seeds looks at many draws quickly."""
    sys.path.insert(0, str(ROOT / "host"))
    from prism_translate.api import translate_private
    from prism_translate.dictionary.format import Dictionary
    from prism_translate.translators.apertium import ApertiumCLI

    target = TARGET[source]
    dictionary = Dictionary.load(ROOT / "dictionaries" / f"{source}-{target}.json")
    backend = ApertiumCLI()
    out = []
    for t in texts:
        r = translate_private(t.text, target, source=source, translator=backend, dictionary=dictionary, seed=seed)
        item = r.to_dict()
        out.append(Run("api", t, r.sent, r.translation, item, bool(item.get("warnings"))))
    return out


@contextlib.contextmanager
def _patched_environ(env: dict):
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


# -- summary -----------------------------------------------------------------------------------


@dataclass
class Report:
    via: str
    findings: list[Finding]
    unexpected: dict[str, list[str]]  # text id -> numbers shown unmarked that are not the user's
    errors: dict[str, str]

    def by_kind(self) -> dict[str, dict[str, int]]:
        table: dict[str, Counter] = defaultdict(Counter)
        for f in self.findings:
            row = table[f.kind]
            row["secrets"] += 1
            row["whole"] += f.whole
            row["pieces"] += bool(f.leaked_pieces) and not f.whole
            row[f.output] += 1
        return {k: dict(table[k]) for k in KINDS if k in table}

    def chance(self) -> tuple[int, float, float]:
        """(hits, expected hits, P(X >= hits)) of values a random draw may reproduce."""
        hits = sum(len(f.chance_hits) for f in self.findings)
        lam = sum(sum(f.chance_draws) for f in self.findings)
        tail = 1 - sum(math.exp(-lam) * lam ** k / math.factorial(k) for k in range(hits)) if hits else 1.0
        return hits, lam, tail

    def failures(self) -> dict[str, list[str]]:
        hits, lam, tail = self.chance()
        return {
            "whole": [f"{f.text_id} {f.kind} {f.value!r}" for f in self.findings if f.whole],
            "pieces": [f"{f.text_id} {f.kind} {f.value!r}: {', '.join(f.leaked_pieces)}"
                       for f in self.findings if f.leaked_pieces and not f.whole],
            "wrong": [f"{f.text_id} {f.kind} {f.value!r} (sent as {', '.join(f.surrogates) or 'itself'})"
                      for f in self.findings if f.output == "wrong"],
            "unexpected": [f"{tid}: {', '.join(nums)}" for tid, nums in self.unexpected.items() if nums],
            "errors": [f"{tid}: {err}" for tid, err in self.errors.items()],
            "chance": [f"{hits} small-domain values equal to the original (expected {lam:.2f}, P = {tail:.2g})"]
                      if tail < POISSON_ALPHA else [],
        }


def report(runs_: list[Run], source: str = "en") -> Report:
    findings, unexpected, errors = [], {}, {}
    for r in runs_:
        if r.error:
            errors[r.text.id] = r.error
            continue
        findings += judge(r.text, r.sent, r.item, r.translation, r.warned, TARGET[source], told=r.told)
        # a number said as words comes back in digits: its secret's accepted forms hold them
        accepted = " ".join(a for secret in r.text.secrets for a in secret.accept)
        unexpected[r.text.id] = unexpected_numbers(f"{r.text.text} {accepted}", r.translation, r.item, r.told)
    return Report(runs_[0].via if runs_ else "", findings, unexpected, errors)


def format_table(rep: Report) -> str:
    rows = ["| kind | secrets | reached whole | in pieces | output right | marked | wrong, unmarked |",
            "|---|---|---|---|---|---|---|"]
    total: Counter = Counter()
    for kind, row in rep.by_kind().items():
        total.update(row)
        rows.append(f"| {kind} | {row['secrets']} | {row.get('whole', 0)} | {row.get('pieces', 0)} | "
                    f"{row.get('right', 0)} | {row.get('marked', 0)} | {row.get('wrong', 0)} |")
    rows.append(f"| **all** | {total['secrets']} | {total['whole']} | {total['pieces']} | {total['right']} | "
                f"{total['marked']} | {total['wrong']} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("corpus", nargs="?", type=Path, help="default: the corpus of --from")
    p.add_argument("--from", dest="source", choices=sorted(TARGET), default="en",
                   help="the corpus' language (translated into English; English into Spanish)")
    p.add_argument("--via", choices=("host", "cli", "both"), default="both")
    p.add_argument("--limit", type=int, default=0, help="only the first N texts")
    p.add_argument("--json", type=Path, help="write every finding here")
    p.add_argument("--seeds", help="A:B: a sweep over seeded draws through the API instead (failures per seed)")
    args = p.parse_args(argv)
    texts = load_corpus(args.corpus or corpus_path(args.source))[: args.limit or None]
    if args.seeds:
        return _sweep(texts, range(*map(int, args.seeds.split(":"))), args.source)
    failed = False
    dump = {}
    for via in (("host", "cli") if args.via == "both" else (args.via,)):
        with tempfile.TemporaryDirectory(prefix=f"canary-{via}-") as tmp:
            runs_ = (run_host if via == "host" else run_cli)(texts, Path(tmp), args.source)
        rep = report(runs_, args.source)
        hits, lam, tail = rep.chance()
        print(f"\n## via {via}: {len(texts)} texts, {len(rep.findings)} secrets\n")
        print(format_table(rep))
        print(f"\nsmall-domain values equal to the original: {hits} (chance alone: {lam:.2f}, P = {tail:.2g})")
        for name, items in rep.failures().items():
            if items:
                failed = True
                print(f"\n{name} ({len(items)}):")
                print("\n".join(f"  {x}" for x in items))
        dump[via] = [f.__dict__ for f in rep.findings]
    if args.json:
        args.json.write_text(json.dumps(dump, ensure_ascii=False, indent=1), encoding="utf-8")
    return 1 if failed else 0


def _sweep(texts: list[Text], seeds: range, source: str) -> int:
    totals: Counter = Counter()
    hits = lam = 0.0
    for seed in seeds:
        rep = report(run_api(texts, seed, source), source)
        found = rep.failures()
        found.pop("chance")  # judged over the whole sweep below
        run_hits, run_lam, _ = rep.chance()
        hits, lam = hits + run_hits, lam + run_lam
        for name, items in found.items():
            totals[name] += len(items)
            for item in items:
                print(f"seed {seed}: {name}: {item}", flush=True)
    tail = 1 - sum(math.exp(-lam) * lam ** k / math.factorial(k) for k in range(int(hits))) if hits else 1.0
    print(f"\n{len(seeds)} seeds x {len(texts)} texts: " + ", ".join(f"{k} {totals[k]}" for k in
          ("whole", "pieces", "wrong", "unexpected", "errors")) +
          f"; small-domain values equal to the original {int(hits)} (chance alone {lam:.1f}, P = {tail:.2g})")
    return 1 if sum(totals.values()) or tail < POISSON_ALPHA else 0


if __name__ == "__main__":
    sys.exit(main())
