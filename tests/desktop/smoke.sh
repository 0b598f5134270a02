#!/usr/bin/env bash
# Runs the real game binary as a person would, under a virtual X display with the
# software renderer: (1) watch a battle of each ruleset and take screenshots, which
# must not be blank; (2) drive a Marauders move, a Toy Soldier activation and a
# Borderlands attack with the pointer (xdotool) and see them happen, and drag, save and
# undo in the scenario editor, and see a move made in a hosting window appear in a
# joined one; (3) abuse the
# window (damaged files, a tiny window, random input) and see it stay up without a panic.
# Usage: tests/desktop/smoke.sh path/to/warband
set -euo pipefail
bin=$(realpath "$1")
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
screen=(-a -s "-screen 0 1280x800x24")
# The pointer tests click where things are in a 1280 x 800 window.
export WARBAND_WINDOW=1280x800

# Opens a screen (a window subcommand with its arguments: `watch`, `lab`, `edit`) and
# checks its screenshot is not blank.
look() {
  local name=$1
  shift
  WARBAND_DATA="$out/data-$name" xvfb-run "${screen[@]}" "$bin" "$@" --screenshot "$out/$name.png" --after 7 \
    >/dev/null 2>"$out/$name.log"
  [ -s "$out/$name.png" ] || { echo "smoke: no screenshot of $name"; tail -20 "$out/$name.log"; exit 1; }
  colours=$(convert "$out/$name.png" -format %k info:)
  spread=$(convert "$out/$name.png" -colorspace Gray -format "%[fx:standard_deviation]" info:)
  echo "smoke: $name screenshot has $colours colours, brightness spread $spread"
  python3 - "$colours" "$spread" <<'PY'
import sys
colours, spread = int(sys.argv[1]), float(sys.argv[2])
if colours < 64 or spread < 0.05:
    sys.exit(f"smoke: the screenshot looks blank ({colours} colours, spread {spread})")
PY
}

look marauders watch --scenario assets/scenarios/woods-and-walls.ron --speed 4
look toy-soldier watch --scenario assets/scenarios/river-crossing.ron --speed 4
# A Borderlands battle can be over in a few rounds: watch it at the normal pace.
look borderlands watch --scenario assets/scenarios/lair-hall.ron --speed 1
# A saved battle replayed, with its timeline.
look replay watch --replay tests/fixtures/toy-soldier/open-meadow-normal-v-charge.ron

# The lab playing a batch with its charts, and the scenario editor on a shipped table.
look lab lab --scenario assets/scenarios/open-field.ron --games 60
look editor edit --scenario assets/scenarios/river-crossing.ron

xvfb-run "${screen[@]}" python3 tests/desktop/pointer_move.py "$bin" assets/scenarios/open-field.ron
xvfb-run "${screen[@]}" python3 tests/desktop/pointer_toy.py "$bin" assets/scenarios/open-meadow.ron
xvfb-run "${screen[@]}" python3 tests/desktop/pointer_editor.py "$bin"
xvfb-run "${screen[@]}" python3 tests/desktop/pointer_bx.py "$bin" assets/scenarios/cave-mouth.ron
# Two windows side by side, as two machines: one hosts, one joins; a move made by
# pointer in one appears in the other.
WARBAND_DATA="$out/data-net" xvfb-run -a -s "-screen 0 2600x800x24" \
  python3 tests/desktop/pointer_net.py "$bin" assets/scenarios/open-field.ron 47491

# (3) The window under abuse: damaged files, 320x240 and back, 30 s of random input.
xvfb-run "${screen[@]}" python3 tests/desktop/abuse.py "$bin" 30 "$out"
echo "smoke: passed"
