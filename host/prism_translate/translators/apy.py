"""An Apertium APy server (apertium-apy), the web front of the same engine as `apertium`.

POST {url}/translate with form fields langpair=eng|spa, q=<text>, markUnknown=no, format=txt
(APy reads the same arguments from the query string or a form body; a body keeps the text out
of URLs and access logs). Reply {"responseData": {"translatedText": ...}, "responseStatus": 200};
errors {"status": "error", "code": 400, "explanation": "That pair is not installed"}.

APy silently truncates requests of about 40 KB, so each request carries whole lines adding up
to at most 20,000 URL-encoded bytes, and the reply must have exactly the lines that were sent.
APy listens on all network interfaces by default: `warning()` says so once per process.
APy keeps Apertium's pipelines running between requests, as `ApertiumCLI` does, so the
characters their stream cannot carry are replaced before sending (`apertium.stream_safe`): a
U+FFFF would leave APy's pipeline answering later requests, anyone's, with earlier ones.
"""

from __future__ import annotations

import ipaddress
import logging
from typing import Sequence
from urllib.parse import quote_plus, urlsplit

from ..errors import TranslatorBadReply, TranslatorError
from .checks import check_url
from .apertium import MODES, stream_safe
from .http import HttpTranslator, origin
from .segment import check_reply

log = logging.getLogger(__name__)

# APy names a pair by its ISO 639-3 codes ("spa|fra") where the installed mode may use ISO 639-1
# ("es-fr", from the apertium-fr-es package).
_ISO_639_3 = {"es": "spa", "fr": "fra"}


def _apy_pair(mode: str) -> str:
    return "|".join(_ISO_639_3.get(code, code) for code in mode.split("-"))


# ISO 639-1 pair -> APy language pairs to chain: the chains of the local Apertium (apertium.MODES;
# there is no English-French pair, both pivot via Spanish)
PAIRS: dict[tuple[str, str], tuple[str, ...]] = {pair: tuple(_apy_pair(mode) for mode in chain)
                                                 for pair, chain in MODES.items()}
REQUEST_BYTES = 20_000  # URL-encoded q per request: half of where APy starts truncating
WARNING = ("apertium-apy listens on all network interfaces (0.0.0.0:2737) unless told otherwise: anyone "
           "on your network can use it, and text sent to an APy on another machine crosses the network. "
           "Start it bound to this machine (e.g. behind a firewall rule or a 127.0.0.1 reverse proxy).")
_warned = False


def is_local(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def warning() -> str:
    """Log the listening warning once per process and return it (for `prism translators`)."""
    global _warned
    if not _warned:
        log.warning(WARNING)
        _warned = True
    return WARNING


class ApertiumAPy(HttpTranslator):
    name = "apertium-apy"
    sees = ("the APy server at apy.url receives the scrambled text (x_pub) and the language pair; "
            "on this machine nothing leaves it, on another machine it crosses the network")
    config_keys = {"apy.url": "url", "apy.timeout": "timeout"}
    max_items = 10_000  # only the size limit matters: lines are joined into one q
    max_piece = max_request = REQUEST_BYTES

    @staticmethod
    def measure(piece: str) -> int:
        return len(quote_plus(piece)) + 3  # + the encoded line break joining pieces

    def __init__(self, url: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        if not url:
            raise TranslatorError("E037", name=self.name, detail="no server URL: run "
                                  "`prism config set apy.url http://127.0.0.1:2737`")
        self.url = check_url("apy.url", url)
        warning()

    def label(self) -> str:
        return f"apertium-apy ({origin(self.url)})"

    @classmethod
    def readiness(cls, settings, key_source):
        url = settings.get("apy.url")
        if not url:
            return False, "no server URL: run `prism config set apy.url http://127.0.0.1:2737`"
        where = "on this machine" if is_local(str(url)) else "ON ANOTHER MACHINE: text crosses the network"
        return True, f"{url} ({where})"

    @staticmethod
    def error_text(body: object) -> str:
        # APy's "message" is only the HTTP reason; "explanation" says what went wrong
        if isinstance(body, dict) and isinstance(body.get("explanation"), str):
            return body["explanation"]
        return HttpTranslator.error_text(body)

    def _request(self, langpair: str, lines: list[str]) -> list[str]:
        reply = self.post(f"{self.url}/translate", lines,
                          data={"langpair": langpair, "q": "\n".join(lines), "markUnknown": "no", "format": "txt"})
        data = reply.get("responseData") if isinstance(reply, dict) else None
        text = data.get("translatedText") if isinstance(data, dict) else None
        if not isinstance(text, str):
            raise TranslatorBadReply(name=self.name, detail="no responseData.translatedText in the reply")
        got = text.rstrip("\n").split("\n")
        if len(got) != len(lines):
            raise TranslatorBadReply(name=self.name, detail=f"{len(got)} lines came back for {len(lines)} "
                                     "lines sent (was the request truncated?)")
        return got

    def check_pair(self, source: str, target: str) -> None:
        if (source, target) not in PAIRS:
            raise TranslatorError("E036", name=self.name, source=source, target=target)

    def translate(self, texts: Sequence[str], source: str, target: str) -> list[str]:
        return super().translate([stream_safe(t) for t in texts], source, target)

    def send(self, pieces: list[str], source: str, target: str) -> list[str]:
        for langpair in PAIRS[(source, target)]:  # a pivot feeds one pair's output to the next
            pieces = check_reply(self.name, pieces, self._request(langpair, pieces))
        return pieces
