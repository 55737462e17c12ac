"""Google Cloud Translation - Basic (v2) over REST with an API key.

POST https://translation.googleapis.com/language/translate/v2?key=<key>, JSON
{"q": [...], "source": "en", "target": "es", "format": "text"}; reply
{"data": {"translations": [{"translatedText": ...}, ...]}}. At most 128 segments per request;
Google recommends at most 5,000 characters per request. Quota errors are HTTP 403 with reason
dailyLimitExceeded (no retry) or userRateLimitExceeded (retry); a bad key is HTTP 400
"API key not valid" (reason API_KEY_INVALID) or 403.
"""

from __future__ import annotations

from typing import Sequence

from ..errors import TranslatorBadReply, TranslatorError
from .checks import check_url
from .http import KeyedHttpTranslator, Retry

DEFAULT_URL = "https://translation.googleapis.com"
_QUOTA = {"dailyLimitExceeded", "quotaExceeded", "dailyLimitExceededUnreg", "billingNotEnabled"}
_RATE = {"userRateLimitExceeded", "rateLimitExceeded", "RATE_LIMIT_EXCEEDED"}
_BAD_KEY = {"keyInvalid", "API_KEY_INVALID", "API_KEY_SERVICE_BLOCKED", "forbidden"}


def _reasons(body: object) -> set[str]:
    """Google puts reasons in error.errors[].reason (v2) and error.details[].reason (newer)."""
    err = body.get("error") if isinstance(body, dict) else None
    if not isinstance(err, dict):
        return set()
    found = set()
    for key in ("errors", "details"):
        for item in err.get(key) or []:
            if isinstance(item, dict) and isinstance(item.get("reason"), str):
                found.add(item["reason"])
    return found


class GoogleTranslator(KeyedHttpTranslator, vendor="Google", key_travels=" (in the URL, over HTTPS)"):
    name = "google"
    key_variable = "GOOGLE_API_KEY"
    config_keys = {"google.url": "url", "google.timeout": "timeout"}
    max_items = 128  # and 5,000 characters a text and a request, as PieceTranslator's defaults

    def __init__(self, api_key: str | None = None, url: str = DEFAULT_URL, **kwargs) -> None:
        super().__init__(api_key, **kwargs)
        self.url = check_url("google.url", url or DEFAULT_URL)

    def _classify(self, sent: Sequence[str]):
        def classify(status: int, body: object) -> None:
            reasons = _reasons(body)
            text = self.error_text(body)
            if reasons & _QUOTA or "Daily Limit Exceeded" in text:
                raise self.quota(status, body, sent)
            if reasons & _RATE or "Rate Limit Exceeded" in text:
                raise Retry(status)
            if reasons & _BAD_KEY or "API key not valid" in text or status in (401, 403):
                raise TranslatorError("E031", name=self.name, status=status)
        return classify

    def send(self, pieces: list[str], source: str, target: str) -> list:
        reply = self.post(f"{self.url}/language/translate/v2", pieces, self._classify(pieces),
                          params={"key": self.api_key},
                          json={"q": pieces, "source": source, "target": target, "format": "text"})
        data = reply.get("data") if isinstance(reply, dict) else None
        items = data.get("translations") if isinstance(data, dict) else None
        if not isinstance(items, list) or not all(isinstance(t, dict) for t in items):
            raise TranslatorBadReply(name=self.name, detail="no data.translations list in the reply")
        return [t.get("translatedText") for t in items]
