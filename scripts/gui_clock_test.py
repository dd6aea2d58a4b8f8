#!/usr/bin/env python3
"""The GUI's clocks and evaluation display in headless Chromium: for each
game, a 1+0 game through the real page (the person plays White by clicking
seeded random legal moves, the engine Black on its clock) until the game
ends or a flag falls, the engine at a level chosen in the selector (Elo
1400 in chess and Chess960, level 5 elsewhere). Along the way it checks:
  - the server reports the level chosen;
  - both clocks show `m:ss`, the person's clock counts down while the page
    is left alone, and the engine's clock runs while it thinks;
  - the hint button draws an arrow (`.arrow` on the board) of a legal move;
  - the last move is highlighted (`.last-move`);
  - the evaluation bar (`#eval-bar`) shows a share once the engine has
    spoken, and the graph (`#eval-graph`) has a point for every evaluated
    position (every position but possibly the last: the engine never
    searches a position the person's move ended the game in);
  - ←/→ and a click on the graph show earlier positions without changing
    the game;
  - the result shown is the server's;
  - the PGN saved carries `[%eval]` and `[%clk]` comments and, uploaded as a
    file, gives back the same moves and evaluations, the clocks full and
    paused (a game cut at --cap is not over: it waits for Resume).
In chess the person then lets its own flag fall in a 6-second game: the page
must show `0-1` and "Black wins on time" without another message from it.
Screenshots (board, clocks, bar, graph) go to --shots as timed-<game>.png,
taken mid-game.
"""
import argparse
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_page import VARIANTS, Page, click, play_move, set_engine, state  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CLOCK = re.compile(r"^\d+:\d\d$")


def clock_ms(driver, side):
    """The clock's text as milliseconds (m:ss)."""
    text = driver.find_element(By.ID, f"clock-{side}").text
    assert CLOCK.match(text), f"clock-{side} shows {text!r}, not m:ss"
    minutes, seconds = text.split(":")
    return (int(minutes) * 60 + int(seconds)) * 1000


def set_clock(driver, preset, custom=None):
    driver.execute_script(f"document.getElementById('tc').value='{preset}';"
                          "document.getElementById('tc').onchange();")
    if custom:
        for field, value in custom.items():
            driver.execute_script(f"document.getElementById('{field}').value='{value}'")
    click(driver, "#set-clock")


def new_timed_game(driver, wait, variant):
    driver.execute_script(f"document.getElementById('variant').value='{variant}'")
    click(driver, "#new")
    wait.until(lambda d: (lambda s: s and s["variant"] == variant and s["ply"] == 0
                          and s["clock"] is not None)(state(d)))


def set_level(driver, wait, variant):
    """Chooses a level in the selector (Elo 1400 in chess and Chess960,
    level 5 elsewhere) and waits for the server to report it set."""
    elo = variant in ("chess", "chess960")
    value = "1400" if elo else "5"
    driver.execute_script("const s = document.getElementById('level');"
                          f"s.value = '{value}'; s.onchange();")
    want = {"elo": 1400, "skill": None} if elo else {"elo": None, "skill": 5}
    wait.until(lambda d: state(d)["level"] == want)
    return f"Elo {value}" if elo else f"level {value}"


def check_browsing(driver, wait):
    """← shows the position before, the graph's first point the start,
    End returns; the game itself never changes."""
    st = state(driver)
    if st["ply"] < 2:
        return
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    shown = driver.find_element(By.ID, "fen").get_attribute("value")
    assert shown == st["fens"][st["ply"] - 1], f"← shows {shown}"
    assert "looking at" in driver.find_element(By.ID, "status").text
    points = driver.find_elements(By.CSS_SELECTOR, "#eval-graph .eval-point")
    if points:
        first = int(points[0].get_attribute("data-ply"))
        points[0].click()
        shown = driver.find_element(By.ID, "fen").get_attribute("value")
        assert shown == st["fens"][first], f"the graph's point {first} shows {shown}"
    body.send_keys(Keys.END)
    assert driver.execute_script("return window.timur.browse") is None
    assert state(driver)["ply"] == st["ply"] and state(driver)["moves"] == st["moves"], \
        "looking back changed the game"


def check_pgn(driver, wait):
    """The PGN saved carries `[%eval]` and `[%clk]`; uploaded as a file it
    gives back the same moves and evaluations."""
    st = state(driver)
    click(driver, "#savepgn")
    wait.until(lambda d: "[%clk" in d.find_element(By.ID, "pgn").get_attribute("value"))
    text = driver.find_element(By.ID, "pgn").get_attribute("value")
    assert "[%eval" in text, text
    path = f"/tmp/timur-clock-test-{os.getpid()}.pgn"
    with open(path, "w") as out:
        out.write(text)
    driver.find_element(By.ID, "upload-pgn").send_keys(path)
    # The loaded game waits with full clocks, neither running, for Resume.
    wait.until(lambda d: (lambda s: s["moves"] == st["moves"][:st["ply"]]
                          and s["clock"]["white_ms"] == s["clock"]["black_ms"] == 60_000
                          and s["clock"]["running"] is None)(state(d)))
    written = [i for i, e in enumerate(st["evals"]) if i > 0 and e and (e["cp"] is not None or e["mate"])]
    back = [i for i, e in enumerate(state(driver)["evals"]) if e]
    assert back == written, f"evaluations at plies {back} after the upload, {written} before"
    os.remove(path)
    return text.count("[%clk"), text.count("[%eval")


