"""Local stand-ins for the paid translation APIs, following each vendor's documented request and
reply formats, for tests that must not touch the network.

Every fake is an HTTP server on 127.0.0.1 with a random port, run in a daemon thread. It records
every request it receives and answers like the vendor: it checks the path, method, auth and
fields the vendor checks, and "translates" with `translate_fn(text, source, target)` (default:
upper-case, which keeps words and line structure recognisable). Canned failures can be queued.

    from fakes import FakeDeepL
    with FakeDeepL(keys={"k:fx"}) as deepl:
        translator = get_translator("deepl", {"deepl.endpoint": deepl.url}, "k:fx")
        ...
        deepl.requests[0].json      # exactly what DeepL would have received
        deepl.texts()               # every text the vendor saw, in order
        deepl.fail(429, {"message": "Too many requests"}, headers={"Retry-After": "2"})

To point a separate `prism` process (the CLI, or the native host under Chromium) at a fake, add
`fake.env()` to its environment: PRISM_TRANSLATOR, the URL setting and a key variable.
fakes.apy_server.real_apy() starts the real Apertium APy on 127.0.0.1 instead.
"""

from .vendors import FakeAPy, FakeDeepL, FakeGoogle, FakeLibreTranslate, FakeOpenAI, FakeVendor, Recorded

__all__ = ["FakeAPy", "FakeDeepL", "FakeGoogle", "FakeLibreTranslate", "FakeOpenAI", "FakeVendor", "Recorded"]
