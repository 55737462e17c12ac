#!/usr/bin/env python3
"""Install the PRISM Translate native-messaging host from this source checkout:
`python3 install_host.py [--dry-run] [--browser NAME] ...`, the same as `prism install-host`
(host/prism_translate/install.py, loaded by path: this needs only the standard library). Without
--python it installs the package from this checkout into its own venv first."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent

if __name__ == "__main__":
    spec = importlib.util.spec_from_file_location("prism_install", ROOT / "host" / "prism_translate" / "install.py")
    installer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(installer)
    sys.exit(installer.main(checkout=ROOT))
