#!/usr/bin/env python3
"""Drives a Marauders move with the real pointer: ends phases with Space until it is
side A's movement, clicks side A's first model, clicks a spot towards the enemy, and
checks that the model moved there."""
import os, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import click, finish, start, states, window, xdo

binary, scenario = sys.argv[1], sys.argv[2]
game = start(binary, scenario, 3)
win, clicked, state = None, None, None
for state in states(game):
    if win is None:
        win = window()
        time.sleep(2)  # let the first frames settle
    models = {m["id"]: m for m in state["models"]}
    if clicked is not None:
        m = models[clicked[0]]
        if (m["x"], m["y"]) != clicked[1]:
            finish(game, 0, f"ok: model {clicked[0]} moved from {clicked[1]} to ({m['x']:.2f}, {m['y']:.2f}) by pointer")
        if state.get("refusal"):
            finish(game, 1, f"the move was refused: {state['refusal']}")
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
        click(win, target["sx"], target["sy"], 0.3)
        # Two inches up the table (towards side B), in window pixels.
        up = [m for m in state["models"] if m["side"] == "b"][0]
        scale = abs(up["sy"] - target["sy"]) / max(abs(up["y"] - target["y"]), 1e-3)
        clicked = (target["id"], (target["x"], target["y"]))
        click(win, target["sx"], target["sy"] - 2.0 * scale, 0.3)
finish(game, 1, f"the game stopped before the move was seen; last state: {state}")
