"""One Settings object, checked where a value is entered: `prism config set`, the host's
`settings` action (what the options page sends), request arguments and the environment."""

from __future__ import annotations

import io
import json
import math

import pytest

from prism_translate import config
from prism_translate.cli import main
from prism_translate.errors import PrismError
from prism_translate.protocol import framing
from prism_translate.protocol.serve import serve

BAD = [
    ("ratio", "5", "E023"),
    ("ratio", "0", "E023"),
    ("ratio", "nan", "E023"),
    ("beta", "1", "E054"),
    ("method", "bogus", "E022"),
    ("method", "nodecode", "E022"),  # the research baseline is not a setting
    ("target", "xx", "E010"),
    ("target", "../../etc", "E054"),
    ("translator", "babelfish", "E035"),
    ("protect_entities", "maybe", "E054"),
    ("openai.timeout", "nan", "E054"),
    ("openai.timeout", "inf", "E054"),
    ("openai.timeout", "-1", "E054"),
    ("openai.base_url", "localhost:11434", "E054"),
    ("openai.prompt", "no placeholder", "E054"),
    ("deepl.endpoint", "fast", "E054"),
    ("libretranslate.char_limit", "2.5", "E054"),
    ("colour", "red", "E053"),
]


@pytest.mark.parametrize("key, value, code", BAD)
def test_config_set_refuses_bad_values_with_a_code_and_saves_nothing(key, value, code, capsys):
    assert main(["config", "set", key, value]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"prism: [{code}]") and "Traceback" not in err
    assert not config.config_path().exists()
    assert config.load() == config.Settings(config.DEFAULTS)


def _settings_reply(updates: dict) -> dict:
    out = io.BytesIO()
    serve(io.BytesIO(framing.encode({"v": 1, "id": "s", "action": "settings", "args": {"set": updates}})), out)
    out.seek(0)
    return framing.read_message(out)


@pytest.mark.parametrize("key, value, code", [
    ("ratio", 5, "E023"), ("ratio", 0, "E023"), ("ratio", None, "E023"), ("beta", 1, "E054"),
    ("method", "bogus", "E022"), ("method", "nodecode", "E022"), ("target", "xx", "E010"),
    ("translator", "babelfish", "E035"), ("protect_entities", "maybe", "E054"), ("openai.timeout", -1, "E054"),
    ("openai.timeout", "12", "E054"), ("openai.base_url", "localhost:11434", "E054"),
    ("openai.prompt", "no placeholder", "E054"), ("deepl.endpoint", "fast", "E054"),
    ("libretranslate.char_limit", 2.5, "E054"), ("colour", "red", "E053"),
])
def test_the_options_page_gets_the_same_refusals(key, value, code):
    reply = _settings_reply({key: value})
    assert reply["ok"] is False and reply["error"]["code"] == code, reply
    assert not config.config_path().exists()


def test_nan_cannot_reach_the_settings_through_the_host():
    body = b'{"v": 1, "id": "s", "action": "settings", "args": {"set": {"ratio": NaN}}}'
    out = io.BytesIO()
    serve(io.BytesIO(framing.HEADER.pack(len(body)) + body), out)
    out.seek(0)
    assert framing.read_message(out)["error"]["code"] == "E061"
    assert not config.config_path().exists()


def test_good_values_are_converted_saved_and_reported(capsys):
    assert main(["config", "set", "ratio", "0.35"]) == 0
    assert main(["config", "set", "openai.timeout", "12"]) == 0
    assert main(["config", "set", "protect_entities", "off"]) == 0
    settings = config.load()
    assert (settings.ratio, settings["openai.timeout"], settings.protect_entities) == (0.35, 12.0, False)
    reply = _settings_reply({"method": "mix", "beta": 0})
    assert reply["ok"] and reply["data"]["settings"]["method"] == "mix" and reply["data"]["settings"]["beta"] == 0.0


def test_one_bad_value_saves_none_of_a_batch():
    reply = _settings_reply({"method": "r", "ratio": 7})
    assert reply["error"]["code"] == "E023"
    assert config.load().method == "star"


def test_a_bad_value_in_the_file_or_environment_is_named_not_ignored(monkeypatch):
    config.config_path().parent.mkdir(parents=True)
    config.config_path().write_text('{"ratio": NaN}')
    with pytest.raises(PrismError) as info:
        config.load()
    assert info.value.code == "E057" and "'ratio'" in info.value.message and "config.json" in info.value.message
    config.config_path().write_text('{"ratio": 0.3}')
    monkeypatch.setenv("PRISM_OPENAI_TIMEOUT", "Infinity")
    with pytest.raises(PrismError) as info:
        config.load()
    assert info.value.code == "E057" and "$PRISM_OPENAI_TIMEOUT" in info.value.message


def test_every_reply_is_strict_json():
    out = io.BytesIO()
    serve(io.BytesIO(framing.encode({"v": 1, "id": "c", "action": "capabilities"})), out)
    body = out.getvalue()[4:]
    reply = json.loads(body, parse_constant=lambda name: pytest.fail(f"{name} in a reply"))
    assert all(not isinstance(v, float) or math.isfinite(v) for v in reply["data"]["settings"].values())


def test_translate_flags_are_checked_like_settings(capsys, tmp_path):
    text = tmp_path / "t.txt"
    text.write_text("The old dog saw a red car near the house.")
    assert main(["translate", "--to", "es", "--ratio", "nan", str(text)]) == 1
    assert capsys.readouterr().err.startswith("prism: [E023]")
    assert main(["translate", "--to", "xx", str(text)]) == 1
    assert capsys.readouterr().err.startswith("prism: [E010]")
