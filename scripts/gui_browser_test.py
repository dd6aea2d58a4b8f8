#!/usr/bin/env python3
"""The GUI check: starts `timur gui`, opens the page in headless Chromium and,
for each of the six games, plays a whole game against the engine by clicking
the board (the person plays White with seeded random legal moves, the engine
Black at a low depth). A game still running at the ply cap is stopped there
and judged by timur's own evaluation (said in the output). After each game
it checks against timur itself, through a separate `timur` process in UCI:
  - the move list shown on the page is the moves the clicks and the engine
    made, and replaying it in timur gives the position text the page shows;
  - the board drawn holds exactly the pieces of that position text;
  - a game that ended has no legal move or a rule end in timur as well
    (`go perft 1` counts the moves), and the page shows the result.
Screenshots go to --shots (default docs/gui), one PNG per game.

Installs Debian's chromium, chromium-driver and python3-selenium with
apt-get when missing.
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_page import (VARIANTS, Page, Uci, click, new_game, play_move, set_engine,  # noqa: E402
                      state, wait_turn)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def pieces_in(variant, fen):
    """The number of pieces a position text puts on the board."""
    fields = fen.split()
    board = fields[0]
    if variant == "tamerlane":
        # A pawn is two letters (`P` and its kind, `PP` the pawn of pawns).
        count, chars = 0, iter(board)
        for c in chars:
            if c.isalpha():
                count += 1
                if c in "Pp":
                    next(chars)
        return count + sum(1 for c in fields[2] if c != "-")
    return sum(1 for c in board if c.isalpha())


def play_game(driver, wait, uci, variant, depth, cap, rng, shots):
    set_engine(driver, "black", depth)
    st = new_game(driver, wait, variant)
    played = []
    gestures = 0
    while st["result"] is None and st["ply"] < cap:
        if st["side"] != "white":
            raise AssertionError(f"{variant}: Black to move but the engine is idle")
        # Re-entries and moves with a choice (promotion, citadel swap,
        # Jarmo's arrival with re-entry) are preferred, to click each gesture.
        special = [m for m in st["legal"] if m["drop"] is not None or m["suffix"]]
        move = rng.choice(special if special and rng.random() < 0.5 else st["legal"])
        gestures += move in special
        play_move(driver, move)
        played.append(move["text"])
        st = wait_turn(driver, wait, len(played))
        if st["result"] is None and st["ply"] == len(played):
            raise AssertionError(f"{variant}: the engine did not answer {move['text']}")
        played = st["moves"][: st["ply"]]
    st = state(driver)
    shown = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#moves span.mv")]
    assert shown == st["moves"] == played, f"{variant}: move list {shown} vs {played}"
    fen = uci.position(variant, st["start_fen"], played)
    page_fen = driver.find_element(By.ID, "fen").get_attribute("value")
    assert fen == page_fen == st["fen"], f"{variant}: timur has {fen}, the page {page_fen}"
    drawn = len(driver.find_elements(By.CSS_SELECTOR, "#board g.piece"))
    assert drawn == pieces_in(variant, fen), f"{variant}: {drawn} pieces drawn, {fen}"
    status = driver.find_element(By.ID, "status").text
    if st["result"] is not None:
        result = st["result"]
        assert result["result"] in status and result["reason"] in status, status
        if result["reason"].endswith(" mates") or "stalemate" in result["reason"].lower():
            assert uci.legal_count() == 0, f"{variant}: timur still has moves after {result}"
        verdict = f"{result['result']} ({result['reason']})"
    else:
        verdict = f"stopped at the {cap}-ply cap; timur's evaluation (depth 8, {st['side']} to move): {uci.evaluate(8)}"
    driver.find_element(By.ID, "left").screenshot(os.path.join(shots, f"gui-{variant}.png"))
    print(f"{variant}: {len(played)} plies, {verdict}; move list, position text and "
          f"{drawn} drawn pieces match timur ({gestures} re-entries/choices clicked)", flush=True)


# Gestures a random game rarely reaches: (variant, position, how, the move
# it must make). `click` clicks the from-square (or the hand) and the
# to-square, `drag` drags, then the menu entry of the move is clicked.
GESTURES = [
    ("chess", "7k/P7/8/8/8/8/8/K7 w - - 0 1", "click", "a7a8n"),
    ("jasir", "sssss/5/5/5/SSSS1 w 1/0 -/- 0 1", "drag", "S@e1"),
    ("jarmo", "s4/5/3E1/5/5 w 1/0 -/- 0 1", "drag", "d3e5c"),
    ("tamerlane", None, "click", "f3f4"),
]


def check_gestures(driver, wait):
    """Plays each gesture of GESTURES on a pasted position."""
    from selenium.webdriver.common.action_chains import ActionChains
    driver.execute_script("document.getElementById('sides').value='none';"
                          "document.getElementById('amount').value='2';")
    click(driver, "#apply")
    for variant, fen, how, text in GESTURES:
        driver.execute_script(f"document.getElementById('variant').value='{variant}'")
        click(driver, "#new")
        wait.until(lambda d: (lambda s: s and s["variant"] == variant)(state(d)))
        if fen:
            box = driver.find_element(By.ID, "fen")
            box.clear()
            box.send_keys(fen)
            click(driver, "#setfen")
            wait.until(lambda d: state(d)["fen"] == fen)
        move = next(m for m in state(driver)["legal"] if m["text"] == text)
        source = ('[data-hand="white"] rect' if move["drop"] is not None
                  else f'[data-sq="{move["from"]}"]')
        target = f'[data-sq="{move["to"]}"]'
        if how == "drag":
            # The board is redrawn when the piece is picked up, so the
            # target is found by its place, not by its element.
            start = driver.find_element(By.CSS_SELECTOR, source)
            end = driver.find_element(By.CSS_SELECTOR, target).rect
            a = start.rect
            dx = end["x"] + end["width"] / 2 - (a["x"] + a["width"] / 2)
            dy = end["y"] + end["height"] / 2 - (a["y"] + a["height"] / 2)
            ActionChains(driver).move_to_element(start).click_and_hold() \
                .move_by_offset(int(dx), int(dy)).release().perform()
        else:
            click(driver, source)
            click(driver, target)
        choice = driver.find_element(By.ID, "choice")
        if choice.is_displayed():
            click(driver, f'#choice button[data-text="{text}"]')
        wait.until(lambda d: state(d)["ply"] == 1)
        played = state(driver)["moves"]
        assert played == [text], f"{variant}: {how} made {played}, not {text}"
        print(f"gesture: {variant} {how} -> {text}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timur", default="target/release/timur")
    parser.add_argument("--depth", type=int, default=2, help="engine depth per move")
    parser.add_argument("--cap", type=int, default=160, help="ply cap per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", default="docs/gui")
    parser.add_argument("variants", nargs="*", default=VARIANTS)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    uci = Uci(args.timur)
    rng = random.Random(args.seed)
    failures = 0
    started = time.time()
    with Page(args.timur, 1040, 800) as page:
        driver = page.driver
        page.open(WebDriverWait(driver, 30))
        try:
            check_gestures(driver, WebDriverWait(driver, 30))
        except (AssertionError, StopIteration) as why:
            failures += 1
            print(f"gestures: FAILED: {why!r}", flush=True)
        for variant in args.variants:
            wait = WebDriverWait(driver, 60)
            page.open(wait)
            try:
                play_game(driver, wait, uci, variant, args.depth, args.cap, rng, args.shots)
            except AssertionError as why:
                failures += 1
                print(f"{variant}: FAILED: {why}", flush=True)
                driver.save_screenshot(os.path.join(args.shots, f"gui-{variant}.png"))
    uci.close()
    print(f"{failures} failures ({len(GESTURES)} gestures, {len(args.variants)} games) "
          f"in {time.time() - started:.0f} s", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
