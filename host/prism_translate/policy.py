"""The organisation's policy: what an administrator allows, which no user setting overrides.

It comes from two places, with the same keys (docs/deployment.md):
 - a system file, /etc/prism-translate/policy.json (macOS: /Library/Application Support/
   prism-translate/policy.json, Windows: %ProgramData%\\prism-translate\\policy.json; $PRISM_POLICY
   names another), looked at on every request (read again only when it changed), so an edit
   takes effect at the next click and `prism translate` obeys it as the browser does;
 - the browser's managed storage (the "3rdparty" section of Chrome/Edge policies, Firefox's
   3rdparty.Extensions), which the extension hands to the host with each request.
When both exist the stricter of each rule applies: a policy can only narrow what is allowed.

A policy that cannot be read or holds a bad value is never ignored: each bad rule takes its
safest value (only the local Apertium, r = 1, names and numbers always hidden, nothing sent shown,
no whole pages, no target language) and the problem is reported (capabilities, `prism doctor`,
stderr of `prism translate`) until it is fixed.
"""

from __future__ import annotations

import json
import math
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from . import config
from .errors import PrismError
from .methods import USER_METHODS

ENV = "PRISM_POLICY"
SYSTEM_PATHS = {
    "linux": "/etc/prism-translate/policy.json",
    "macos": "/Library/Application Support/prism-translate/policy.json",
    "windows": r"%ProgramData%\prism-translate\policy.json",
}
LOCAL_TRANSLATOR = "apertium"  # runs on this machine: the only translator an unreadable policy leaves
MAX_MESSAGE = 500

# key -> what it holds, for error messages and docs/deployment.md
KEYS = {
    "allowed_translators": "a list of translator names",
    "translator": "a translator name (forced: users cannot pick another)",
    "translator_settings": "an object of the forced translator's settings, e.g. {\"deepl.endpoint\": \"pro\"}",
    "method": "one of " + ", ".join(USER_METHODS) + " (forced)",
    "min_ratio": "a number above 0 and at most 1 (the least r)",
    "protect_entities": "true (names, numbers, dates and addresses always hidden)",
    "show_sent": "true or false (whether users may see what was sent)",
    "whole_page": "true or false (whether whole pages may be translated)",
    "allowed_targets": "a list of language codes",
    "message": f"a text of at most {MAX_MESSAGE} characters shown to users",
    "usage_record": "true or false (keep a local record of counts, never text)",
}


