"""The user's folders for PRISM Translate, as each platform places them (platformdirs):

| folder | Linux (XDG)                                   | macOS                                   | Windows                                  |
| config | $XDG_CONFIG_HOME/prism-translate (~/.config)  | ~/Library/Application Support/...       | %LOCALAPPDATA%\\prism-translate           |
| data   | $XDG_DATA_HOME/prism-translate (~/.local/share) | ~/Library/Application Support/...     | %LOCALAPPDATA%\\prism-translate           |
| cache  | $XDG_CACHE_HOME/prism-translate (~/.cache)    | ~/Library/Caches/prism-translate        | %LOCALAPPDATA%\\prism-translate\\Cache     |
| log    | $XDG_STATE_HOME/prism-translate (~/.local/state) | ~/Library/Logs/prism-translate       | %LOCALAPPDATA%\\prism-translate           |

platformdirs also honours the XDG_* variables on macOS, so tests and custom setups redirect
every folder the same way everywhere. An XDG_* variable set but empty counts as unset (the XDG
specification), where hand-made code would have read it as the current folder.
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import PlatformDirs

APP = "prism-translate"

# appauthor=False: no "<author>\<app>" nesting on Windows, the folder is ours alone.
_DIRS = PlatformDirs(APP, appauthor=False)
# Not opinionated for the log only: on Linux host.log stays directly in the state folder, where
# earlier releases wrote it (an opinionated log folder adds a "log" level there).
_LOG_DIRS = PlatformDirs(APP, appauthor=False, opinion=False)


def config_dir() -> Path:
    return _DIRS.user_config_path


def data_dir() -> Path:
    return _DIRS.user_data_path


def cache_dir() -> Path:
    return _DIRS.user_cache_path


def log_dir() -> Path:
    return _LOG_DIRS.user_log_path
