#!/usr/bin/env python3
"""The page on a phone, in headless Chromium emulating a 390×844 touch
screen: for each game the board (and the evaluation bar beside it) fits
the screen's width with no sideways scrolling, and a move is made with the
finger: chess by dragging a piece (W3C touch actions: down, move, up),
every other game by tapping the piece (or the hand) and then its target.
A screenshot of the chess page goes to --shots as phone-chess.png.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_page import VARIANTS, Page, new_game, set_engine, state  # noqa: E402
from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WIDTH, HEIGHT = 390, 844


def centre(driver, selector):
    """The viewport point at the middle of the element `selector`, after
    scrolling it into view."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); e.scrollIntoView({block: 'center'});"
        "const r = e.getBoundingClientRect(); return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)];",
        selector)


def touch(driver, points):
    """One finger: down at the first point, through the others, up at the
    last (one point: a tap)."""
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    (x, y), rest = points[0], points[1:]
    actions.pointer_action.move_to_location(x, y).pointer_down()
    for x, y in rest:
        actions.pointer_action.move_to_location(x, y)
    actions.pointer_action.pointer_up()
    actions.perform()


def check_fit(driver, variant):
    fit = driver.execute_script("""
        const board = document.getElementById('board').getBoundingClientRect();
        const bar = document.getElementById('eval-bar').getBoundingClientRect();
        return { width: window.innerWidth, scroll: document.documentElement.scrollWidth,
                 left: Math.min(board.left, bar.left), right: Math.max(board.right, bar.right),
                 board: board.width };""")
    assert fit["width"] == WIDTH, f"{variant}: the viewport is {fit['width']} px wide, not {WIDTH}"
    assert fit["left"] >= 0 and fit["right"] <= fit["width"], f"{variant}: board and bar {fit}"
    assert fit["scroll"] <= fit["width"], f"{variant}: the page scrolls sideways: {fit}"
    assert fit["board"] >= 0.8 * fit["width"], f"{variant}: the board is small: {fit}"
    return fit


def play(driver, wait, variant, shots):
    st = new_game(driver, wait, variant)
    fit = check_fit(driver, variant)
    move = st["legal"][0]
    source = '[data-hand="white"] rect' if move["drop"] is not None else f'[data-sq="{move["from"]}"]'
    target = f'[data-sq="{move["to"]}"]'
    if variant == "chess":
        move = next(m for m in st["legal"] if m["text"] == "e2e4")
        source, target = '[data-sq="e2"]', '[data-sq="e4"]'
        a, b = centre(driver, source), centre(driver, target)
        steps = [(a[0] + (b[0] - a[0]) * i // 4, a[1] + (b[1] - a[1]) * i // 4) for i in range(5)]
        touch(driver, steps)
        how = "dragged"
    else:
        touch(driver, [centre(driver, source)])
        touch(driver, [centre(driver, target)])
        how = "tapped"
    choice = driver.find_element("id", "choice")
    if choice.is_displayed():
        touch(driver, [centre(driver, f'#choice button[data-text="{move["text"]}"]')])
    wait.until(lambda d: state(d)["ply"] == 1)
    played = state(driver)["moves"]
    assert played == [move["text"]], f"{variant}: touch made {played}, not {move['text']}"
    if variant == "chess":
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(shots, "phone-chess.png"))
    print(f"{variant}: board {fit['board']:.0f} px in a {fit['width']} px screen, "
          f"{how} {move['text']}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timur", default="target/release/timur")
    parser.add_argument("--shots", default="docs/gui")
    parser.add_argument("variants", nargs="*", default=VARIANTS)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    failures = 0
    started = time.time()
    with Page(args.timur, WIDTH, HEIGHT, mobile=True) as page:
        driver = page.driver
        wait = WebDriverWait(driver, 30)
        page.open(wait)
        set_engine(driver, "none", 2)
        for variant in args.variants:
            try:
                play(driver, wait, variant, args.shots)
            except AssertionError as why:
                failures += 1
                print(f"{variant}: FAILED: {why}", flush=True)
    print(f"{failures} failures ({len(args.variants)} games) in {time.time() - started:.0f} s",
          flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
