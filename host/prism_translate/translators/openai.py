"""ChatGPT and every server that speaks the OpenAI chat-completions API (Azure OpenAI's v1
endpoint, Ollama, vLLM, LM Studio), through the official `openai` package.

One chat completion per line with the PRISM paper's prompt, "Directly translate English to
{language}: {text}" (configurable as openai.prompt). The SDK's own retries are off
(max_retries=0) so that one bounded backoff, the same as for the other backends, governs.
"""

from __future__ import annotations

import importlib.util
import time
from typing import Callable

from ..errors import TranslatorBadReply, TranslatorError, TranslatorTimeout
from .base import language_name
from .checks import check_prompt, check_url
from .http import (RETRY_STATUSES, Backoff, CrossHostRedirect, Retry, check_redirect, origin, parse_retry_after, redact,
                   refused_redirect)
from .segment import PieceTranslator

OFFICIAL_URL = "https://api.openai.com/v1"
DEFAULT_MODEL = "gpt-4.1-mini"
DEFAULT_PROMPT = "Directly translate {source_language} to {language}: {text}"

# The SDK is an extra: the default install (Apertium) does not need it.
MISSING_SDK = "the openai package is not installed: pip install 'prism-translate[openai]'"


def _stay_on_host(response) -> None:
    """The SDK follows redirects: refuse one to another host before it is followed."""
    if response.has_redirect_location:
        check_redirect(response.status_code, str(response.request.url), response.headers["location"])


class OpenAITranslator(PieceTranslator):
    name = "openai"
    sees = ("OpenAI (or the server at openai.base_url) receives the scrambled text (x_pub) one line per "
            "request inside the prompt, the model name and your API key; a local server (Ollama, vLLM, "
            "LM Studio) keeps it on your machine")
    needs_key = True
    config_keys = {"openai.model": "model", "openai.base_url": "base_url", "openai.prompt": "prompt",
                   "openai.timeout": "timeout"}
    max_items = 1  # one line per chat completion, as in the paper
    max_piece = max_request = 4000  # characters: a paragraph or so, far below any model's context

    def __init__(self, api_key: str | None = None, model: str = DEFAULT_MODEL, base_url: str | None = None,
                 prompt: str = DEFAULT_PROMPT, timeout: float = 60.0, attempts: int = 4, max_wait: float = 30.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        try:
            import openai as sdk
        except ImportError:
            raise TranslatorError("E037", name=self.name, detail=MISSING_SDK) from None

        self.base_url = check_url("openai.base_url", base_url or OFFICIAL_URL)
        if not api_key:
            if self.base_url == OFFICIAL_URL:
                raise TranslatorError("E037", name=self.name, detail="no API key: run `prism config set-key "
                                      "openai` or set OPENAI_API_KEY")
            api_key = "unused"  # local servers (Ollama, LM Studio) ignore the key but the SDK wants one
        check_prompt("openai.prompt", prompt)
        self.api_key = api_key
        self.model = model or DEFAULT_MODEL
        self.prompt = prompt
        self.timeout = timeout
        self.backoff = Backoff(attempts=attempts, max_wait=max_wait, sleep=sleep)
        self.client = sdk.OpenAI(api_key=api_key, base_url=self.base_url, timeout=timeout, max_retries=0,
                                 http_client=sdk.DefaultHttpxClient(event_hooks={"response": [_stay_on_host]}))

    def label(self) -> str:
        where = "" if self.base_url == OFFICIAL_URL else f" at {origin(self.base_url)}"
        return f"openai ({self.model}{where})"

    @classmethod
    def readiness(cls, settings, key_source):
        if importlib.util.find_spec("openai") is None:
            return False, MISSING_SDK
        model = settings.get("openai.model") or DEFAULT_MODEL
        base = settings.get("openai.base_url") or OFFICIAL_URL
        if key_source is None and base == OFFICIAL_URL:
            return False, "no API key: run `prism config set-key openai` (or set openai.base_url for a local server)"
        key = f"API key from {key_source}" if key_source else "no API key"
        return True, f"{model} at {base}, {key}"

    def _ask(self, text: str, source: str, target: str) -> str:
        import openai as sdk

        content = self.prompt.format(text=text, language=language_name(self.name, target, source, target),
                                     source_language=language_name(self.name, source, source, target))

        def attempt() -> str:
            try:
                reply = self.client.chat.completions.create(
                    model=self.model, messages=[{"role": "user", "content": content}])
            except sdk.APITimeoutError:
                raise TranslatorTimeout(name=self.name, seconds=self.timeout) from None
            except CrossHostRedirect as redirect:
                raise refused_redirect(self.name, redirect) from None
            except sdk.APIConnectionError as err:
                if isinstance(err.__cause__, CrossHostRedirect):
                    raise refused_redirect(self.name, err.__cause__) from None
                raise TranslatorError("E030", name=self.name, detail=f"cannot reach {origin(self.base_url)} "
                                            f"({type(err).__name__})") from None
            except sdk.APIStatusError as err:
                self._fail(err, text)
            except sdk.OpenAIError as err:  # e.g. a 200 reply that is not a chat completion
                raise TranslatorBadReply(name=self.name, detail=type(err).__name__) from None
            except ValueError:  # a 200 labelled JSON that is not (a proxy's error page): the SDK's json.loads
                raise TranslatorBadReply(name=self.name, detail="the reply is not JSON") from None
            return self._content(reply)

        return self.backoff.run(self.name, attempt)

    def _fail(self, err, text: str):
        status = err.status_code
        # the SDK hands over the "error" object of the documented {"error": {...}} body
        body = err.body if isinstance(err.body, dict) else {}
        code = str(body.get("code") or body.get("type") or "")
        message = body.get("message") or (err.body if isinstance(err.body, str) else err.message)
        detail = redact(message, [text], [self.api_key])
        if code == "insufficient_quota":  # out of credits: a retry cannot succeed
            raise TranslatorError("E050", name=self.name, status=status, detail=detail) from None
        if status in (401, 403):
            raise TranslatorError("E031", name=self.name, status=status) from None
        if status in RETRY_STATUSES:
            raise Retry(status, parse_retry_after(err.response.headers.get("retry-after"))) from None
        if 500 <= status < 600:
            raise TranslatorError("E038", name=self.name, status=status, attempts=1) from None
        raise TranslatorError("E052", name=self.name, status=status, detail=detail) from None

    def _content(self, reply) -> str:
        choices = getattr(reply, "choices", None)
        if not choices:
            raise TranslatorBadReply(name=self.name, detail="the reply has no choices")
        choice = choices[0]
        if choice.finish_reason == "length":
            raise TranslatorBadReply(name=self.name, detail="the model stopped at its length limit mid-translation")
        content = getattr(choice.message, "content", None)
        if not isinstance(content, str):
            raise TranslatorBadReply(name=self.name, detail="the reply has no text content")
        return content

    def check_pair(self, source: str, target: str) -> None:
        language_name(self.name, source, source, target)
        language_name(self.name, target, source, target)

    def send(self, pieces: list[str], source: str, target: str) -> list[str]:
        return [self._ask(piece, source, target) for piece in pieces]
