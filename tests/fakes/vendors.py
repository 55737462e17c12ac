"""The fake vendor servers (see __init__.py). Formats, from each vendor's documentation:

DeepL     POST /v2/translate, "Authorization: DeepL-Auth-Key <key>", JSON {"text": [..], "target_lang"}
          -> {"translations": [{"detected_source_language", "text"}]}; 403 bad key, 456 quota,
          429 too many requests, 413 body over 128 KiB, at most 50 texts.
Google    POST /language/translate/v2?key=<key>, JSON {"q": [..], "target", "source", "format"}
          -> {"data": {"translations": [{"translatedText"}]}}; 400 "API key not valid", at most
          128 segments; errors {"error": {"code", "message", "errors": [{"reason"}], "status"}}.
Libre     POST /translate, JSON or form {"q", "source", "target", "format", "api_key"}
          -> {"translatedText": str | [str]}; errors {"error": "..."}: 400, 403, 429.
OpenAI    POST /v1/chat/completions, "Authorization: Bearer <key>", JSON {"model", "messages"}
          -> chat.completion object; errors {"error": {"message", "type", "param", "code"}}.
APy       GET or POST /translate with langpair=eng|spa, q, markUnknown, format
          -> {"responseData": {"translatedText"}, "responseDetails": null, "responseStatus": 200};
          errors {"status": "error", "code", "message", "explanation"}; requests over about
          40 KB are silently truncated (emulated here).
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable
from urllib.parse import parse_qs, quote_plus, urlsplit

TranslateFn = Callable[[str, str, str], str]


def upper(text: str, source: str, target: str) -> str:
    return text.upper()


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]  # lower-case names
    body: bytes
    json: object = None
    form: dict[str, list[str]] | None = None

    def arg(self, name: str) -> str | None:
        """A form or query argument (the way APy and LibreTranslate read them)."""
        for source in (self.form or {}, self.query):
            if name in source:
                return source[name][0]
        return None


@dataclass
class Reply:
    status: int
    body: object
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering (to provoke client timeouts)
    redirect_to: str = ""  # an origin: Location is it + the request's own path and query


class FakeVendor:
    """Base: the server, the recording, and queued failures. Subclasses implement answer()."""

    backend = ""  # PRISM's name for the vendor
    url_variable = ""  # the environment variable (config setting) pointing PRISM at a server
    url_suffix = ""
    key_variable: str | None = None  # where PRISM looks for the vendor's key, if it takes one

    def __init__(self, translate_fn: TranslateFn = upper, keys: set[str] | None = None) -> None:
        self.translate_fn = translate_fn
        self.keys = keys
        self.requests: list[Recorded] = []
        self._queued: list[Reply] = []
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # -- lifecycle ---------------------------------------------------------------------------
    def start(self) -> "FakeVendor":
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                fake._serve(self)

            do_POST = do_GET

            def log_message(self, *args):  # keep test output clean
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the fake first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    # -- scripting and inspection -----------------------------------------------------------
    def fail(self, status: int, body: object, headers: dict[str, str] | None = None, times: int = 1,
             delay: float = 0.0) -> None:
        """Answer the next `times` requests with this reply instead of translating. A body of
        type bytes is sent as it is (for malformed replies)."""
        with self._lock:
            self._queued.extend(Reply(status, body, headers or {}, delay) for _ in range(times))

    def redirect(self, status: int, to: str, times: int = 1) -> None:
        """Redirect the next `times` requests to the same path and query on the origin `to`."""
        with self._lock:
            self._queued.extend(Reply(status, b"", redirect_to=to) for _ in range(times))

    def env(self, key: str = "test-key") -> dict[str, str]:
        """Environment variables that make a `prism` process (CLI or native host) use this fake."""
        env = {"PRISM_TRANSLATOR": self.backend, self.url_variable: self.url + self.url_suffix}
        if self.key_variable:
            env[self.key_variable] = key
        return env

    def texts(self) -> list[str]:
        """Every text the vendor received, in order (what left the machine)."""
        with self._lock:
            return [t for r in self.requests for t in self.texts_of(r)]

    def texts_of(self, req: Recorded) -> list[str]:
        raise NotImplementedError

    def answer(self, req: Recorded) -> Reply:
        raise NotImplementedError

    # -- plumbing -----------------------------------------------------------------------------
    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        ctype = handler.headers.get("Content-Type", "")
        req = Recorded(handler.command, parts.path, parse_qs(parts.query, keep_blank_values=True),
                       {k.lower(): v for k, v in handler.headers.items()}, body)
        if "json" in ctype:
            try:
                req.json = json.loads(body)
            except ValueError:
                req.json = None
        elif "x-www-form-urlencoded" in ctype:
            req.form = parse_qs(body.decode("utf-8"), keep_blank_values=True)
        with self._lock:
            self.requests.append(req)
            reply = self._queued.pop(0) if self._queued else None
        if reply is None:
            reply = self.answer(req)
        if reply.delay:
            time.sleep(reply.delay)
        data = reply.body if isinstance(reply.body, bytes) else json.dumps(reply.body).encode()
        try:
            handler.send_response(reply.status)
            handler.send_header("Content-Type", "application/json; charset=utf-8"
                                if not isinstance(reply.body, bytes) else "text/plain")
            handler.send_header("Content-Length", str(len(data)))
            if reply.redirect_to:
                handler.send_header("Location", reply.redirect_to + handler.path)
            for k, v in reply.headers.items():
                handler.send_header(k, v)
            handler.end_headers()
            handler.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up first (timeout tests)


class FakeDeepL(FakeVendor):
    backend = "deepl"
    url_variable = "PRISM_DEEPL_ENDPOINT"
    key_variable = "PRISM_DEEPL_API_KEY"
    MAX_TEXTS = 50
    MAX_BODY = 128 * 1024

    def texts_of(self, req):
        return list(req.json.get("text", [])) if isinstance(req.json, dict) else []

    def answer(self, req):
        if req.path != "/v2/translate" or req.method != "POST":
            return Reply(404, {"message": "Not found"})
        auth = req.headers.get("authorization", "")
        if not auth.startswith("DeepL-Auth-Key ") or (self.keys is not None and auth[15:] not in self.keys):
            return Reply(403, {"message": "Wrong endpoint. Use https://api.deepl.com" if auth.endswith(":fx")
                               else "Forbidden"})
        if len(req.body) > self.MAX_BODY:
            return Reply(413, {"message": "Request Entity Too Large"})
        body = req.json if isinstance(req.json, dict) else {}
        texts, target = body.get("text"), body.get("target_lang")
        if not isinstance(texts, list) or not target:
            return Reply(400, {"message": "Parameter 'text' not specified." if not texts
                               else "Value for 'target_lang' not supported."})
        if len(texts) > self.MAX_TEXTS:
            return Reply(413, {"message": "Too many texts"})
        source = body.get("source_lang", "EN")
        return Reply(200, {"translations": [
            {"detected_source_language": source, "text": self.translate_fn(t, source.lower(), target.lower())}
            for t in texts]})


class FakeGoogle(FakeVendor):
    backend = "google"
    url_variable = "PRISM_GOOGLE_URL"
    key_variable = "PRISM_GOOGLE_API_KEY"
    MAX_SEGMENTS = 128

    def texts_of(self, req):
        q = req.json.get("q", []) if isinstance(req.json, dict) else []
        return [q] if isinstance(q, str) else list(q)

    @staticmethod
    def error(code: int, message: str, reason: str, status: str) -> dict:
        return {"error": {"code": code, "message": message,
                          "errors": [{"message": message, "domain": "global", "reason": reason}], "status": status}}

    def answer(self, req):
        if req.path != "/language/translate/v2" or req.method != "POST":
            return Reply(404, self.error(404, "Not Found", "notFound", "NOT_FOUND"))
        key = (req.query.get("key") or [""])[0]
        if not key or (self.keys is not None and key not in self.keys):
            return Reply(400, self.error(400, "API key not valid. Please pass a valid API key.", "badRequest",
                                         "INVALID_ARGUMENT"))
        body = req.json if isinstance(req.json, dict) else {}
        q, target = self.texts_of(req), body.get("target")
        if not q or not target:
            return Reply(400, self.error(400, "Missing required field target.", "required", "INVALID_ARGUMENT"))
        if len(q) > self.MAX_SEGMENTS:
            return Reply(400, self.error(400, "Too many text segments", "invalid", "INVALID_ARGUMENT"))
        source = body.get("source") or "en"
        return Reply(200, {"data": {"translations": [{"translatedText": self.translate_fn(t, source, target)}
                                                     for t in q]}})


class FakeLibreTranslate(FakeVendor):
    backend = "libretranslate"
    url_variable = "PRISM_LIBRETRANSLATE_URL"
    key_variable = "PRISM_LIBRETRANSLATE_API_KEY"
    def __init__(self, translate_fn: TranslateFn = upper, keys: set[str] | None = None,
                 require_key: bool = False, char_limit: int = -1) -> None:
        super().__init__(translate_fn, keys)
        self.require_key = require_key
        self.char_limit = char_limit

    def _args(self, req) -> dict:
        if isinstance(req.json, dict):
            return req.json
        return {k: v[0] for k, v in (req.form or {}).items()}

    def texts_of(self, req):
        q = self._args(req).get("q", [])
        return [q] if isinstance(q, str) else list(q)

    def answer(self, req):
        if req.path != "/translate" or req.method != "POST":
            return Reply(404, {"error": "Not Found"})
        args = self._args(req)
        key = args.get("api_key")
        if self.keys is not None and key and key not in self.keys:
            return Reply(403, {"error": "Invalid API key"})
        if self.require_key and not key:
            return Reply(400, {"error": "Please contact the server operator to get an API key"})
        for name in ("q", "source", "target"):
            if not args.get(name):
                return Reply(400, {"error": f"Invalid request: missing {name} parameter"})
        texts = self.texts_of(req)
        for t in texts:
            if self.char_limit != -1 and len(t) > self.char_limit:
                return Reply(400, {"error": f"Invalid request: request ({len(t)}) exceeds text limit "
                                            f"({self.char_limit})"})
        out = [self.translate_fn(t, args["source"], args["target"]) for t in texts]
        return Reply(200, {"translatedText": out if isinstance(args["q"], list) else out[0]})


class FakeOpenAI(FakeVendor):
    """Chat completions. The reply translates the text after the PRISM prompt's colon
    ("Directly translate English to Spanish: <text>"), or the whole message otherwise."""

    backend = "openai"
    url_variable = "PRISM_OPENAI_BASE_URL"
    url_suffix = "/v1"
    key_variable = "PRISM_OPENAI_API_KEY"

    PROMPT = re.compile(r"^Directly translate (\w+) to (\w+): (.*)$", re.S)

    def texts_of(self, req):
        if not isinstance(req.json, dict):
            return []
        return [m.get("content", "") for m in req.json.get("messages", []) if isinstance(m, dict)]

    def answer(self, req):
        if req.path != "/v1/chat/completions" or req.method != "POST":
            return Reply(404, {"error": {"message": "Not found", "type": "invalid_request_error", "param": None,
                                         "code": "unknown_url"}})
        auth = req.headers.get("authorization", "")
        if not auth.startswith("Bearer ") or (self.keys is not None and auth[7:] not in self.keys):
            return Reply(401, {"error": {"message": "Incorrect API key provided: sk-***. You can find your API key "
                                         "at https://platform.openai.com/account/api-keys.",
                                         "type": "invalid_request_error", "param": None, "code": "invalid_api_key"}})
        body = req.json if isinstance(req.json, dict) else {}
        messages = body.get("messages")
        if not body.get("model") or not isinstance(messages, list) or not messages:
            return Reply(400, {"error": {"message": "you must provide a model and messages",
                                         "type": "invalid_request_error", "param": None, "code": None}})
        prompt = messages[-1].get("content", "")
        m = self.PROMPT.match(prompt)
        content = self.translate_fn(m.group(3), m.group(1), m.group(2)) if m else self.translate_fn(prompt, "", "")
        return Reply(200, {
            "id": f"chatcmpl-fake{len(self.requests)}", "object": "chat.completion", "created": int(time.time()),
            "model": body["model"], "system_fingerprint": None,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": None},
                         "logprobs": None, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": len(prompt.split()), "completion_tokens": len(content.split()),
                      "total_tokens": len(prompt.split()) + len(content.split())}})


class FakeAPy(FakeVendor):
    backend = "apertium-apy"
    url_variable = "PRISM_APY_URL"
    TRUNCATE_AT = 40_000  # bytes of URL-encoded q beyond which APy loses text silently

    def __init__(self, translate_fn: TranslateFn = upper, pairs: set[str] | None = None) -> None:
        super().__init__(translate_fn)
        self.pairs = pairs if pairs is not None else {"eng|spa", "eng|cat", "spa|eng", "cat|eng", "spa|fra", "fra|spa"}

    def texts_of(self, req):
        q = req.arg("q")
        return [q] if q is not None else []

    def answer(self, req):
        if req.path != "/translate":
            return Reply(404, {"status": "error", "code": 404, "message": "Not Found",
                               "explanation": "Resource requested does not exist. URL may have been mistyped"})
        pair, q = req.arg("langpair"), req.arg("q")
        if pair is None or q is None:
            return Reply(400, {"status": "error", "code": 400, "message": "Bad Request",
                               "explanation": "Missing argument langpair" if pair is None else "Missing argument q"})
        if pair not in self.pairs:
            return Reply(400, {"status": "error", "code": 400, "message": "Bad Request",
                               "explanation": "That pair is not installed"})
        while len(quote_plus(q)) > self.TRUNCATE_AT:
            q = q[: len(q) * 9 // 10]
        source, target = pair.split("|")
        return Reply(200, {"responseData": {"translatedText": self.translate_fn(q, source, target)},
                           "responseDetails": None, "responseStatus": 200})
