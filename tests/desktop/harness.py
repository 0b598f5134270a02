"""What every pointer test shares: start `warband play --trace` under the current X
display with a watchdog, find and focus its window, click in it, read its trace lines,
and finish with a verdict."""
import json, subprocess, sys, threading, time


def start(binary, scenario, seed):
    """`warband play` of a scenario, you (A) against the normal player (B), tracing."""
    game = subprocess.Popen(
        [binary, "play", "--scenario", scenario, "--a", "human", "--b", "normal",
         "--seed", str(seed), "--trace"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    # If the game hangs, stop it: the reading loop then ends and the test reports.
    watchdog = threading.Timer(150, game.kill)
    watchdog.daemon = True
    watchdog.start()
    return game


def xdo(*args):
    subprocess.run(["xdotool", *args], check=True)


def window():
    """The game's window, given the keyboard (there is no window manager under Xvfb)."""
    for _ in range(60):
        out = subprocess.run(["xdotool", "search", "--name", "^Warband$"],
                             capture_output=True, text=True).stdout.split()
        if out:
            xdo("windowfocus", out[0])
            return out[0]
        time.sleep(0.5)
    sys.exit("no Warband window appeared")


def click(win, x, y, pause=0.4):
    xdo("mousemove", "--window", win, str(int(x)), str(int(y)))
    time.sleep(pause)
    xdo("click", "1")
    time.sleep(pause)


def states(game, ruleset=None):
    """Each trace line of the game as a dict (of one ruleset's battle, if given)."""
    for line in game.stdout:
        try:
            state = json.loads(line)
        except json.JSONDecodeError:
            continue
        if ruleset is None or state.get("ruleset") == ruleset:
            yield state


def finish(game, code, message):
    print(message)
    game.terminate()
    try:
        game.wait(5)
    except subprocess.TimeoutExpired:
        game.kill()
    sys.exit(code)
