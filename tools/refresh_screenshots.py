"""Re-make the pictures in docs/: run every e2e test that takes a screenshot (tests/e2e, found by
their calls to `screenshot(`) with E2E_REFRESH_SCREENSHOTS=1, which makes e2e_helpers.screenshot
write to docs/ instead of a temporary folder. Real Chromium (/usr/bin/chromium), host and
Apertium, as the tests run; test_views_in_both_schemes.py takes each view (selection box, panel,
whole-message view, options) in the browser's light and dark scheme. Then it lists the pictures
it re-made and any docs/screenshot-*.png it did not (no test makes it any more: a stale picture).

    python tools/refresh_screenshots.py            # every view, light and dark
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
CHROMIUM = "/usr/bin/chromium"  # what the e2e tests drive (tests/e2e/e2e_stack.py)


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


def pictures() -> dict[Path, int]:
    return {p: p.stat().st_mtime_ns for p in sorted((ROOT / "docs").glob("screenshot-*.png"))}


def main(argv: list[str]) -> int:
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: install Chromium (apt-get install chromium), as .ci/run does", file=sys.stderr)
        return 2
    env = {**os.environ, "E2E_REFRESH_SCREENSHOTS": "1"}
    before = pictures()
    code = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *screenshot_tests(), *argv],
                          cwd=ROOT, env=env).returncode
    after = pictures()
    made = [p.name for p, t in after.items() if before.get(p) != t]
    stale = [p.name for p in after if p.name not in made]
    print(f"re-made {len(made)}: {', '.join(made) or '-'}")
    if stale:
        print(f"not re-made {len(stale)}: {', '.join(stale)}", file=sys.stderr)
    return code or (1 if stale and not argv else 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
