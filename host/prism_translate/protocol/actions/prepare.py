"""`prepare`: analyse and encode a selection the user right-clicked, or a message view's
paragraphs as the view opens, before the translation is asked for, so that it waits only for
the translator. Nothing is sent anywhere; the tokens and x_pub stay in the host's memory
(api.Session.analyse_ahead) for the `translate` that follows."""

from __future__ import annotations

from ... import policy
from ...languages import language
from ..call import Call, only
from .translate import texts_and_source


def prepare(args: dict, call: Call) -> dict:
    only(args, ("texts", "source"))
    texts, source = texts_and_source(args)
    if language(source) is None:
        return {"analysed": 0}  # nothing to get ready: the translation will say why
    call.stop_if_cancelled()
    # encoded with the settings a `translate` of them will use, unless it overrides them (the
    # encoding is then made afresh); cancelled (the translation of these texts has started), it
    # stops after the chunk it is on
    _, settings = policy.effective()
    return {"analysed": call.session.analyse_ahead(texts, source, call.stop_if_cancelled, settings)}
