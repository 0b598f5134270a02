#!/usr/bin/env python3
"""Plays a Toy Soldier activation with the real pointer: starts `warband play` on a Toy
Soldier scenario under the current X display with --trace, waits for side A's turn,
clicks one of side A's units to activate it, then clicks a spot three inches ahead of it
and checks the unit moved straight ahead (its facing unchanged). Exits non-zero (with the
reason) if anything goes wrong."""
import json, math, subprocess, sys, threading, time

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

win, unit, commands = None, None, None
for line in game.stdout:
    try:
        state = json.loads(line)
    except json.JSONDecodeError:
        continue
    if state.get("ruleset") != "toy-soldier":
        continue
    if win is None:
        win = window()
        time.sleep(2)
    models = {m["id"]: m for m in state["models"]}
    if unit is not None and state["commands"] > commands:
        if state.get("refusal"):
            finish(1, f"refused: {state['refusal']}")
        m = models[unit["id"]]
        if (m["x"], m["y"]) != (unit["x"], unit["y"]):
            ahead = (m["x"] - unit["x"]) * -math.sin(unit["facing"]) + (m["y"] - unit["y"]) * math.cos(unit["facing"])
            if ahead > 1.0 and abs(m["facing"] - unit["facing"]) < 1e-4:
                finish(0, f"ok: unit {unit['id']} activated and moved {ahead:.2f}\" ahead by pointer")
            finish(1, f"unit {unit['id']} moved wrongly: {unit} -> {m}")
        commands = state["commands"]
        continue
    if state["human"] != "a" or unit is not None:
        continue
    mine = [m for m in state["models"] if m["side"] == "a" and m["in_play"]]
    unit = mine[len(mine) // 2]
    click(win, unit["sx"], unit["sy"])
    commands = state["commands"] + 1
    # Three inches ahead (side A faces up the table), in window pixels.
    other = [m for m in state["models"] if m["side"] == "b"][0]
    scale = abs(other["sy"] - unit["sy"]) / max(abs(other["y"] - unit["y"]), 1e-3)
    time.sleep(0.5)
    click(win, unit["sx"], unit["sy"] - 3.0 * scale)
finish(1, "the game stopped before the move was seen")
