"""The wheel works on its own: built from the checkout, installed with plain pip into a fresh
venv outside the checkout (no access to the repository: no PYTHONPATH, another working folder),
it translates privately with real Apertium using the dictionaries it carries, and its
`prism install-host --dry-run` shows the launcher it would write."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def _run(argv: list, cwd: Path, env: dict, timeout: float = 900) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def test_wheel_installs_and_translates_outside_the_checkout(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["HOME"] = str(tmp_path / "home")
    # the build uses this environment's setuptools (no download); the install uses the package index
    built = _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w",
                  tmp_path / "dist", ROOT], tmp_path, env)
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "dist").glob("prism_translate-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {"prism_translate/dictionaries/en-es.json", "prism_translate/data/mctest/mc160.test.tsv",
            "prism_translate/data/mctest/LICENSE.txt"} <= set(names)
    # reading Spanish, Catalan and French: their dictionaries, health lists and the rendered MC160 test
    assert {*(f"prism_translate/dictionaries/{s}-en.json" for s in ("es", "ca", "fr")),
            *(f"prism_translate/languages/{s}/health_terms.txt" for s in ("es", "ca", "fr")),
            "prism_translate/data/mctest/mc160.test.es.tsv"} <= set(names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)

    venv = tmp_path / "venv"
    assert _run([sys.executable, "-m", "venv", venv], tmp_path, env).returncode == 0
    python = venv / "bin" / "python"
    installed = _run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel], tmp_path, env,
                     timeout=1800)
    assert installed.returncode == 0, installed.stderr[-3000:]
    where = _run([python, "-c", "import prism_translate; print(prism_translate.__file__)"], tmp_path, env)
    assert where.stdout.startswith(str(venv)), where.stdout
    assert _run([python, "-c", "import openai"], tmp_path, env).returncode != 0  # an extra, not a dependency

    prism = venv / "bin" / "prism"
    email = tmp_path / "email.txt"
    email.write_text((ROOT / "examples" / "email.txt").read_text(encoding="utf-8"), encoding="utf-8")
    translated = _run([prism, "translate", "--to", "es", "--show-sent", "--seed", "3", email], tmp_path, env)
    assert translated.returncode == 0, translated.stderr
    assert "dictionary: en-es" in translated.stdout and "translator: apertium" in translated.stdout
    sent = translated.stdout.split("--- sent to the translator")[1]
    assert "Laura Bennett" not in sent and "12,500" not in sent  # names and amounts never leave
    assert "Laura Bennett" in translated.stdout.split("--- sent")[0]  # ... and come back

    dry = _run([prism, "install-host", "--dry-run", "--browser", "chromium"], tmp_path, env)
    assert dry.returncode == 0, dry.stderr
    assert f"exec '{python}' -m prism_translate.cli host" in dry.stdout
    assert "org.prism_translate.host.json" in dry.stdout

    backends = _run([prism, "translators"], tmp_path, env)
    assert "prism-translate[openai]" in backends.stdout  # the missing extra is named, not a traceback
