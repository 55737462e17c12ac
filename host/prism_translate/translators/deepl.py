"""DeepL API (Free and Pro) over its documented REST interface.

POST {endpoint}/v2/translate, JSON {"text": [...], "target_lang": "ES", "source_lang": "EN"},
header "Authorization: DeepL-Auth-Key <key>"; reply {"translations": [{"text": ...}, ...]}.
Free keys end in ":fx" and go to api-free.deepl.com. Limits: 50 texts and 128 KiB per request.
Statuses: 403 bad key, 456 quota exceeded, 429/5xx/529 retry with backoff.
"""

from __future__ import annotations

import json
from typing import Sequence

from ..errors import TranslatorBadReply
from .checks import check_url
from .http import KeyedHttpTranslator

FREE = "https://api-free.deepl.com"
PRO = "https://api.deepl.com"
# DeepL wants a regional variant for these targets
_TARGETS = {"en": "EN-US", "pt": "PT-PT"}


class DeepLTranslator(KeyedHttpTranslator, vendor="DeepL"):
    name = "deepl"
    key_variable = "DEEPL_AUTH_KEY"
    config_keys = {"deepl.endpoint": "endpoint", "deepl.timeout": "timeout"}
    # 50 texts and 5,000 characters a text, as PieceTranslator's defaults
    max_request = 100 * 1024  # documented cap is 128 KiB for the whole body; keep headroom

    @staticmethod
    def measure(piece: str) -> int:
        return len(json.dumps(piece))  # ASCII-escaped, so characters == bytes on the wire

    def __init__(self, api_key: str | None = None, endpoint: str = "auto", **kwargs) -> None:
        super().__init__(api_key, **kwargs)
        self.url = self.endpoint_url(endpoint, self.api_key)

    @staticmethod
    def endpoint_url(endpoint: str, api_key: str) -> str:
        if endpoint in ("", "auto"):
            return FREE if api_key.endswith(":fx") else PRO
        return {"free": FREE, "pro": PRO}.get(endpoint) or check_url("deepl.endpoint", endpoint)

    def label(self) -> str:
        return f"deepl ({'free' if self.url == FREE else 'pro' if self.url == PRO else self.url})"

    def _classify(self, sent: Sequence[str]):
        def classify(status: int, body: object) -> None:
            if status == 456:  # quota exhausted: waiting minutes will not help, so no retry
                raise self.quota(status, body, sent)
        return classify

    def send(self, pieces: list[str], source: str, target: str) -> list:
        body = {"text": pieces, "source_lang": source.upper(),
                "target_lang": _TARGETS.get(target, target.upper()), "preserve_formatting": True}
        reply = self.post(f"{self.url}/v2/translate", pieces, self._classify(pieces), json=body,
                          headers={"Authorization": f"DeepL-Auth-Key {self.api_key}"})
        items = reply.get("translations") if isinstance(reply, dict) else None
        if not isinstance(items, list) or not all(isinstance(t, dict) for t in items):
            raise TranslatorBadReply(name=self.name, detail="no 'translations' list in the reply")
        return [t.get("text") for t in items]
