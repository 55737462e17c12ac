#!/bin/sh
# Re-makes every speed figure docs/speed.md quotes, in the order it quotes them,
# each benchmark's rows with the load average beside them. About 15 minutes on two quiet cores.
#   benchmarks/all.sh [--browser]   (--browser: also the real-Chromium clicks, bench_click.py)
set -e
cd "$(dirname "$0")/.."
python=.venv/bin/python
date -u +"%Y-%m-%d %H:%M UTC, commit $(git rev-parse --short HEAD)"
$python benchmarks/bench_network.py --rounds 2
$python benchmarks/bench_engine.py --repeat 2
$python benchmarks/bench_stages.py --repeat 3
$python benchmarks/bench_host.py --repeat 2
if [ "$1" = "--browser" ]; then
    $python benchmarks/bench_click.py --repeat 5 --open 3,8
fi
