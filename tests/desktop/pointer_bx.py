#!/usr/bin/env python3
"""Makes one Borderlands attack with the real pointer: on side A's step, clicks one of
its models to choose it and then the nearest enemy to shoot it (or strike it, if
touching); if the engine refuses (out of range), or the model has no missile weapon
for a far enemy (nothing is sent), it tries the next model.
Passes when an attack is accepted."""
import os, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import click, finish, start, states, window

binary, scenario = sys.argv[1], sys.argv[2]
game = start(binary, scenario, 5)
win, tried, waiting = None, 0, None
for state in states(game, "borderlands"):
    if win is None:
        win = window()
        time.sleep(2)
    if waiting is not None and state["commands"] > waiting:
        if state.get("refusal") is None:
            finish(game, 0, f"ok: model {chooser} attacked model {target} by pointer")
        waiting = None
    # A model with no missile weapon sends nothing for a far enemy: it is told to close
    # in, and the next model is tried.
    if waiting is not None and f"#{chooser} has no missile weapon" in (state.get("refusal") or ""):
        waiting = None
    if state["human"] != "a" or waiting is not None:
        continue
    mine = [m for m in state["models"] if m["side"] == "a" and m["in_play"]]
    foes = [m for m in state["models"] if m["side"] == "b" and m["in_play"]]
    if tried >= len(mine) or not foes:
        finish(game, 1, f"no model of side A could attack; last refusal: {state.get('refusal')}")
    m = mine[tried]
    tried += 1
    near = min(foes, key=lambda f: (f["x"] - m["x"]) ** 2 + (f["y"] - m["y"]) ** 2)
    chooser, target = m["id"], near["id"]
    click(win, m["sx"], m["sy"])
    waiting = state["commands"]
    click(win, near["sx"], near["sy"])
finish(game, 1, "the game stopped before an attack was seen")
