#!/usr/bin/env python3
"""Two windows on one display, as two people on two machines: one hosts a Marauders
battle (you play A), one joins it (you play B). Each ends its part of the phases with
Space until it is A's movement; then side A's first model is moved with the pointer in
the host's window, and the joined window must show it where the host put it."""
import os, queue, subprocess, sys, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from harness import click, xdo
import json

binary, scenario, port = sys.argv[1], sys.argv[2], sys.argv[3]
addr = f"127.0.0.1:{port}"
lines = queue.Queue()


def launch(name, args):
    game = subprocess.Popen([binary, *args, "--trace"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def read():
        for line in game.stdout:
            try:
                lines.put((name, json.loads(line)))
            except json.JSONDecodeError:
                pass
    threading.Thread(target=read, daemon=True).start()
    return game


def windows(n):
    for _ in range(60):
        out = subprocess.run(["xdotool", "search", "--name", "^Warband$"],
                             capture_output=True, text=True).stdout.split()
        if len(out) >= n:
            return out
        time.sleep(0.5)
    sys.exit(f"net: {n} windows did not appear")


games = [launch("host", ["host", "--scenario", scenario, "--a", "human", "--b", "remote",
                         "--listen", addr, "--seed", "3"])]
win = {"host": windows(1)[0]}
time.sleep(3)
games.append(launch("join", ["join", addr, "--side", "b"]))
win["join"] = [w for w in windows(2) if w != win["host"]][0]
xdo("windowmove", win["join"], "1300", "0")
time.sleep(3)


def done(code, message):
    print(message)
    for g in games:
        g.terminate()
    for g in games:
        try:
            g.wait(5)
        except subprocess.TimeoutExpired:
            g.kill()
    sys.exit(code)


def space(name):
    xdo("windowfocus", win[name])
    xdo("mousemove", "--window", win[name], "640", "120")
    xdo("key", "space")
    time.sleep(0.4)


moved, deadline, last = None, time.time() + 120, {}
# A window traces its state only when it changes: a key lost under load (focus not
# yet moved) would leave the battle waiting. After 5 s without a line, the window
# awaited is pressed again, as long as no move has been made.
quiet_since = time.time()
while time.time() < deadline:
    try:
        name, state = lines.get(timeout=1)
    except queue.Empty:
        waiting = last.get("host", {}).get("awaiting")
        if moved is None and waiting and time.time() - quiet_since > 5:
            again = "host" if waiting == "a" else "join"
            if last.get(again, {}).get("phase") != "Movement" or again == "join":
                space(again)
            quiet_since = time.time()
        continue
    quiet_since = time.time()
    last[name] = state
    models = {m["id"]: m for m in state["models"]}
    if moved is not None:
        if name == "join" and (models[moved[0]]["x"], models[moved[0]]["y"]) == moved[1]:
            done(0, f"ok: model {moved[0]} moved by pointer in the host's window stands at {moved[1]} in the joined window")
        continue
    if state.get("awaiting") is None:
        continue
    acting = "host" if state["awaiting"] == "a" else "join"
    if name != acting:
        continue
    if state["phase"] != "Movement" or acting == "join":
        space(acting)
        continue
    mine = [m for m in state["models"] if m["side"] == "a" and m["in_play"]]
    target = mine[0]
    up = [m for m in state["models"] if m["side"] == "b"][0]
    scale = abs(up["sy"] - target["sy"]) / max(abs(up["y"] - target["y"]), 1e-3)
    xdo("windowfocus", win["host"])
    click(win["host"], target["sx"], target["sy"], 0.3)
    click(win["host"], target["sx"], target["sy"] - 2.0 * scale, 0.3)
    # The host's own trace says where the engine put it; the joiner must agree.
    while time.time() < deadline:
        n, s = lines.get(timeout=30)
        last[n] = s
        m = {x["id"]: x for x in s["models"]}[target["id"]]
        if n == "host" and (m["x"], m["y"]) != (target["x"], target["y"]):
            moved = (target["id"], (m["x"], m["y"]))
            seen = {x["id"]: x for x in last.get("join", {}).get("models", [])}.get(target["id"])
            if seen and (seen["x"], seen["y"]) == moved[1]:
                done(0, f"ok: model {moved[0]} moved by pointer in the host's window stands at {moved[1]} in the joined window")
            break
        if n == "host" and s.get("refusal"):
            done(1, f"net: the move was refused: {s['refusal']}")
done(1, f"net: the move was not seen in both windows; last states: {last}")
