"""What every web backend shares: bounded retries with exponential backoff that honour
Retry-After, and turning transport and HTTP failures into coded TranslatorErrors.

Nothing here ever retries forever, switches to another backend, or returns untranslated text.
Error messages never quote the request (private text, API keys): only status codes and the
service's own error text, with anything that was sent blanked out.
"""

from __future__ import annotations

import email.utils
import logging
import time
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar
from urllib.parse import urljoin, urlsplit

from ..errors import TranslatorBadReply, TranslatorError, TranslatorTimeout
from .segment import PieceTranslator

log = logging.getLogger(__name__)
T = TypeVar("T")

#: statuses worth another try: too many requests, server trouble, DeepL's "high load" 529
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504, 529})
#: of those, the ones that mean "too many requests" (E034); the others are the service failing (E038)
RATE_STATUSES = frozenset({429, 529})


class Retry(Exception):
    """Raised inside an attempt to ask for another one."""

    def __init__(self, status: int, retry_after: float | None = None) -> None:
        super().__init__(status)
        self.status = status
        self.retry_after = retry_after


@dataclass
class Backoff:
    """attempts in total (not retries); waits base, 2*base, 4*base ... capped at max_wait;
    a Retry-After longer than max_wait ends the call at once (E051) instead of hanging."""

    attempts: int = 4
    base: float = 1.0
    max_wait: float = 30.0
    sleep: Callable[[float], None] = time.sleep

    def run(self, name: str, attempt: Callable[[], T]) -> T:
        for i in range(max(1, self.attempts)):
            try:
                return attempt()
            except Retry as r:
                if i + 1 >= self.attempts:
                    if r.status in RATE_STATUSES:
                        raise TranslatorError("E034", name=name, status=r.status, attempts=i + 1) from None
                    raise TranslatorError("E038", name=name, status=r.status, attempts=i + 1) from None
                delay = r.retry_after if r.retry_after is not None else self.base * 2**i
                if delay > self.max_wait:
                    raise TranslatorError("E051", name=name, seconds=round(delay), status=r.status,
                                          cap=round(self.max_wait)) from None
                log.info("%s: HTTP %s, retrying in %.1f s (attempt %d of %d)", name, r.status, delay, i + 2,
                         self.attempts)
                self.sleep(delay)
        raise AssertionError("unreachable")


def parse_retry_after(value: str | None) -> float | None:
    """Retry-After is either delay-seconds or an HTTP-date (RFC 9110 section 10.2.3)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


#: a key's fragment this long is blanked wherever it appears (a service may echo part of a key)
KEY_FRAGMENT = 8


def _fold(text: str) -> str:
    """text lower-cased character by character, so positions stay those of text."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _blank_key(text: str, key: str) -> str:
    """text with every run of KEY_FRAGMENT or more characters that is part of key, in any case,
    replaced by "[…]" (a short key must match as a whole)."""
    folded, key = _fold(text), _fold(key.strip())
    size = min(KEY_FRAGMENT, len(key))
    hit = [False] * len(text)
    for j in range(len(key) - size + 1):
        gram, start = key[j:j + size], folded.find(key[j:j + size])
        while start != -1:
            hit[start:start + size] = [True] * size
            start = folded.find(gram, start + 1)
    out, i = [], 0
    while i < len(text):
        if hit[i]:
            while i < len(text) and hit[i]:
                i += 1
            out.append("[…]")
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def redact(detail: object, sent: Sequence[str], keys: Sequence[str] = (), limit: int = 200) -> str:
    """The service's error text, shortened, with anything we sent blanked out, and any key or
    part of one (KEY_FRAGMENT characters or more, whatever their case)."""
    text = " ".join(str(detail).split())
    for s in sorted((s for s in sent if s and len(s.strip()) >= 3), key=len, reverse=True):
        text = text.replace(s.strip(), "[…]")
    for key in keys:
        if key and len(key.strip()) >= 3:
            text = _blank_key(text, key)
    return text[:limit] + ("…" if len(text) > limit else "")




