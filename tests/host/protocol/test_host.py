"""`prism host` as the browser runs it: a separate process on pipes, *without* PYTHONUNBUFFERED
(set on the dev machine, where it would hide a missing flush)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from prism_translate.protocol import framing
from host_process import call, start, stop

pytestmark = pytest.mark.slow  # real processes, servers or whole corpora: outside the quick loop

DATA = Path(__file__).resolve().parents[2] / "data"
SECRET_TEXT = "Alice Johnson signed the contract at the bank in Boston."


def test_host_process_answers_over_pipes_and_exits_cleanly_on_eof(host_env, tmp_path):
    assert "PYTHONUNBUFFERED" not in host_env
    proc = start(host_env)
    assert call(proc, {"v": 1, "id": "1", "action": "ping"})["data"] == {"pong": True}
    reply = call(proc, {"v": 1, "id": "2", "action": "translate", "args": {"texts": [SECRET_TEXT]}})
    assert reply["ok"], reply
    assert "contrato" in reply["data"]["items"][0]["translation"]
    # the port stays open: a second request on the same process (spaCy already loaded)
    assert call(proc, {"v": 1, "id": "3", "action": "capabilities"})["ok"]
    code, stderr = stop(proc)
    assert code == 0
    log = (tmp_path / "state" / "prism-translate" / "host.log").read_text()
    assert "translate 2: ok" in log and f"pid={proc.pid}" in log
    # logs and stderr hold actions and ids, never the text
    for word in ("Alice", "Johnson", "Boston", "contract", "contrato"):
        assert word not in log and word.encode() not in stderr


def test_stray_prints_and_child_output_cannot_corrupt_the_channel(host_env):
    code = (
        "import os, sys\n"
        "from prism_translate.cli import main\n"
        "from prism_translate.protocol import dispatch\n"
        "ping = dispatch.HANDLERS['ping']\n"
        "def noisy(args, call):\n"
        "    print('stray print from a library')\n"
        "    os.system('echo child process output')\n"
        "    return ping(args, call)\n"
        "dispatch.HANDLERS['ping'] = noisy\n"
        "sys.exit(main(['host']))\n"
    )
    proc = start(host_env, code)
    for i in range(3):
        assert call(proc, {"v": 1, "id": str(i), "action": "ping"}) == {
            "v": 1, "id": str(i), "ok": True, "more": False, "data": {"pong": True}}
    rc, stderr = stop(proc)
    assert rc == 0
    assert b"stray print from a library" in stderr and b"child process output" in stderr


def test_host_accepts_firefox_and_windows_caller_arguments(host_env, tmp_path):
    argv = [sys.executable, "-m", "prism_translate.cli", "host", str(tmp_path / "manifest.json"),
            "prism-translate@prism-translate.org", "--parent-window=0"]
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=host_env)
    assert call(proc, {"v": 1, "id": "1", "action": "ping"})["ok"]
    assert stop(proc)[0] == 0


def test_long_text_streams_in_frames_under_the_browser_cap(host_env):
    sentence = "My old friend saw the big dog near the red house, and the new car opened slowly. "
    paragraphs = [sentence * 12 for _ in range(30)]  # ~30 000 characters
    text = "\n\n".join(paragraphs)
    proc = start(host_env)
    proc.stdin.write(framing.encode({"v": 1, "id": "big", "action": "translate", "args": {"texts": [text]}}))
    proc.stdin.flush()
    frames: list[bytes] = []

    def read_all():
        while True:
            header = proc.stdout.read(4)
            body = proc.stdout.read(int.from_bytes(header, sys.byteorder))
            frames.append(body)
            if not json.loads(body)["more"]:
                return

    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    reader.join(300)
    assert frames and not reader.is_alive()
    replies = [json.loads(f) for f in frames]
    assert len(replies) > 1 and all(len(f) < framing.MAX_OUTGOING for f in frames)
    assert all(r["ok"] and r["id"] == "big" for r in replies)
    translation = "".join(i["translation"] for r in replies for i in r["data"]["items"])
    assert translation.count("\n\n") == len(paragraphs) - 1
    assert replies[-1]["data"]["done"] == replies[-1]["data"]["total"]
    assert stop(proc)[0] == 0


def test_cancel_reaches_a_translation_running_in_the_host_process(host_env):
    """A long translation and a cancel right behind it on the real host: the cancel is answered
    while the translation runs, and the translation ends with E090 instead of its last batch."""
    text = "\n\n".join(["My old friend saw the big dog near the red house, and the new car opened slowly. " * 12]
                       * 30)
    proc = start(host_env)
    proc.stdin.write(framing.encode({"v": 1, "id": "big", "action": "translate", "args": {"texts": [text]}}))
    proc.stdin.write(framing.encode({"v": 1, "id": "c", "action": "cancel", "args": {"request": "big"}}))
    proc.stdin.flush()
    replies: list[dict] = []

    def read_until_big_ends():
        while not replies or replies[-1]["id"] != "big" or replies[-1].get("more"):
            replies.append(framing.read_message(proc.stdout))

    reader = threading.Thread(target=read_until_big_ends, daemon=True)
    reader.start()
    reader.join(300)
    assert not reader.is_alive()
    assert {"v": 1, "id": "c", "ok": True, "more": False, "data": {"cancelled": True}} in replies
    assert replies[-1]["ok"] is False and replies[-1]["error"]["code"] == "E090"
    assert stop(proc)[0] == 0


@pytest.mark.parametrize("broken", ["full disk", "a file in the way of the log folder"])
def test_a_log_that_cannot_be_written_neither_stops_the_host_nor_prints_tracebacks(broken, host_env, tmp_path):
    log_dir = tmp_path / "state" / "prism-translate"
    if broken == "full disk":  # the kernel's /dev/full answers every write with ENOSPC
        log_dir.mkdir(parents=True)
        (log_dir / "host.log").symlink_to("/dev/full")
    else:
        (tmp_path / "state").write_text("not a folder")
    proc = start(host_env)
    for i in range(5):
        assert call(proc, {"v": 1, "id": str(i), "action": "ping"})["ok"]
    assert call(proc, {"v": 1, "id": "c", "action": "capabilities"})["ok"]
    assert call(proc, {"v": 1, "id": "s", "action": "settings", "args": {"set": {"ratio": 0.3}}})["ok"]
    code, stderr = stop(proc)
    assert code == 0 and b"Traceback" not in stderr and b"Logging error" not in stderr, stderr.decode()
    if broken == "full disk":
        assert stderr.count(b"cannot write the log") == 1 and b"the disk is full" in stderr


def test_what_the_host_creates_is_private_even_under_umask_000(host_env, tmp_path):
    import stat

    proc = subprocess.Popen([sys.executable, "-m", "prism_translate.cli", "host"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=host_env, umask=0)
    assert call(proc, {"v": 1, "id": "s", "action": "settings", "args": {"set": {"ratio": 0.3}}})["ok"]
    assert stop(proc)[0] == 0
    for folder in (tmp_path / "state", tmp_path / "state" / "prism-translate", tmp_path / "config",
                   tmp_path / "config" / "prism-translate"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    for file in (tmp_path / "state" / "prism-translate" / "host.log",
                 tmp_path / "config" / "prism-translate" / "config.json"):
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
