"""Drives the scenario editor with the pointer as a person would: drag a wood across
the table, save, and find it moved in the saved file; undo with Ctrl+Z, save again,
and find it back; the saved file passes `warband validate`.
Usage: pointer_editor.py path/to/warband (under an X display)."""
import os, re, shutil, subprocess, sys, tempfile, threading, time
from harness import click, window, xdo

binary = sys.argv[1]
data = tempfile.mkdtemp(prefix="warband-editor-")
env = dict(os.environ, WARBAND_DATA=data)
game = subprocess.Popen([binary, "edit", "--scenario", "assets/scenarios/river-crossing.ron"],
                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
watchdog = threading.Timer(90, game.kill)
watchdog.daemon = True
watchdog.start()
saved = os.path.join(data, "scenarios", "river-crossing.ron")


def south_copse_x():
    """The smallest x of the South copse's corners in the saved file."""
    text = open(saved).read()
    block = text[text.index('"South copse"'):]
    block = block[:block.index("]")]
    return min(float(x) for x, _ in re.findall(r"\(([\d.]+),\s*([\d.]+)\)", block))


def save_and_read():
    if os.path.exists(saved):
        os.remove(saved)
    click(win, 242, 106)  # Save, at the top of the form (1280x800)
    for _ in range(20):
        if os.path.exists(saved):
            return south_copse_x()
        time.sleep(0.25)
    game.kill()
    sys.exit("pointer_editor: Save wrote no file")


win = window()
time.sleep(8)
before = save_and_read()
# Drag the South copse 150 points (about 4.6") to the right.
xdo("mousemove", "--window", win, "557", "517")
xdo("mousedown", "1")
for step in range(1, 11):
    xdo("mousemove", "--window", win, str(557 + 15 * step), "517")
    time.sleep(0.05)
xdo("mouseup", "1")
time.sleep(0.6)
moved = save_and_read()
# Ctrl held as a hand holds it (a press and release in one frame loses the modifier).
xdo("keydown", "ctrl")
time.sleep(0.2)
xdo("key", "z")
time.sleep(0.2)
xdo("keyup", "ctrl")
time.sleep(0.6)
undone = save_and_read()
game.terminate()
ok = subprocess.run([binary, "validate", saved], capture_output=True, text=True)
shutil.rmtree(data, ignore_errors=True)
print(f"pointer_editor: South copse from x={before:.2f} to {moved:.2f}, back to {undone:.2f} after Ctrl+Z")
if not 3.5 < moved - before < 5.5:
    sys.exit("pointer_editor: the drag did not move the wood about 4.6\"")
if abs(undone - before) > 1e-3:
    sys.exit("pointer_editor: Ctrl+Z did not put the wood back")
if ok.returncode != 0:
    sys.exit(f"pointer_editor: the saved scenario does not validate: {ok.stdout}{ok.stderr}")
print("ok: a wood dragged, saved, undone and saved again; the file validates")
