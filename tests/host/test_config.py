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


# -- a settings folder that cannot be written, a settings file that cannot be read -----------------


def _in_the_way(kind: str) -> None:
    """Make the settings (and key) file unwritable the way a broken disk or a stray file does."""
    folder = config.config_path().parent
    if kind == "file instead of the folder":
        folder.parent.mkdir(parents=True, exist_ok=True)
        folder.write_text("not a folder")
    elif kind == "folder instead of the file":
        (folder / "config.json").mkdir(parents=True, exist_ok=True)
        (folder / "credentials.json").mkdir(exist_ok=True)
    else:  # a full disk, for real: the kernel's /dev/full answers every write with ENOSPC
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("config.json.tmp", "credentials.json.tmp"):  # a failed write removes its temporary file
            if not (folder / name).is_symlink():
                (folder / name).symlink_to("/dev/full")


UNWRITABLE = {"file instead of the folder": "a file is in the way", "folder instead of the file": "a folder is in "
              "the way", "full disk": "the disk is full"}


@pytest.mark.parametrize("kind", sorted(UNWRITABLE))
def test_settings_and_keys_that_cannot_be_written_are_one_clear_line(kind, capsys, monkeypatch):
    _in_the_way(kind)
    assert main(["config", "set", "ratio", "0.3"]) == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("the-key:fx\n"))
    _in_the_way(kind)
    assert main(["config", "set-key", "deepl"]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and "Traceback" not in "".join(lines)
    assert lines[0].startswith("prism: [E058] Could not save the settings to ") and UNWRITABLE[kind] in lines[0]
    # a folder where the key file should be is found when the keys are read (E055), before writing
    assert lines[1].startswith(("prism: [E058] Could not save the API key to ", "prism: [E055] Could not store "
                                "or read the ")) and UNWRITABLE[kind] in lines[1], lines[1]
    assert "the-key" not in lines[1]
    _in_the_way(kind)
    reply = _settings_reply({"ratio": 0.3})
    assert reply["ok"] is False and reply["error"]["code"] == "E058" and UNWRITABLE[kind] in reply["error"]["message"]
    out = io.BytesIO()
    _in_the_way(kind)
    serve(io.BytesIO(framing.encode({"v": 1, "id": "k", "action": "set_key",
                                     "args": {"backend": "deepl", "secret": "the-key:fx"}})), out)
    out.seek(0)
    reply = framing.read_message(out)
    assert reply["error"]["code"] in ("E058", "E055") and "the-key" not in reply["error"]["message"]
    assert UNWRITABLE[kind] in reply["error"]["message"]


@pytest.mark.parametrize("damage", ['{"ratio": 0.3, "method": "r"', "[1, 2]", "\xff\xfe", "[" * 100_000])
def test_a_damaged_settings_file_is_reported_and_kept_aside_not_overwritten(damage, capsys):
    path = config.config_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(damage.encode("latin-1"))
    assert main(["config", "show"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"prism: [E059] The settings file {path} is not valid JSON") and "Traceback" not in err
    assert _settings_reply({})["error"]["code"] == "E059"  # what the options page and translations get
    assert path.read_bytes() == damage.encode("latin-1")  # reading never changes it

    assert main(["config", "set", "target", "ca"]) == 0
    err = capsys.readouterr().err
    kept = list(path.parent.glob("config.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damage.encode("latin-1")
    assert f"kept as {kept[0]}" in err and "Traceback" not in err
    assert json.loads(path.read_text()) == {"target": "ca"} and config.load().target == "ca"
    assert err.startswith("prism: warning: ")

    path.write_bytes(damage.encode("latin-1"))  # the options page is told the same, in its reply
    reply = _settings_reply({"ratio": 0.4})
    assert reply["ok"] and reply["data"]["settings"]["ratio"] == 0.4 and "kept as" in reply["data"]["warnings"][0]
    assert len(list(path.parent.glob("config.json.corrupt-*"))) == 2  # the first one kept is never overwritten


def test_settings_and_keys_are_private_whatever_the_umask(capsys, monkeypatch):
    import os
    import stat

    previous = os.umask(0)
    try:
        assert main(["config", "set", "ratio", "0.3"]) == 0
        monkeypatch.setattr("sys.stdin", io.StringIO("the-key:fx\n"))
        assert main(["config", "set-key", "deepl"]) == 0
    finally:
        os.umask(previous)
    folder = config.config_path().parent
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(folder.parent.stat().st_mode) == 0o700  # the XDG folder it had to create too
    for name in ("config.json", "credentials.json"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name


def test_a_settings_file_edited_between_two_loads_is_read_again():
    """`prism config set` in a shell, or an edit by hand, takes effect at the host's next click,
    although a click only looks at the file's size and times."""
    assert main(["config", "set", "ratio", "0.3"]) == 0
    assert config.load()["ratio"] == 0.3
    path = config.config_path()
    path.write_text(path.read_text(encoding="utf-8").replace("0.3", "0.4"), encoding="utf-8")
    assert config.load()["ratio"] == 0.4
    path.unlink()
    assert config.load()["ratio"] == config.DEFAULTS["ratio"]