def origin(url: str) -> str:
    """scheme://host[:port] of a URL: safe to show (no path, no query with a key in it)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}"


class CrossHostRedirect(Exception):
    """The service redirected a request to another host (or from https to http)."""

    def __init__(self, status: int, target: str) -> None:
        super().__init__(status, target)
        self.status, self.target = status, target


def check_redirect(status: int, url: str, location: str) -> None:
    """Raise CrossHostRedirect unless location (relative to url) stays on url's host, over https
    when url was. A 307 or 308 re-sends the body, and LibreTranslate's key is in the body: a
    redirect elsewhere would hand the key (and the text) to a server the user never chose."""
    here, there = urlsplit(url), urlsplit(urljoin(url, location))
    if (there.hostname or "").lower() != (here.hostname or "").lower() or (
            here.scheme == "https" and there.scheme != "https"):
        raise CrossHostRedirect(status, origin(there.geturl()))


def refused_redirect(name: str, redirect: CrossHostRedirect) -> TranslatorError:
    return TranslatorError("E052", name=name, status=redirect.status,
                           detail=f"it redirected PRISM to {redirect.target}, another server; PRISM does not "
                           "follow it, so neither the key nor the text went there. If that is the right server, "
                           "put its address in the translator's settings")


def _session():
    """A requests session that follows redirects only on the same host (check_redirect)."""
    import requests

    class SameHostSession(requests.Session):
        def get_redirect_target(self, resp):
            target = super().get_redirect_target(resp)
            if target:
                check_redirect(resp.status_code, resp.url, target)
            return target

    return SameHostSession()


class HttpTranslator(PieceTranslator):
    """A backend that posts pieces to a web API with `requests`. Subclasses build the request,
    read the reply, and classify failures; this class does transport, retries and errors."""

    def __init__(self, *, timeout: float = 30.0, attempts: int = 4, max_wait: float = 30.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.timeout = timeout
        self.backoff = Backoff(attempts=attempts, max_wait=max_wait, sleep=sleep)
        self.session = _session()

    def secrets(self) -> list[str]:
        """Strings that must never appear in an error message (API keys)."""
        return []

    def post(self, url: str, sent: Sequence[str], classify: Callable[[int, object], None] | None = None, **kwargs):
        """POST once per attempt; return the decoded JSON of a 2xx reply. `classify(status, body)`
        raises the vendor-specific TranslatorError (or Retry) for a non-2xx reply; what it leaves
        gets the common treatment (retry statuses, 401/403 auth, anything else E052)."""
        import requests

        def attempt():
            try:
                resp = self.session.post(url, timeout=self.timeout, **kwargs)
            except requests.Timeout:
                raise TranslatorTimeout(name=self.name, seconds=self.timeout) from None
            except CrossHostRedirect as redirect:
                raise refused_redirect(self.name, redirect) from None
            except requests.RequestException as err:
                # the exception text holds the full URL (Google's carries the key): show the origin only
                raise TranslatorError(
                    "E030", name=self.name, detail=f"cannot reach {origin(url)} ({type(err).__name__})") from None
            try:
                body = resp.json()
            except ValueError:
                body = resp.text
            if 200 <= resp.status_code < 300:
                if not isinstance(body, (dict, list)):
                    raise TranslatorBadReply(name=self.name, detail=f"HTTP {resp.status_code} reply is not JSON")
                return body
            wait = parse_retry_after(resp.headers.get("Retry-After"))
            try:
                if classify is not None:
                    classify(resp.status_code, body)
            except Retry as r:
                raise Retry(r.status, wait if r.retry_after is None else r.retry_after) from None
            if resp.status_code in RETRY_STATUSES:
                raise Retry(resp.status_code, wait)
            self.reject(resp.status_code, body, sent)

        return self.backoff.run(self.name, attempt)

    def reject(self, status: int, body: object, sent: Sequence[str]) -> None:
        """The default for statuses no subclass claimed."""
        detail = redact(self.error_text(body), sent, self.secrets()) or "no details"
        if status in (401, 403):
            raise TranslatorError("E031", name=self.name, status=status)
        if 500 <= status < 600:  # one not worth a retry (501 Not Implemented, 505, 507 ...): still the service's fault
            raise TranslatorError("E038", name=self.name, status=status, attempts=1)
        raise TranslatorError("E052", name=self.name, status=status, detail=detail)

    @staticmethod
    def error_text(body: object) -> str:
        """The human part of a JSON error body, whatever the vendor calls it."""
        if isinstance(body, dict):
            for key in ("message", "error", "explanation", "detail"):
                val = body.get(key)
                if isinstance(val, dict):
                    val = val.get("message")
                if isinstance(val, str) and val:
                    return val
        return body if isinstance(body, str) else ""

    def quota(self, status: int, body: object, sent: Sequence[str]) -> TranslatorError:
        detail = redact(self.error_text(body), sent, self.secrets()) or "quota exceeded"
        return TranslatorError("E050", name=self.name, status=status, detail=detail)


class KeyedHttpTranslator(HttpTranslator):
    """A web API that cannot be used without an API key (DeepL, Google): built without one, it
    says how to give it (E037). A subclass names its vendor, as the user knows it, and how the key
    travels where the user should know (`class X(KeyedHttpTranslator, vendor="DeepL")`)."""

    needs_key = True
    key_variable = ""  # the vendor's usual environment variable for the key

    def __init_subclass__(cls, vendor: str = "", key_travels: str = "", **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        # what posting pieces with a key shows the vendor, said once for every keyed vendor
        cls.sees = (f"{vendor} receives the scrambled text (x_pub) line by line, the language pair and your "
                    f"API key{key_travels}; nothing else")

    def __init__(self, api_key: str | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        if not api_key:
            raise TranslatorError("E037", name=self.name, detail=f"no API key: run `prism config set-key {self.name}` "
                                  f"or set {self.key_variable}")
        self.api_key = api_key

    def secrets(self) -> list[str]:
        return [self.api_key]
