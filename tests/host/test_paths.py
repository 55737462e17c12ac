"""The user's folders (paths.py, platformdirs): on Linux exactly where earlier releases put them,
redirected by the XDG_* variables, and the same folders wherever the package looks for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from prism_translate import config, install, paths
from prism_translate.dictionary import format as dictionary_format
from prism_translate.evaluation.run import default_cache_dir
from prism_translate.protocol.host import default_log_file

XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")


def _where() -> dict[str, Path]:
    return {"config": config.config_path(), "dictionaries": dictionary_format.search_path()[0],
            "log": default_log_file(), "evaluation cache": default_cache_dir(), "host venv": Path(install.data_dir("linux"))}


def test_without_xdg_variables_the_linux_folders_are_the_usual_ones(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    for var in XDG:
        monkeypatch.delenv(var)
    assert _where() == {"config": tmp_path / ".config" / "prism-translate" / "config.json",
                        "dictionaries": tmp_path / ".local" / "share" / "prism-translate" / "dictionaries",
                        "log": tmp_path / ".local" / "state" / "prism-translate" / "host.log",
                        "evaluation cache": tmp_path / ".cache" / "prism-translate" / "evaluate",
                        "host venv": tmp_path / ".local" / "share" / "prism-translate"}


def test_xdg_variables_move_every_folder(isolated_home):
    assert _where() == {"config": isolated_home / "config" / "prism-translate" / "config.json",
                        "dictionaries": isolated_home / "data" / "prism-translate" / "dictionaries",
                        "log": isolated_home / "state" / "prism-translate" / "host.log",
                        "evaluation cache": isolated_home / "cache" / "prism-translate" / "evaluate",
                        "host venv": isolated_home / "data" / "prism-translate"}
    assert paths.cache_dir() == isolated_home / "cache" / "prism-translate"


@pytest.mark.parametrize("var", XDG)
def test_an_empty_xdg_variable_counts_as_unset(var, monkeypatch, tmp_path):
    """The XDG rule: an empty value is not the current folder (files would land wherever the
    browser happened to start the host)."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv(var, "")
    for folder in (paths.config_dir(), paths.data_dir(), paths.cache_dir(), paths.log_dir()):
        assert folder.is_absolute()
