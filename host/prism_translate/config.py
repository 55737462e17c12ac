"""User settings of the host and CLI (never secrets: API keys live in the OS keyring, see
credentials.py), as one typed, validated `Settings` object.

Precedence, highest first: command-line flags > environment (PRISM_<KEY>, dots as underscores:
PRISM_OPENAI_BASE_URL) > the settings file ($XDG_CONFIG_HOME/prism-translate/config.json) >
defaults. Text from the command line, the environment or an old settings file is converted to the
setting's type; JSON from the extension must already have it.

Every value is checked where it is entered (`prism config set`, the extension's options through
the host's `settings` action, the API's arguments, the environment) against one table, FIELDS:
its type, finite numbers only (replies are strict JSON: no NaN or Infinity), its range or
choices, and, when entered, that the language pair exists. A bad value is refused with a coded
error and nothing is saved.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, Iterator, TypeVar

from . import paths
from .errors import DictionaryError, EngineError, PrismError, TranslatorError
from .methods import USER_METHODS
from .translators.checks import check_prompt, check_url

log = logging.getLogger(__name__)

MAX_TEXT_SETTING = 2_000  # characters: the longest prompt template or URL worth storing


# The translator backends a setting may name (translators/registry.py builds them; a test checks
# that the two agree): a plain tuple, so that reading settings does not import the backends.
TRANSLATORS = ("apertium", "apertium-apy", "openai", "deepl", "google", "libretranslate")


def _url(key: str, value: str) -> None:
    check_url(key, value, empty=True)


def _deepl_endpoint(key: str, value: str) -> None:
    if value not in ("auto", "free", "pro"):
        check_url(key, value)


def _target(key: str, value: str) -> None:
    if not re.fullmatch(r"[a-z]{2,3}", value):
        raise PrismError("E054", key=key, expected="a language code such as 'es'", value=value)


def _translator(key: str, value: str) -> None:
    if value not in TRANSLATORS:
        raise TranslatorError("E035", name=value, choices=", ".join(sorted(TRANSLATORS)))


def _installed_pair(key: str, value: str) -> None:
    # Any source will do (the target is "the language I read"); each request's pair is checked
    # when it is translated.
    pairs = paths.installed_pairs()
    if not any(pair.endswith(f"-{value}") for pair in pairs):
        raise DictionaryError("E010", source="en", target=value, installed=", ".join(sorted(pairs)) or "none")


@dataclass(frozen=True)
class Field:
    """One setting: its default (which gives its type), a range for numbers (low < v or low <= v,
    v <= high), choices for strings, and further checks. `on_entry` runs only when a user sets
    the value (it may look at the machine: is that dictionary installed?)."""

    default: object
    help: str = ""
    low: float | None = None
    low_open: bool = False
    high: float | None = None
    high_open: bool = False
    choices: tuple[str, ...] = ()
    check: Callable[[str, str], object] | None = None
    on_entry: Callable[[str, str], object] | None = None
    code: str = "E054"  # the clearer code some settings have always had (method E022, ratio E023)

    @property
    def kind(self) -> type:
        return type(self.default)

    def expected(self) -> str:
        if self.kind is bool:
            return "true or false"
        if self.choices:
            return "one of " + ", ".join(self.choices)
        if self.kind in (int, float):
            what = "a whole number" if self.kind is int else "a finite number"
            lo = "" if self.low is None else f"{'>' if self.low_open else '>='} {self.low:g}"
            hi = "" if self.high is None else f"{'<' if self.high_open else '<='} {self.high:g}"
            return " ".join(p for p in (what, lo, "and" if lo and hi else "", hi) if p)
        return f"a string of at most {MAX_TEXT_SETTING} characters"


def _timeout(default: float) -> Field:
    return Field(default, "seconds to wait for one request", low=0.0, low_open=True, high=3600.0)

FIELDS: dict[str, Field] = {
    "target": Field("es", "target language: an installed <source>-<target> dictionary", check=_target,
                    on_entry=_installed_pair),
    "method": Field("star", "star (PRISM*), r (PRISM-R), mix", choices=USER_METHODS, code="E022"),
    "ratio": Field(0.2, "r: share of words to hide", low=0.0, low_open=True, high=1.0, code="E023"),
    "beta": Field(0.5, "β of mix: share of PRISM*-style substitutes", low=0.0, high=1.0, high_open=True),
    "translator": Field("apertium", "the backend, see `prism translators`", check=_translator),
    "protect_entities": Field(True, "always hide names, numbers, dates and addresses"),
    # translator backends (given to translators.registry.get_translator through each backend's config_keys)
    "openai.model": Field("gpt-4.1-mini", "chat model name (any model the server at openai.base_url offers)"),
    "openai.base_url": Field("", "empty for api.openai.com; e.g. http://localhost:11434/v1 (Ollama), "
                             "http://localhost:8000/v1 (vLLM), http://localhost:1234/v1 (LM Studio), "
                             "https://RESOURCE.openai.azure.com/openai/v1 (Azure OpenAI)", check=_url),
    "openai.prompt": Field("Directly translate {source_language} to {language}: {text}",
                           "prompt template: {text}, {language}, {source_language}", check=check_prompt),
    "openai.timeout": _timeout(60.0),
    "deepl.endpoint": Field("auto", "auto (':fx' keys -> free), free, pro, or a URL", check=_deepl_endpoint),
    "deepl.timeout": _timeout(30.0),
    "google.url": Field("https://translation.googleapis.com", "Cloud Translation API root",
                        check=check_url),
    "google.timeout": _timeout(30.0),
    "libretranslate.url": Field("", "your LibreTranslate server, e.g. http://localhost:5000", check=_url),
    "libretranslate.char_limit": Field(2000, "longest text the server accepts (its --char-limit)", low=1,
                                       high=1_000_000),
    "libretranslate.timeout": _timeout(30.0),
    "apy.url": Field("", "your Apertium APy server, e.g. http://127.0.0.1:2737", check=_url),
    "apy.timeout": _timeout(60.0),
}
DEFAULTS: dict[str, object] = {key: f.default for key, f in FIELDS.items()}
HELP: dict[str, str] = {key: f.help for key, f in FIELDS.items()}


def _field(key: object) -> Field:
    if not isinstance(key, str) or key not in FIELDS:
        raise PrismError("E053", key=key, choices=", ".join(sorted(FIELDS)))
    return FIELDS[key]


def _refuse(key: str, f: Field, value: object) -> PrismError:
    if f.code == "E022":
        return EngineError("E022", method=value, choices=", ".join(f.choices))
    if f.code == "E023":
        return EngineError("E023", ratio=value)
    return PrismError("E054", key=key, expected=f.expected(), value=value)


def check(key: str, value: object) -> object:
    """`value` if it is a valid `key` (ints are fine for floats and become floats), else a coded
    error. JSON types only: text is not converted here (see `parse`)."""
    f = _field(key)
    if f.kind is bool:
        if not isinstance(value, bool):
            raise _refuse(key, f, value)
        return value
    if f.kind in (int, float):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (f.kind is int and isinstance(value, float)):
            raise _refuse(key, f, value)
        if not math.isfinite(value):
            raise _refuse(key, f, value)
        if ((f.low is not None and (value <= f.low if f.low_open else value < f.low))
                or (f.high is not None and (value >= f.high if f.high_open else value > f.high))):
            raise _refuse(key, f, value)
        return float(value) if f.kind is float else value
    if not isinstance(value, str) or len(value) > MAX_TEXT_SETTING or "\x00" in value:
        raise _refuse(key, f, value)
    if f.choices and value not in f.choices:
        raise _refuse(key, f, value)
    if f.check is not None:
        f.check(key, value)
    return value


def parse(key: str, text: object) -> object:
    """A setting given as text (command line, environment, an old settings file) converted to its
    type and checked. Non-text values are only checked."""
    f = _field(key)
    if not isinstance(text, str) or f.kind is str:
        return check(key, text)
    word = text.strip()
    value: object = text
    if f.kind is bool:
        value = {"1": True, "true": True, "yes": True, "on": True,
                 "0": False, "false": False, "no": False, "off": False}.get(word.lower(), text)
    else:
        try:
            value = int(word) if f.kind is int else float(word)
        except ValueError:
            pass
    return check(key, value)


def enter(key: str, value: object, *, text: bool = False) -> object:
    """A value a user is setting: checked (parsed first when it is text), then its entry check
    (the target language's dictionary must be installed)."""
    value = parse(key, value) if text else check(key, value)
    on_entry = FIELDS[key].on_entry
    if on_entry is not None:
        on_entry(key, str(value))
    return value


T = TypeVar("T")


class _Value(Generic[T]):
    """A setting read by attribute, converted to its type (the values are checked on the way in)."""

    def __init__(self, kind: Callable[[Any], T]) -> None:
        self.kind = kind

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = name

    def __get__(self, settings: Settings, owner: type | None = None) -> T:
        return self.kind(settings[self.key])


class Settings(Mapping):
    """The effective settings: every key of FIELDS, every value valid. Read it like a dict
    (`settings["deepl.endpoint"]`) or by attribute for the engine's options."""

    def __init__(self, values: Mapping[str, object]) -> None:
        self._values = {key: values.get(key, f.default) for key, f in FIELDS.items()}

    def __getitem__(self, key: str) -> object:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Settings({self._values!r})"

    # The engine's options by attribute (settings.ratio), each of its type.
    target = _Value(str)
    method = _Value(str)
    ratio = _Value(float)
    beta = _Value(float)
    translator = _Value(str)
    protect_entities = _Value(bool)

    def override(self, values: Mapping[str, object], *, text: bool = False) -> "Settings":
        """These settings with `values` (flags, request arguments) in place, each checked as
        entered; None means "not given"."""
        merged = dict(self._values)
        for key, value in values.items():
            if value is not None:
                merged[key] = enter(key, value, text=text)
        return Settings(merged)

    def to_dict(self) -> dict[str, object]:
        return dict(self._values)


def config_dir() -> Path:
    return paths.config_dir()


def config_path() -> Path:
    return config_dir() / "config.json"


def env_name(key: str) -> str:
    return "PRISM_" + key.upper().replace(".", "_").replace("-", "_")


def _file(path: Path | None = None) -> bytes:
    """The settings file's bytes; none when there is no file or it cannot be read (a change then
    says what is in the way, E058)."""
    try:
        with open(path or config_path(), "rb") as f:
            return f.read()
    except OSError:
        return b""


def _stored(raw: bytes | None = None) -> dict[str, object]:
    """The settings file (raw: its bytes, already read) as a dict: {} when there is none, E059
    when it is not a JSON object."""
    path = config_path()
    raw = _file(path) if raw is None else raw
    if not raw:
        return {}
    try:
        stored = json.loads(raw, parse_constant=lambda name: name)  # NaN/Infinity stay text: refused below
    except (ValueError, RecursionError) as err:  # not JSON, not UTF-8, or nested beyond reading
        detail = f"line {err.lineno}: {err.msg}" if isinstance(err, json.JSONDecodeError) else type(err).__name__
        raise PrismError("E059", path=str(path), detail=detail) from None
    if not isinstance(stored, dict):
        raise PrismError("E059", path=str(path), detail=f"it holds a JSON {type(stored).__name__}, not an object")
    return stored


def _keep_aside(path: Path) -> Path:
    """Rename a damaged settings file to <name>.corrupt-<UTC time>, never overwriting one kept before."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    kept = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while kept.exists():
        n += 1
        kept = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, kept)
    except OSError as err:
        raise PrismError("E058", what="the settings", path=str(path), reason=f"the damaged file cannot be "
                         f"moved aside ({err.strerror or type(err).__name__})", fix="move it away by hand") from None
    return kept


# What load() last saw (the file's identity, size and times, and the environment's values) and the
# settings made of it: a click costs one stat; the file is read, parsed and checked only when it
# changed (`prism config set` in a shell takes effect at the next click).
_last: tuple[tuple, Settings] | None = None


def file_stamp(path: Path) -> tuple | None:
    """A file's identity, size and times (None when it cannot be looked at): what changes when
    anyone writes, replaces, or changes the permissions of it."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def load() -> Settings:
    """Defaults < settings file < environment. A value that is not valid (a file edited by hand,
    an environment variable) is an error naming it and where it came from, never ignored."""
    global _last
    path = config_path()
    environment = {key: os.environ.get(env_name(key)) for key in FIELDS}
    read = (path, file_stamp(path), environment)
    if _last is not None and _last[0] == read:
        return _last[1]
    values = dict(DEFAULTS)
    for key, value in _stored(_file(path)).items():
        if key in FIELDS:  # settings of other versions are kept in the file, not used
            values[key] = _from_source(key, value, str(path), "prism config set")
    for key, env in environment.items():
        if env is not None:
            values[key] = _from_source(key, env, f"${env_name(key)}", f"unset {env_name(key)} or fix")
    settings = Settings(values)
    _last = (read, settings)
    return settings


def _from_source(key: str, value: object, source: str, fix: str) -> object:
    try:
        return parse(key, value)
    except PrismError as err:
        raise PrismError("E057", key=key, source=source, problem=err.message, fix=fix) from None


def save(updates: Mapping[str, object], *, text: bool = False) -> str | None:
    """Check every update as entered, then store them together (nothing is stored when any is
    bad; E058 when the file cannot be written). A settings file that is not valid JSON (E059) is
    kept aside as <name>.corrupt-<time>, and the new file holds only these updates: the returned
    warning says so, for the user (None when there was nothing to keep aside)."""
    checked = {key: enter(key, value, text=text) for key, value in updates.items()}
    path = config_path()
    kept = None
    try:
        stored = _stored()
    except PrismError as err:
        if err.code != "E059":
            raise
        stored, kept = {}, _keep_aside(path)
    stored.update(checked)
    paths.write_private(path, json.dumps(stored, indent=2, sort_keys=True, allow_nan=False), "the settings")
    if kept is None:
        return None
    warning = (f"{path} was not valid JSON: it is kept as {kept}, and the new settings file holds only what "
               "was just set; copy any other setting back from the kept file")
    log.warning("%s", warning)
    return warning
