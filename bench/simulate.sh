#!/usr/bin/env bash
# Rules speed: 200 headless 4-player Evolution games between seeded random bots.
# Usage: bench/simulate.sh [extra simulate arguments]   (SEED=1 by default)
# Not a test: it prints figures and exits 0 unless a game raised an error.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -x .venv/bin/boardgames-tui ]; then bin=.venv/bin/boardgames-tui; else bin=boardgames-tui; fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT

"$bin" simulate evolution --players 4 --games 200 --seed "${SEED:-1}" "$@" >"$log"
tail -n 5 "$log"
speed=$(sed -n 's/^speed: .* = \([0-9]*\) choices\/s$/\1/p' "$log")
echo "simulate evolution, 4 players, 200 games: ${speed} choices/s"
