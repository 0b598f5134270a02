#!/usr/bin/env python3
"""Drives a move with the real pointer: starts `warband play` under the current X
display with --trace, ends phases with Space until it is side A's movement, clicks
side A's first model, clicks a spot towards the enemy, and checks that the model moved
there. Exits non-zero (with the reason) if anything goes wrong."""
import json, subprocess, sys, threading, time

binary, scenario = sys.argv[1], sys.argv[2]
game = subprocess.Popen(
    [binary, "play", "--scenario", scenario, "--a", "human", "--b", "normal", "--seed", "3", "--trace"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)

# If the game hangs, stop it: the loop below then ends and reports.
watchdog = threading.Timer(150, game.kill)
watchdog.daemon = True
watchdog.start()

def xdo(*args):
    subprocess.run(["xdotool", *args], check=True)

def window():
    for _ in range(60):
        out = subprocess.run(["xdotool", "search", "--name", "^Warband$"], capture_output=True, text=True).stdout.split()
        if out:
            # No window manager under Xvfb: give the window the keyboard ourselves.
            xdo("windowfocus", out[0])
            return out[0]
        time.sleep(0.5)
    sys.exit("no Warband window appeared")

def click(win, x, y):
    xdo("mousemove", "--window", win, str(int(x)), str(int(y)))
    time.sleep(0.3)
    xdo("click", "1")
    time.sleep(0.3)

def finish(code, message):
    print(message)
    game.terminate()
    try:
        game.wait(5)
    except subprocess.TimeoutExpired:
        game.kill()
    sys.exit(code)

win = None
clicked = None
state = None
for line in game.stdout:
    try:
        state = json.loads(line)
    except json.JSONDecodeError:
        continue
    if win is None:
        win = window()
        time.sleep(2)  # let the first frames settle
    models = {m["id"]: m for m in state["models"]}
    if clicked is not None:
        m = models[clicked[0]]
        if (m["x"], m["y"]) != clicked[1]:
            finish(0, f"ok: model {clicked[0]} moved from {clicked[1]} to ({m['x']:.2f}, {m['y']:.2f}) by pointer")
        if state.get("refusal"):
            finish(1, f"the move was refused: {state['refusal']}")
        continue
    if state["awaiting"] != "a":
        continue
    if state["phase"] in ("DeclareSpells", "Initiative", "Shooting", "Attacking"):
        xdo("mousemove", "--window", win, "640", "120")
        xdo("key", "space")
        time.sleep(0.3)
        continue
    if state["phase"] == "Movement":
        mine = [m for m in state["models"] if m["side"] == "a" and m["in_play"]]
        target = mine[0]
        click(win, target["sx"], target["sy"])
        # Two inches up the table (towards side B), in window pixels.
        up = [m for m in state["models"] if m["side"] == "b"][0]
        scale = abs(up["sy"] - target["sy"]) / max(abs(up["y"] - target["y"]), 1e-3)
        clicked = (target["id"], (target["x"], target["y"]))
        click(win, target["sx"], target["sy"] - 2.0 * scale)
finish(1, f"the game stopped before the move was seen; last state: {state}")