@dataclass(frozen=True)
class Policy:
    """Rules in effect; the defaults allow everything (no policy)."""

    translators: frozenset[str] | None = None  # allowed; None: any
    translator: str | None = None
    translator_settings: dict[str, object] = field(default_factory=dict)
    method: str | None = None
    min_ratio: float | None = None
    protect_entities: bool = False  # True: locked on
    show_sent: bool = True
    whole_page: bool = True
    targets: frozenset[str] | None = None
    message: str = ""
    usage_record: bool = False
    sources: tuple[str, ...] = ()  # where the rules came from
    problems: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        return bool(self.sources)

    # -- what it does to settings and requests ---------------------------------------------------

    def apply(self, settings: config.Settings) -> config.Settings:
        """The settings in effect: forced values in place of the user's, r raised to the least r."""
        values = settings.to_dict()
        if self.translator:
            values["translator"] = self.translator
        values.update(self.translator_settings)
        if self.method:
            values["method"] = self.method
        if self.min_ratio is not None:
            values["ratio"] = max(float(values["ratio"]), self.min_ratio)  # type: ignore[arg-type]
        if self.protect_entities:
            values["protect_entities"] = True
        return config.Settings(values)

    def refusal(self, what: str) -> PrismError:
        return PrismError("E092", what=what, message=self.message or "Ask your IT department.")

    def check(self, values: config.Settings | dict, *, page: bool = False, show_sent: bool = False) -> None:
        """E092 (with the organisation's message) when `values` (settings, or what a request or a
        user asks for) break a rule. A value of the wrong type is left to the settings' own
        checks (E054), which follow."""
        # what was asked for first (a whole page, to see what was sent), then how
        if page and not self.whole_page:
            raise self.refusal("translating whole pages (select a passage instead)")
        if show_sent and not self.show_sent:
            raise self.refusal("showing what was sent to the translator")
        translator = values.get("translator")
        if isinstance(translator, str) and self.translators is not None and translator not in self.translators:
            allowed = ", ".join(sorted(self.translators)) or "none"
            raise self.refusal(f"the translator {translator!r} (allowed: {allowed})")
        for key, value in self.locked_values().items():
            if key in values and values[key] != value:
                raise self.refusal(f"changing {key} (set to {json.dumps(value)})")
        ratio = values.get("ratio")
        if (isinstance(ratio, (int, float)) and not isinstance(ratio, bool) and self.min_ratio is not None
                and ratio < self.min_ratio - 1e-9):
            raise self.refusal(f"r = {ratio:g} (at least {self.min_ratio:g})")
        target = values.get("target")
        if isinstance(target, str) and self.targets is not None and target not in self.targets:
            allowed = ", ".join(sorted(self.targets)) or "none"
            raise self.refusal(f"translating into {target!r} (allowed: {allowed})")

    def locked_values(self) -> dict[str, object]:
        values: dict[str, object] = dict(self.translator_settings)
        if self.translator:
            values["translator"] = self.translator
        if self.method:
            values["method"] = self.method
        if self.protect_entities:
            values["protect_entities"] = True
        return values

    def describe(self) -> dict:
        """For `capabilities` and the options page: every rule, and a reason per locked setting."""
        locked = {key: "set by your organisation" for key in self.locked_values()}
        if self.min_ratio is not None:
            locked["ratio"] = f"at least {self.min_ratio:g} by your organisation's policy"
        return {
            "active": self.active, "sources": list(self.sources), "problems": list(self.problems),
            "message": self.message, "locked": locked,
            "translators": sorted(self.translators) if self.translators is not None else None,
            "targets": sorted(self.targets) if self.targets is not None else None,
            "min_ratio": self.min_ratio, "show_sent": self.show_sent, "whole_page": self.whole_page,
            "usage_record": self.usage_record,
        }

    # -- two policies in one ---------------------------------------------------------------------

    def __and__(self, other: "Policy") -> "Policy":
        """Both policies at once: each rule the stricter of the two (a conflict allows nothing)."""
        def both(a: frozenset | None, b: frozenset | None) -> frozenset | None:
            return b if a is None else a if b is None else a & b

        translators = both(self.translators, other.translators)
        problems = self.problems + other.problems
        translator = self.translator or other.translator
        if self.translator and other.translator and self.translator != other.translator:
            translators = frozenset()
            problems += (f"the policies force two translators ({self.translator}, {other.translator}): "
                         "none may be used",)
        method = self.method or other.method
        if self.method and other.method and self.method != other.method:
            method = "r"  # the one with a formal guarantee
        ratios = [r for r in (self.min_ratio, other.min_ratio) if r is not None]
        return Policy(
            translators=translators, translator=translator,
            translator_settings={**other.translator_settings, **self.translator_settings},
            method=method, min_ratio=max(ratios) if ratios else None,
            protect_entities=self.protect_entities or other.protect_entities,
            show_sent=self.show_sent and other.show_sent, whole_page=self.whole_page and other.whole_page,
            targets=both(self.targets, other.targets),
            message=" ".join(m for m in (self.message, other.message) if m),
            usage_record=self.usage_record or other.usage_record,
            sources=self.sources + other.sources, problems=problems,
        )


NONE = Policy()
SAFEST: dict[str, Any] = dict(translators=frozenset({LOCAL_TRANSLATOR}), method="r", min_ratio=1.0, protect_entities=True,
              show_sent=False, whole_page=False, targets=frozenset())


def _names(value: object, valid: set[str] | None = None) -> frozenset[str] | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None
    if valid is not None and not set(value) <= valid:
        return None
    return frozenset(value)


def _parse_translators(data: dict, rules: dict, bad: Callable[[str], None]) -> None:
    """The translator rules of `data` into `rules`: the allowed ones, the forced one and its settings."""
    if "allowed_translators" in data:
        rules["translators"] = _names(data["allowed_translators"], set(config.TRANSLATORS))
        if rules["translators"] is None:
            bad("allowed_translators")
            rules["translators"] = SAFEST["translators"]
    if "translator" in data:
        if isinstance(data["translator"], str) and data["translator"] in config.TRANSLATORS:
            rules["translator"] = data["translator"]
            rules["translators"] = rules.get("translators", frozenset(config.TRANSLATORS)) & {data["translator"]}
        else:
            bad("translator")
            rules["translators"] = SAFEST["translators"]
    if "translator_settings" in data:
        settings = data["translator_settings"]
        try:
            if not isinstance(settings, dict) or not set(settings) <= set(config.FIELDS) - {
                    "translator", "target", "method", "ratio", "beta", "protect_entities"}:
                raise ValueError
            rules["translator_settings"] = {key: config.parse(key, value) for key, value in settings.items()}
        except (ValueError, PrismError):
            bad("translator_settings")
            # the forced translator's endpoint unknown: only the local translator
            rules["translators"] = SAFEST["translators"]
            rules.pop("translator", None)


