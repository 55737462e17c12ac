"""A LibreTranslate server (usually self-hosted), optional API key.

POST {url}/translate, JSON {"q": [...], "source": "en", "target": "es", "format": "text",
"api_key": <key, only when set>}; reply {"translatedText": [...]} for a list q. Errors are
{"error": "..."}: 400 bad request (also "get an API key" when the server requires one),
403 invalid key or banned, 429 slow down, 500 translation error.
"""

from __future__ import annotations

from typing import Sequence

from ..errors import TranslatorBadReply, TranslatorError
from .checks import check_url
from .http import HttpTranslator, origin


class LibreTranslateTranslator(HttpTranslator):
    name = "libretranslate"
    sees = ("the LibreTranslate server at libretranslate.url receives the scrambled text (x_pub) line by "
            "line, the language pair and your API key if one is set; a server you host yourself keeps it "
            "on your network")
    config_keys = {"libretranslate.url": "url", "libretranslate.char_limit": "char_limit",
                   "libretranslate.timeout": "timeout"}
    max_items = 50

    def __init__(self, url: str = "", api_key: str | None = None, char_limit: int = 2000, **kwargs) -> None:
        super().__init__(**kwargs)
        if not url:
            raise TranslatorError("E037", name=self.name, detail="no server URL: run "
                                  "`prism config set libretranslate.url http://localhost:5000`")
        self.url = check_url("libretranslate.url", url)
        self.api_key = api_key or None
        # the server's char limit applies to each text; the request as a whole stays near it too
        self.max_piece = self.max_request = max(50, int(char_limit))

    def label(self) -> str:
        return f"libretranslate ({origin(self.url)})"

    def secrets(self) -> list[str]:
        return [self.api_key] if self.api_key else []

    @classmethod
    def readiness(cls, settings, key_source):
        url = settings.get("libretranslate.url")
        if not url:
            return False, "no server URL: run `prism config set libretranslate.url http://localhost:5000`"
        return True, f"{url}, " + (f"API key from {key_source}" if key_source else "no API key")

    def _classify(self, sent: Sequence[str]):
        def classify(status: int, body: object) -> None:
            text = self.error_text(body)
            if status == 400 and "api key" in text.lower():
                raise TranslatorError("E031", name=self.name, status=status)
            if status == 403 and "limit" in text.lower():  # banned after repeated 429s: waiting is the cure
                raise TranslatorError("E034", name=self.name, status=status, attempts=1)
        return classify

    def send(self, pieces: list[str], source: str, target: str) -> object:
        body = {"q": pieces, "source": source, "target": target, "format": "text"}
        if self.api_key:
            body["api_key"] = self.api_key
        reply = self.post(f"{self.url}/translate", pieces, self._classify(pieces), json=body)
        items = reply.get("translatedText") if isinstance(reply, dict) else None
        if items is None:
            raise TranslatorBadReply(name=self.name, detail="no 'translatedText' in the reply")
        return items