def play_timed(driver, wait, variant, rng, shots, cap):
    set_engine(driver, "black")
    set_clock(driver, "1+0")
    new_timed_game(driver, wait, variant)
    level = set_level(driver, wait, variant)
    # The person's clock runs while the page is left alone.
    before = clock_ms(driver, "white")
    assert before == 60_000, f"{variant}: White starts with {before} ms"
    time.sleep(2.2)
    after = clock_ms(driver, "white")
    assert after <= 58_000, f"{variant}: White's clock shows {after} ms after 2.2 s"
    assert clock_ms(driver, "black") == 60_000
    # A hint at the start: an arrow of a legal move.
    click(driver, "#hint")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .arrow.hint"))
    arrow = driver.find_element(By.CSS_SELECTOR, "#board .arrow.hint")
    legal = [m["text"] for m in state(driver)["legal"]]
    hinted = arrow.get_attribute("data-move") or driver.execute_script(
        "return window.timur.hint.best.text")
    assert hinted in legal, f"{variant}: hint {hinted} is not legal"
    engine_clock_ran = False
    shot = False
    while True:
        st = state(driver)
        if st["result"] is not None or st["ply"] >= cap:
            break
        move = rng.choice(st["legal"])
        black_before = st["clock"]["black_ms"]
        play_move(driver, move)
        wait.until(lambda d: (lambda s: s["result"] is not None or (
            s["ply"] >= st["ply"] + 2 and not s["thinking"]))(state(d)))
        st = state(driver)
        if st["clock"]["black_ms"] < black_before:
            engine_clock_ran = True
        assert driver.find_elements(By.CSS_SELECTOR, "#board .last-move"), \
            f"{variant}: no last-move highlight"
        if not shot and st["ply"] >= 12 and st["result"] is None:
            check_browsing(driver, wait)
            click(driver, "#hint")
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .arrow.hint"))
            driver.find_element(By.ID, "left").screenshot(os.path.join(shots, f"timed-{variant}.png"))
            shot = True
    st = state(driver)
    assert engine_clock_ran or st["ply"] < 3, f"{variant}: the engine's clock never ran"
    share = driver.find_element(By.ID, "eval-bar").get_attribute("data-white")
    evaluated = sum(1 for e in st["evals"] if e is not None)
    points = len(driver.find_elements(By.CSS_SELECTOR, "#eval-graph .eval-point"))
    positions = len(st["moves"]) + 1
    assert points == evaluated >= positions - 1, \
        f"{variant}: {points} graph points, {evaluated} evaluations, {positions} positions"
    assert driver.find_element(By.CSS_SELECTOR, "#eval-graph polyline").get_attribute("points")
    if not shot:
        driver.find_element(By.ID, "left").screenshot(os.path.join(shots, f"timed-{variant}.png"))
    status = driver.find_element(By.ID, "status").text
    if st["result"] is not None:
        assert st["result"]["result"] in status and st["result"]["reason"] in status, status
        verdict = f"{st['result']['result']} ({st['result']['reason']})"
    else:
        verdict = f"stopped at the {cap}-ply cap"
    clk, evals = check_pgn(driver, wait)
    print(f"{variant} at {level}: {len(st['moves'])} plies, {verdict}; clocks "
          f"{st['clock']['white_ms']}/{st['clock']['black_ms']} ms, bar {share}, "
          f"{points} graph points for {positions} positions, hint {hinted}; the PGN's "
          f"{clk} clocks and {evals} evaluations uploaded back", flush=True)


def own_flag(driver, wait):
    """The person plays one move in a 6-second game, then waits: the page
    must show the flag fall the server decides."""
    set_clock(driver, "custom", {"white-min": "0.1", "white-inc": "0",
                                 "black-min": "0.1", "black-inc": "0"})
    new_timed_game(driver, wait, "chess")
    move = next(m for m in state(driver)["legal"] if m["text"] == "e2e4")
    play_move(driver, move)
    WebDriverWait(driver, 30).until(lambda d: state(d)["result"] is not None)
    st = state(driver)
    result = (st["result"]["result"], st["result"]["reason"])
    assert result == ("0-1", "Black wins on time"), result
    assert clock_ms(driver, "white") == 0
    status = driver.find_element(By.ID, "status").text
    assert "Black wins on time" in status, status
    print(f"own flag: {result[0]} ({result[1]}) after {st['ply']} plies", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timur", default="target/release/timur")
    parser.add_argument("--cap", type=int, default=300, help="ply cap per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", default="docs/gui")
    parser.add_argument("variants", nargs="*", default=VARIANTS)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    rng = random.Random(args.seed)
    failures = 0
    started = time.time()
    with Page(args.timur) as page:
        driver = page.driver
        for variant in args.variants:
            wait = WebDriverWait(driver, 150)
            page.open(wait)
            try:
                play_timed(driver, wait, variant, rng, args.shots, args.cap)
            except AssertionError as why:
                failures += 1
                print(f"{variant}: FAILED: {why}", flush=True)
                driver.save_screenshot(os.path.join(args.shots, f"timed-{variant}-failed.png"))
        page.open(WebDriverWait(driver, 30))
        try:
            own_flag(driver, WebDriverWait(driver, 30))
        except AssertionError as why:
            failures += 1
            print(f"own flag: FAILED: {why}", flush=True)
    print(f"{failures} failures ({len(args.variants)} timed games and a flag fall) "
          f"in {time.time() - started:.0f} s", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
