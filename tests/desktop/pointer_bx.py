#!/usr/bin/env python3
"""Makes one Borderlands attack with the real pointer: starts `warband play` on a
Borderlands scenario with --trace, waits for side A's step, clicks one of side A's models
to choose it and then the nearest enemy to shoot it (or strike it, if touching); if the
engine refuses (out of range, no missile), it tries the next model. Passes when an attack
is accepted. Exits non-zero (with the reason) otherwise."""
import json, subprocess, sys, threading, time

binary, scenario = sys.argv[1], sys.argv[2]
game = subprocess.Popen(
    [binary, "play", "--scenario", scenario, "--a", "human", "--b", "normal", "--seed", "5", "--trace"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
watchdog = threading.Timer(150, game.kill)
watchdog.daemon = True
watchdog.start()

def xdo(*args):
    subprocess.run(["xdotool", *args], check=True)

def window():
    for _ in range(60):
        out = subprocess.run(["xdotool", "search", "--name", "^Warband$"], capture_output=True, text=True).stdout.split()
        if out:
            xdo("windowfocus", out[0])
            return out[0]
        time.sleep(0.5)
    sys.exit("no Warband window appeared")

def click(win, x, y):
    xdo("mousemove", "--window", win, str(int(x)), str(int(y)))
    time.sleep(0.4)
    xdo("click", "1")
    time.sleep(0.4)

def finish(code, message):
    print(message)
    game.terminate()
    try:
        game.wait(5)
    except subprocess.TimeoutExpired:
        game.kill()
    sys.exit(code)

win, tried, waiting = None, 0, None
for line in game.stdout:
    try:
        state = json.loads(line)
    except json.JSONDecodeError:
        continue
    if state.get("ruleset") != "borderlands":
        continue
    if win is None:
        win = window()
        time.sleep(2)
    if waiting is not None and state["commands"] > waiting:
        if state.get("refusal") is None:
            finish(0, f"ok: model {chooser} attacked model {target} by pointer")
        waiting = None
    if state["human"] != "a" or waiting is not None:
        continue
    mine = [m for m in state["models"] if m["side"] == "a" and m["in_play"]]
    foes = [m for m in state["models"] if m["side"] == "b" and m["in_play"]]
    if tried >= len(mine) or not foes:
        finish(1, f"no model of side A could attack; last refusal: {state.get('refusal')}")
    m = mine[tried]
    tried += 1
    near = min(foes, key=lambda f: (f["x"] - m["x"]) ** 2 + (f["y"] - m["y"]) ** 2)
    chooser, target = m["id"], near["id"]
    click(win, m["sx"], m["sy"])
    waiting = state["commands"]
    click(win, near["sx"], near["sy"])
finish(1, "the game stopped before an attack was seen")
