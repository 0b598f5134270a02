#!/usr/bin/env python3
"""The window under abuse: starts `warband` (the menu) under the current X display with
a data folder holding a damaged save, a damaged army and damaged units.ron and
heroes.ron (the designers' files), opens the Load battle screen, shrinks the window to
320x240 and back, then sends random clicks, drags, wheel turns and keys over every
screen for the given seconds; then the same on a Toy Soldier and a Borderlands battle
(`play`), and on the Toy Soldier unit designer and the Borderlands hero designer in the
army builder. The process must stay up and print no panic.
Usage: abuse.py BINARY SECONDS SHOTS_DIR"""
import glob, os, random, subprocess, sys, tempfile, time

binary, seconds, shots = sys.argv[1], float(sys.argv[2]), sys.argv[3]
data = tempfile.mkdtemp(prefix="warband-abuse-")
os.makedirs(os.path.join(data, "saves"))
os.makedirs(os.path.join(data, "armies"))
with open(os.path.join(data, "saves", "torn.ron"), "w") as f:
    f.write("Save(format_version: 2, ruleset: \"marauders\", setup: (scenario: (name: \"To")
with open(os.path.join(data, "armies", "broken.ron"), "w") as f:
    f.write("ArmyList(name: \"Broken\", ruleset: \"marauders\", leader: 7)")
with open(os.path.join(data, "units.ron"), "w") as f:
    f.write("[UnitProfile(name: \"Torn\", activation: D7, morale: ")
with open(os.path.join(data, "heroes.ron"), "w") as f:
    f.write("[(name: \"Hero 0\", class: Fighter, level: 0, str: 40")
err = open(os.path.join(shots, "abuse.log"), "w")
game, win, quits = None, None, 0

def xdo(*args):
    return subprocess.run(["xdotool", *args], capture_output=True, text=True)

args = []

def start():
    """Starts the game (at its menu, or on what `args` open) and finds its window. A
    start the X server turns away (XOpenDisplayFailed: the process ends before any
    window) is tried again, twice at most; anything else that ends it fails the test."""
    global game, win
    for attempt in range(3):
        err.flush()
        mark = os.lseek(err.fileno(), 0, os.SEEK_END)
        game = subprocess.Popen([binary, *args], env={**os.environ, "WARBAND_DATA": data},
                                stdout=subprocess.DEVNULL, stderr=err)
        for _ in range(60):
            ids = xdo("search", "--name", "^Warband$").stdout.split()
            if ids and game.poll() is None:
                win = ids[-1]
                xdo("windowfocus", win)
                time.sleep(4)
                wait_drawn()
                return
            if game.poll() is not None:
                break
            time.sleep(0.5)
        err.flush()
        with open(err.name) as log:
            log.seek(mark)
            turned_away = "XOpenDisplayFailed" in log.read()
        if game.poll() is None or not turned_away:
            break
        # The X server's refusal is no fault of the game's: its panic is cut from the
        # log, which must otherwise hold none.
        os.ftruncate(err.fileno(), mark)
        os.lseek(err.fileno(), mark, os.SEEK_SET)
        print(f"abuse: the X server turned the game away (start {attempt + 1}); again")
        time.sleep(2)
    sys.exit("abuse: no Warband window appeared")

def wait_drawn():
    """Waits (up to 30 s) until the window shows more than black: a click before the
    first frame lands nowhere, or on a layout not yet made."""
    probe = os.path.join(shots, "probe.png")
    for _ in range(60):
        subprocess.run(["import", "-window", "root", probe], check=False)
        mean = subprocess.run(["convert", probe, "-format", "%[fx:mean]", "info:"],
                              capture_output=True, text=True).stdout
        if float(mean or 0) > 0.03:
            break
        time.sleep(0.5)
    time.sleep(1)

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
click(640, 498); alive("Load battle"); shot("abuse-load.png")
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

rng = random.Random(2026)
keys = ["space", "Escape", "z", "t", "f", "w", "a", "s", "d", "r", "q", "e", "m", "Return", "Tab",
        "Up", "Left",
        "BackSpace", "1", "9", "minus", "period"]
actions = 0

def random_input(secs, what, box=(0, 0, 1280, 800)):
    """Random clicks, drags, wheel turns and keys inside `box` for `secs` seconds."""
    global actions
    x0, y0, x1, y1 = box
    end = time.time() + secs
    while time.time() < end:
        alive(f"random input on {what} after {actions} actions", may_quit=True)
        x, y = rng.randrange(x0, x1), rng.randrange(y0, y1)
        kind = rng.random()
        if kind < 0.5:
            xdo("mousemove", "--window", win, str(x), str(y), "click", "1")
        elif kind < 0.65:
            xdo("mousemove", "--window", win, str(x), str(y), "mousedown", str(rng.choice([1, 2, 3])))
            xdo("mousemove", "--window", win, str(rng.randrange(x0, x1)), str(rng.randrange(y0, y1)))
            xdo("mouseup", "1"); xdo("mouseup", "2"); xdo("mouseup", "3")
        elif kind < 0.8:
            xdo("mousemove", "--window", win, str(x), str(y), "click", rng.choice(["4", "5"]))
        else:
            xdo("key", rng.choice(keys))
        actions += 1
        time.sleep(0.05)

def restart(with_args):
    """Closes the game and starts it again on `with_args`."""
    global args
    game.terminate()
    try:
        game.wait(5)
    except subprocess.TimeoutExpired:
        game.kill()
    # Its window must be gone before the next one is looked for.
    for _ in range(20):
        if not xdo("search", "--name", "^Warband$").stdout.split():
            break
        time.sleep(0.25)
    args = with_args
    start()

def height():
    """The window's height (it may open at its remembered size, not the screen's)."""
    out = xdo("getwindowgeometry", "--shell", win).stdout
    sizes = dict(line.split("=") for line in out.split() if "=" in line)
    return int(sizes.get("HEIGHT", 800))

# Random input everywhere, from the menu.
random_input(seconds, "the menu and its screens")
shot("abuse-menu-end.png")

# A battle of each newer ruleset, played by random input (the player is side A).
for ruleset, scenario in [("toy-soldier", "river-crossing"), ("borderlands", "lair-hall")]:
    restart(["play", "--scenario", f"assets/scenarios/{scenario}.ron"])
    random_input(seconds / 2, f"a {ruleset} battle")
    shot(f"abuse-{ruleset}.png")

# The unit designer and the hero designer: Army builder, its ruleset, the designer open,
# random input over the designer's pane (with damaged units.ron and heroes.ron).
for ruleset, item_y in [("toy-soldier", 144), ("borderlands", 171)]:
    # The battles above were left in progress: the menu would offer to resume one, its
    # buttons moved down. This is about the designers.
    for leftover in glob.glob(os.path.join(data, "**", "autosave*.ron"), recursive=True):
        os.remove(leftover)
    restart([])
    # The menu is centred in the window: the Army builder's button is 31 px above it.
    click(640, height() // 2 - 31); click(668, 87); click(680, item_y); click(160, 43)
    alive(f"opening the {ruleset} designer")
    shot(f"abuse-designer-{ruleset}.png")
    random_input(seconds / 3, f"the {ruleset} designer", box=(0, 0, 560, 800))
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
print(f"abuse: {actions} random actions over the menu, a Toy Soldier and a Borderlands "
      f"battle and both designers ({quits} clicks on Quit), resized to 320x240 and back: "
      "no crash, no panic")
