#!/usr/bin/env python3
"""Plays a Toy Soldier activation with the real pointer: on side A's turn, clicks one of
its units to activate it, then a spot three inches ahead, and checks the unit moved
straight ahead with its facing unchanged."""
import math, os, sys, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import click, finish, start, states, window

binary, scenario = sys.argv[1], sys.argv[2]
game = start(binary, scenario, 5)
win, unit, commands = None, None, None
for state in states(game, "toy-soldier"):
    if win is None:
        win = window()
        time.sleep(2)
    models = {m["id"]: m for m in state["models"]}
    if unit is not None and state["commands"] > commands:
        if state.get("refusal"):
            finish(game, 1, f"refused: {state['refusal']}")
        m = models[unit["id"]]
        if (m["x"], m["y"]) != (unit["x"], unit["y"]):
            f = unit["facing"]
            ahead = (m["x"] - unit["x"]) * -math.sin(f) + (m["y"] - unit["y"]) * math.cos(f)
            if ahead > 1.0 and abs(m["facing"] - f) < 1e-4:
                finish(game, 0, f"ok: unit {unit['id']} activated and moved {ahead:.2f}\" ahead by pointer")
            finish(game, 1, f"unit {unit['id']} moved wrongly: {unit} -> {m}")
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
finish(game, 1, "the game stopped before the move was seen")
