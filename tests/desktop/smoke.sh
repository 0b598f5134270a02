#!/usr/bin/env bash
# Runs the real game binary as a person would, under a virtual X display with the
# software renderer: (1) watch an AI battle and take a screenshot, which must not be
# blank; (2) drive a move with the pointer (xdotool) and see the model move; (3) abuse the
# window (damaged files, a tiny window, random input) and see it stay up without a panic.
# Usage: tests/desktop/smoke.sh path/to/warband
set -euo pipefail
bin=$(realpath "$1")
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
screen=(-a -s "-screen 0 1280x800x24")

xvfb-run "${screen[@]}" "$bin" watch --scenario assets/scenarios/woods-and-walls.ron \
  --speed 4 --screenshot "$out/battle.png" --after 8 >/dev/null 2>"$out/watch.log"
[ -s "$out/battle.png" ] || { echo "smoke: no screenshot"; tail -20 "$out/watch.log"; exit 1; }
colours=$(convert "$out/battle.png" -format %k info:)
spread=$(convert "$out/battle.png" -colorspace Gray -format "%[fx:standard_deviation]" info:)
echo "smoke: screenshot has $colours colours, brightness spread $spread"
python3 - "$colours" "$spread" <<'PY'
import sys
colours, spread = int(sys.argv[1]), float(sys.argv[2])
if colours < 64 or spread < 0.05:
    sys.exit(f"smoke: the screenshot looks blank ({colours} colours, spread {spread})")
PY

xvfb-run "${screen[@]}" python3 tests/desktop/pointer_move.py "$bin" assets/scenarios/open-field.ron

# (3) The window under abuse: damaged files, 320x240 and back, 30 s of random input.
xvfb-run "${screen[@]}" python3 tests/desktop/abuse.py "$bin" 30 "$out"
echo "smoke: passed"
