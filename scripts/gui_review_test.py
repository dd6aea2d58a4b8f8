#!/usr/bin/env python3
"""The GUI's game review in headless Chromium, for each game: a separate
timur process (UCI) builds a line (White seeded random moves, Black its
best) and plants a blunder in it (the move of all legal ones that loses
the most expected score, the measure the review uses, found at depth 3
and checked to lose at least 0.2 at 200,000 nodes); the line is loaded into
the page as PGN, "Analyse game" (#analyse) is clicked, and then:
  - the progress bar (#analyse-progress) is full;
  - the graph has a point for every position of the game;
  - the planted move is marked in the move list (.inaccuracy, .mistake or
    .blunder) and carries its NAG ($6, $2, $4) in the saved PGN;
  - the game (moves, ply, position) is what it was before the review.
A screenshot of each reviewed game goes to --shots as review-<game>.png.
"""
import argparse
import math
import os
import random
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gui_page import VARIANTS, Page, Uci, click, new_game, set_engine, state  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

MARKS = ("inaccuracy", "mistake", "blunder")
NAGS = {"$6": "inaccuracy", "$2": "mistake", "$4": "blunder"}


def expected(uci, score, wdl):
    """The side to move's expected score: its win/draw/loss chances where
    the game has a model, else lichess's logistic (as gui/review.rs)."""
    if wdl:
        return (wdl[0] + wdl[1] / 2) / 1000
    return 1 / (1 + math.exp(-0.00368208 * max(-3000, min(3000, score))))


def loss_of(uci, variant, start_fen, line, move, nodes):
    """The expected score `move` loses after `line`, by searches of
    `nodes`: the best line's before, the reply's after (turned)."""
    uci.position(variant, start_fen, line)
    before = uci.lines_at_nodes(nodes)
    uci.position(variant, start_fen, line + [move])
    after = uci.lines_at_nodes(nodes)
    if not before or not after:
        return 0.0
    return expected(uci, *before[::2]) - (1 - expected(uci, *after[::2]))


def plant(uci, variant, start_fen, plies, rng):
    """A line where White plays seeded random moves and Black timur's best
    at depth 3, and, at the ply within `plies` where a move loses the most
    (found at depth 3 among all legal moves, checked by searches of 200,000
    nodes, the review's size, to lose at least 0.2), that move: (line,
    index of the planted move, the expected score it loses)."""
    uci.send("setoption name UCI_ShowWDL value true")
    moves, candidates = [], []
    for ply in range(plies):
        uci.position(variant, start_fen, moves)
        lines = uci.lines(3, multipv=256)
        if not lines:
            break
        best, last = lines[min(lines)], lines[max(lines)]
        loss = expected(uci, *best[::2]) - expected(uci, *last[::2])
        if ply >= 2:
            candidates.append((loss, ply, moves[:], last[1][0]))
        white = ply % 2 == 0
        moves.append(rng.choice([line[1][0] for line in lines.values()]) if white else best[1][0])
    for _, index, line, move in sorted(candidates, key=lambda c: -c[0])[:10]:
        loss = loss_of(uci, variant, start_fen, line, move, 200_000)
        if loss >= 0.2:
            break
    else:
        raise AssertionError(f"{variant}: no move losing 0.2 found to plant")
    line = line + [move]
    # The engine's answer to the blunder, so the game goes on after it.
    uci.position(variant, start_fen, line)
    answer = uci.lines(3)
    if answer:
        line = line + [answer[1][1][0]]
    return line, index, loss


def pgn_of(variant, start_fen, moves):
    tags = f'[Variant "{variant}"]\n[FEN "{start_fen}"]\n[SetUp "1"]\n\n'
    return tags + " ".join(moves) + " *\n"


def review(driver, wait, uci, variant, shots, plies, rng):
    set_engine(driver, "none", 2)
    st = new_game(driver, wait, variant)
    line, index, loss = plant(uci, variant, st["start_fen"], plies, rng)
    driver.execute_script("document.getElementById('pgn').value = arguments[0];",
                          pgn_of(variant, st["start_fen"], line))
    click(driver, "#loadpgn")
    wait.until(lambda d: state(d)["moves"] == line)
    before = state(driver)
    click(driver, "#analyse")
    wait.until(lambda d: (lambda r: r is not None and not r["running"])(state(d)["review"]))
    st = state(driver)
    for key in ("moves", "ply", "fen", "start_fen"):
        assert st[key] == before[key], f"{variant}: the review changed {key}"
    bar = driver.find_element(By.ID, "analyse-progress")
    positions = len(line) + 1
    assert bar.is_displayed(), f"{variant}: no progress bar"
    assert bar.get_attribute("value") == bar.get_attribute("max") == str(positions), \
        f"{variant}: progress {bar.get_attribute('value')}/{bar.get_attribute('max')}"
    points = driver.find_elements(By.CSS_SELECTOR, "#eval-graph .eval-point")
    assert len(points) == positions, f"{variant}: {len(points)} graph points, {positions} positions"
    marked = {}
    for span in driver.find_elements(By.CSS_SELECTOR, "#moves span.mv"):
        found = [m for m in MARKS if m in span.get_attribute("class").split()]
        if found:
            marked[int(span.get_attribute("data-ply"))] = found[0]
    planted = marked.get(index + 1)
    assert planted, (f"{variant}: the planted {line[index]} (ply {index + 1}, losing {loss:.2f}) "
                     f"is not marked; marks {marked}")
    click(driver, "#savepgn")
    wait.until(lambda d: d.find_element(By.ID, "pgn").get_attribute("value").startswith("[Event"))
    text = driver.find_element(By.ID, "pgn").get_attribute("value")
    nag = re.search(rf"\b{re.escape(line[index])} (\$\d+)", text)
    assert nag and NAGS.get(nag.group(1)) == planted, f"{variant}: no {planted} NAG in {text}"
    driver.save_screenshot(os.path.join(shots, f"review-{variant}.png"))
    print(f"{variant}: {len(line)} plies, planted {line[index]} at ply {index + 1} "
          f"(loses {loss:.2f}) marked {planted} ({nag.group(1)}); "
          f"{len(marked)} marks, {len(points)} graph points", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timur", default="target/release/timur")
    parser.add_argument("--plies", type=int, default=30, help="plies searched for a blunder")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shots", default="docs/gui")
    parser.add_argument("variants", nargs="*", default=VARIANTS)
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    uci = Uci(args.timur)
    failures = 0
    started = time.time()
    with Page(args.timur, 1060, 1000) as page:
        driver = page.driver
        for variant in args.variants:
            wait = WebDriverWait(driver, 300)
            page.open(wait)
            try:
                rng = random.Random(f"{args.seed} {variant}")
                review(driver, wait, uci, variant, args.shots, args.plies, rng)
            except AssertionError as why:
                failures += 1
                print(f"{variant}: FAILED: {why}", flush=True)
    uci.close()
    print(f"{failures} failures ({len(args.variants)} reviews) in {time.time() - started:.0f} s",
          flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
