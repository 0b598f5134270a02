#!/usr/bin/env python3
"""The window under abuse: starts `warband` (the menu) under the current X display with
a data folder holding a damaged save and a damaged army, opens the Load battle and Army
builder screens, shrinks the window to 320x240 and back, then sends random clicks,
drags, wheel turns and keys over every screen for the given seconds. The process must
stay up and print no panic. Usage: abuse.py BINARY SECONDS SHOTS_DIR"""
import os, random, subprocess, sys, tempfile, time

binary, seconds, shots = sys.argv[1], float(sys.argv[2]), sys.argv[3]
data = tempfile.mkdtemp(prefix="warband-abuse-")
os.makedirs(os.path.join(data, "saves"))
os.makedirs(os.path.join(data, "armies"))
with open(os.path.join(data, "saves", "torn.ron"), "w") as f:
    f.write("Save(format_version: 2, ruleset: \"marauders\", setup: (scenario: (name: \"To")
with open(os.path.join(data, "armies", "broken.ron"), "w") as f:
    f.write("ArmyList(name: \"Broken\", ruleset: \"marauders\", leader: 7)")
err = open(os.path.join(shots, "abuse.log"), "w")
game, win, quits = None, None, 0

def xdo(*args):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True)

def start():
    """Starts the game at its menu and finds its window."""
    global game, win
    game = subprocess.Popen([binary], env={**os.environ, "WARBAND_DATA": data},
                            stdout=subprocess.DEVNULL, stderr=err)
    for _ in range(60):
        ids = xdo("search", "--name", "^Warband$").stdout.split()
        if ids and game.poll() is None:
            win = ids[-1]
            xdo("windowfocus", win)
            time.sleep(4)
            return
        time.sleep(0.5)
    sys.exit("abuse: no Warband window appeared")

def alive(what, may_quit=False):
    """Fails if the game died; a clean exit (a click on Quit) restarts it when allowed."""
    global quits
    code = game.poll()
    if code is None:
        return
    if code == 0 and may_quit:
        quits += 1
        start()
        return
    err.flush()
    sys.exit(f"abuse: the game exited ({code}) during {what}")

def shot(name):
    subprocess.run(["import", "-window", "root", os.path.join(shots, name)], check=False)

start()

def click(x, y):
    xdo("mousemove", "--window", win, str(x), str(y))
    time.sleep(0.2)
    xdo("click", "1")
    time.sleep(1.5)

# The menu is centred in 1280x800: Load battle, then back; Army builder, then back.
click(640, 409); alive("Load battle"); shot("abuse-load.png")
xdo("key", "Escape"); time.sleep(0.5); alive("Escape")
for _ in range(2):
    click(40, 20)  # a back button, where the screen has one at its top left
alive("leaving Load battle")

# Shrink and restore.
for size in [("320", "240"), ("1280", "800")]:
    xdo("windowsize", win, *size)
    time.sleep(1.5)
    alive(f"resize to {size}")
shot("abuse-resized.png")

# Random input everywhere.
rng = random.Random(2026)
keys = ["space", "Escape", "z", "t", "f", "w", "a", "s", "d", "m", "Return", "Tab"]
end = time.time() + seconds
actions = 0
while time.time() < end:
    alive(f"random input after {actions} actions", may_quit=True)
    x, y = rng.randrange(0, 1280), rng.randrange(0, 800)
    kind = rng.random()
    if kind < 0.5:
        xdo("mousemove", "--window", win, str(x), str(y), "click", "1")
    elif kind < 0.65:
        xdo("mousemove", "--window", win, str(x), str(y), "mousedown", str(rng.choice([1, 2, 3])))
        xdo("mousemove", "--window", win, str(rng.randrange(0, 1280)), str(rng.randrange(0, 800)))
        xdo("mouseup", "1"); xdo("mouseup", "2"); xdo("mouseup", "3")
    elif kind < 0.8:
        xdo("mousemove", "--window", win, str(x), str(y), "click", rng.choice(["4", "5"]))
    else:
        xdo("key", rng.choice(keys))
    actions += 1
    time.sleep(0.05)
shot("abuse-end.png")
alive("the end", may_quit=True)
game.terminate()
try:
    game.wait(5)
except subprocess.TimeoutExpired:
    game.kill()
err.close()
log = open(os.path.join(shots, "abuse.log")).read()
if "panicked" in log:
    sys.exit("abuse: the game panicked:\n" + log[-2000:])
print(f"abuse: {actions} random actions over {seconds:.0f} s ({quits} clicks on Quit), "
      "resized to 320x240 and back: no crash, no panic")
