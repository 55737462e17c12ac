"""Re-make the pictures in docs/: run every e2e test that takes a screenshot (tests/e2e, found by
their calls to `screenshot(`) with E2E_REFRESH_SCREENSHOTS=1, which makes e2e_helpers.screenshot
write to docs/ instead of a temporary folder. Real Chromium, host and Apertium, as the tests run.

    python tools/refresh_screenshots.py            # every view, light and dark pages
    python tools/refresh_screenshots.py -k webmail # only some (pytest's -k)
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
E2E = ROOT / "tests" / "e2e"


def screenshot_tests() -> list[str]:
    """Node ids of the e2e test functions that call screenshot()."""
    found = []
    for path in sorted(E2E.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_") and any(
                    isinstance(call, ast.Call) and getattr(call.func, "id", None) == "screenshot"
                    for call in ast.walk(node)):
                found.append(f"{path.relative_to(ROOT)}::{node.name}")
    return found


def main(argv: list[str]) -> int:
    env = {**os.environ, "E2E_REFRESH_SCREENSHOTS": "1"}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", *screenshot_tests(), *argv], cwd=ROOT, env=env).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
