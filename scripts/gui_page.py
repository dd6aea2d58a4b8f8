"""What the headless GUI tests share: Debian's Chromium, chromedriver and
Selenium (installed with apt-get when missing), a `timur gui` server and a
fresh headless Chromium on it (`Page`), reading the page's state, clicking
moves, and a separate `timur` process in UCI (`Uci`) to check the page
against.
"""
import os
import re
import shutil
import subprocess
import sys

SYSTEM_PYTHON = "/usr/bin/python3"
VARIANTS = ["chess", "chess960", "xiangqi", "tamerlane", "jasir", "jarmo"]


def ensure_dependencies():
    """Installs what is missing and runs the script again under the system
    Python (where Debian's Selenium lives) if it is not already."""
    try:
        import selenium  # noqa: F401
        if shutil.which("chromium") and shutil.which("chromedriver"):
            return
    except ImportError:
        pass
    if not (shutil.which("chromium") and shutil.which("chromedriver")) or not os.path.exists(
            "/usr/lib/python3/dist-packages/selenium"):
        print("installing chromium, chromium-driver, python3-selenium with apt-get", flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium", "chromium-driver",
                        "python3-selenium"], check=True)
    if sys.executable != SYSTEM_PYTHON:
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)


ensure_dependencies()

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


class Page:
    """`timur gui` on a free port and a headless Chromium with a fresh
    profile; both end (and the profile is removed) on leaving the `with`."""

    def __init__(self, timur, width=1060, height=1200, mobile=False):
        self.timur, self.size, self.mobile = timur, (width, height), mobile

    def __enter__(self):
        self.server = subprocess.Popen([self.timur, "gui", "--port", "0"],
                                       stdout=subprocess.PIPE, text=True)
        self.url = self.server.stdout.readline().split()[-1]
        print(f"timur gui at {self.url}", flush=True)
        options = Options()
        self.profile = f"/tmp/timur-chromium-{os.getpid()}"
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     f"--user-data-dir={self.profile}", "--window-size=%d,%d" % self.size):
            options.add_argument(flag)
        if self.mobile:
            # A phone: its width in CSS pixels, touch events, a mobile viewport.
            width, height = self.size
            options.add_experimental_option("mobileEmulation", {
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 3.0,
                                  "touch": True, "mobile": True}})
        self.driver = webdriver.Chrome(options=options)
        return self

    def __exit__(self, *_):
        self.driver.quit()
        self.server.terminate()
        self.server.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def open(self, wait):
        """Loads the page and waits for the session's first state."""
        self.driver.get(self.url)
        wait.until(lambda d: state(d) is not None)


def state(driver):
    """The session's last `state` message, as the page keeps it."""
    return driver.execute_script("return window.timur.state")


def wait_turn(driver, wait, ply):
    """Waits until the page shows `ply` plies and the engine is not thinking."""
    wait.until(lambda d: (lambda s: s and s["ply"] >= ply and not s["thinking"])(state(d)))
    return state(driver)


def click(driver, selector):
    driver.find_element(By.CSS_SELECTOR, selector).click()


def play_move(driver, move):
    """Clicks a move of the state's legal list: from-square (or the hand),
    to-square, and its entry of the choice menu when one opens."""
    if move["drop"] is not None:
        click(driver, '[data-hand="white"] rect')
    else:
        click(driver, f'[data-sq="{move["from"]}"]')
    click(driver, f'[data-sq="{move["to"]}"]')
    choice = driver.find_element(By.ID, "choice")
    if choice.is_displayed():
        click(driver, f'#choice button[data-text="{move["text"]}"]')


def set_engine(driver, sides, depth=None):
    """The engine's sides (and depth per move) through the page's controls."""
    script = f"document.getElementById('sides').value='{sides}';"
    if depth is not None:
        script += ("document.getElementById('limit').value='depth';"
                   f"document.getElementById('amount').value='{depth}';")
    driver.execute_script(script)
    click(driver, "#apply")


def new_game(driver, wait, variant):
    """A new game of `variant` through the page's controls."""
    driver.execute_script(f"document.getElementById('variant').value='{variant}'")
    click(driver, "#new")
    wait.until(lambda d: (lambda s: s and s["variant"] == variant and s["ply"] == 0)(state(d)))
    return state(driver)


class Uci:
    """A timur process in UCI, the record the page is checked against."""

    def __init__(self, binary):
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("timur (UCI) exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def position(self, variant, start_fen, moves):
        """Sets the position; its position text as timur writes it."""
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"position fen {start_fen}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        self.send("isready")
        lines = self.until("readyok")
        fen = [line for line in lines if line.startswith("Fen: ")]
        errors = [line for line in lines if "error" in line.lower() or "illegal" in line.lower()]
        if errors:
            raise AssertionError(f"timur refused the page's moves: {errors}")
        return fen[-1][5:]

    def legal_count(self):
        self.send("go perft 1")
        return int(self.until("Nodes searched")[-1].split()[-1])

    def evaluate(self, depth):
        self.send(f"go depth {depth}")
        lines = self.until("bestmove")
        scores = [re.search(r"score (cp -?\d+|mate -?\d+)", line) for line in lines]
        scores = [s.group(1) for s in scores if s]
        return scores[-1] if scores else "none"

    def lines(self, depth, multipv=1):
        """The last report of each line at `depth`: {line: (score, pv,
        wdl)}, the score in centipawns (a mate as ±100000) and the
        win/draw/loss chances (None unless `UCI_ShowWDL` gives them), the
        side to move's."""
        self.send(f"setoption name MultiPV value {multipv}")
        self.send(f"go depth {depth}")
        found = {}
        for line in self.until("bestmove"):
            m = re.search(r"depth (\d+) .*multipv (\d+) score (cp|mate) (-?\d+).* pv (.+)$", line)
            if m and int(m.group(1)) == depth:
                value = int(m.group(4))
                score = value if m.group(3) == "cp" else (100000 if value > 0 else -100000)
                wdl = re.search(r" wdl (\d+) (\d+) (\d+)", line)
                wdl = tuple(int(n) for n in wdl.groups()) if wdl else None
                found[int(m.group(2))] = (score, m.group(5).split(), wdl)
        self.send("setoption name MultiPV value 1")
        return found

    def lines_at_nodes(self, nodes):
        """The first line's (score, pv, wdl) of a search of `nodes`."""
        self.send(f"go nodes {nodes}")
        found = None
        for line in self.until("bestmove"):
            m = re.search(r" score (cp|mate) (-?\d+).* pv (.+)$", line)
            if m and " multipv 1 " in line and " lowerbound" not in line and " upperbound" not in line:
                value = int(m.group(2))
                score = value if m.group(1) == "cp" else (100000 if value > 0 else -100000)
                wdl = re.search(r" wdl (\d+) (\d+) (\d+)", line)
                found = (score, m.group(3).split(), tuple(int(n) for n in wdl.groups()) if wdl else None)
        return found

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)
