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

import contextlib
import errno
import os
from pathlib import Path

from platformdirs import PlatformDirs

from .errors import PrismError

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


def private_dir(path: Path) -> None:
    """Create path, and any missing folder above it, as 0700 whatever the umask: settings, keys
    and the log are the user's alone. Folders that exist already are left as they are."""
    missing = []
    while not path.is_dir() and path != path.parent:
        missing.append(path)
        path = path.parent
    for folder in reversed(missing):
        folder.mkdir(mode=0o700)  # a file in the way raises FileExistsError / NotADirectoryError
        os.chmod(folder, 0o700)  # mkdir's mode is cut by the umask, never widened: make it exact


# errno -> (what went wrong, what the user can do), for E058
_WRITE_FAILURES = {
    errno.ENOSPC: ("the disk is full", "free some disk space"),
    errno.EDQUOT: ("the disk quota is used up", "free some disk space"),
    errno.EROFS: ("the disk is read-only", "make the folder writable"),
    errno.EACCES: ("permission denied", "make the folder writable for your user"),
    errno.EPERM: ("permission denied", "make the folder writable for your user"),
    errno.ENOTDIR: ("a file is in the way of a folder", "move that file away"),
    errno.EEXIST: ("a file is in the way of a folder", "move that file away"),
    errno.EISDIR: ("a folder is in the way of the file", "move that folder away"),
}


def write_private(path: Path, text: str, what: str) -> None:
    """Write text to path (mode 0600, in a 0700 folder) in one step: a reader sees the old file
    or the new one, never half of one. Any failure is E058, saying what was not saved and why;
    the old file is then untouched."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        private_dir(path.parent)
        # created 0600 from the start: a secret is never readable by others, not even briefly
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(tmp, 0o600)  # a tmp left over from before may have had other bits
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
    except OSError as err:
        reason, fix = explain(err)
        raise PrismError("E058", what=what, path=str(path), reason=reason, fix=fix) from None


def explain(err: OSError) -> tuple[str, str]:
    """(what went wrong, what the user can do) for a file that cannot be read or written."""
    return _WRITE_FAILURES.get(err.errno or 0, (err.strerror or type(err).__name__, "check the folder"))


# -- installed dictionaries: found here, below settings and dictionaries, which both look them up


def search_path() -> list[Path]:
    """Where dictionaries are looked up, first match wins: the user's data folder (what
    `prism build-dictionary` writes), then the dictionaries the package carries
    (prism_translate/dictionaries/ in an installed wheel: setup.py maps the repository's
    dictionaries/ there), then the repository's dictionaries/ (a checkout or editable install).
    $PRISM_DICTIONARIES (os.pathsep-separated folders), when set, replaces both: exactly those
    dictionaries are installed (tests and custom setups rely on that)."""
    dirs = [Path(p) for p in os.environ.get("PRISM_DICTIONARIES", "").split(os.pathsep) if p]
    if dirs:
        return dirs
    dirs.append(data_dir() / "dictionaries")
    package = Path(__file__).resolve().parent
    dirs.append(package / "dictionaries")
    dirs.append(package.parents[1] / "dictionaries")
    return dirs


def installed_pairs() -> dict[str, Path]:
    """{"en-es": path, ...} for every dictionary file found on the search path."""
    found: dict[str, Path] = {}
    for d in search_path():
        if d.is_dir():
            for f in sorted(d.glob("*-*.json")):
                found.setdefault(f.stem, f)
    return found