def parse(data: object, source: str) -> Policy:
    """The policy a JSON object holds; each bad rule at its safest value, named in `problems`."""
    if not isinstance(data, dict):
        return Policy(**SAFEST, sources=(source,), problems=(f"{source}: not a JSON object",))
    problems: list[str] = []
    rules: dict = {}

    def bad(key: str) -> None:
        problems.append(f"{source}: {key!r} must be {KEYS[key]}; got {json.dumps(data[key])[:100]}")

    unknown = sorted(set(data) - set(KEYS))
    if unknown:  # a misspelt rule must not silently allow what it meant to forbid
        problems.append(f"{source}: unknown rule(s) {', '.join(map(repr, unknown))}; known: {', '.join(KEYS)}")
        return Policy(**SAFEST, sources=(source,), problems=tuple(problems))
    _parse_translators(data, rules, bad)
    if "method" in data:
        rules["method"] = data["method"] if data["method"] in USER_METHODS else None
        if rules["method"] is None:
            bad("method")
            rules["method"] = SAFEST["method"]
    if "min_ratio" in data:
        ratio = data["min_ratio"]
        if isinstance(ratio, (int, float)) and not isinstance(ratio, bool) and math.isfinite(ratio) and 0 < ratio <= 1:
            rules["min_ratio"] = float(ratio)
        else:
            bad("min_ratio")
            rules["min_ratio"] = SAFEST["min_ratio"]
    for key in ("protect_entities", "show_sent", "whole_page", "usage_record"):
        if key in data:
            if isinstance(data[key], bool) and (key != "protect_entities" or data[key]):
                rules[key] = data[key]
            else:
                bad(key)
                rules[key] = SAFEST.get(key, False)
    if "allowed_targets" in data:
        rules["targets"] = _names(data["allowed_targets"])
        if rules["targets"] is None:
            bad("allowed_targets")
            rules["targets"] = SAFEST["targets"]
    if "message" in data:
        if isinstance(data["message"], str) and len(data["message"]) <= MAX_MESSAGE:
            rules["message"] = data["message"].strip()
        else:
            bad("message")
    return Policy(**rules, sources=(source,), problems=tuple(problems))


def system_path() -> Path:
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")
    return Path(os.path.expandvars(SYSTEM_PATHS[system]))


# What load_file() last saw (the path, the file's identity, size and times) and the policy made of
# it: a click costs one stat; the file is read and parsed only when it changed (config.load alike).
_last: tuple[tuple, Policy] | None = None


def load_file(path: Path | None = None) -> Policy:
    """The system policy (NONE when there is no file)."""
    global _last
    path = path or system_path()
    seen = (path, config.file_stamp(path))
    if _last is not None and _last[0] == seen:
        return _last[1]
    rules = _read_file(path)
    _last = (seen, rules)
    return rules


def _read_file(path: Path) -> Policy:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return NONE
    except (OSError, UnicodeDecodeError) as err:
        return Policy(**SAFEST, sources=(str(path),), problems=(f"{path}: cannot be read ({err})",))
    try:
        data = json.loads(text, parse_constant=lambda name: name)
    except ValueError as err:
        return Policy(**SAFEST, sources=(str(path),), problems=(f"{path}: not valid JSON ({err})",))
    return parse(data, str(path))


def managed(data: object) -> Policy:
    """The browser's managed policy as the extension hands it over (absent or empty: none)."""
    if data is None or data == {}:
        return NONE
    return parse(data, "the browser's managed policy")


def current(browser_policy: object = None) -> Policy:
    """The policy in effect: the system file's and the browser's, each rule the stricter."""
    return load_file() & managed(browser_policy)


def effective(browser_policy: object = None) -> tuple[Policy, config.Settings]:
    rules = current(browser_policy)
    return rules, rules.apply(config.load())


def without_sent(item: dict) -> dict:
    """A reply item with what the translator saw taken out (the policy's show_sent: false)."""
    return {key: value for key, value in item.items() if key not in ("sent", "received")}

