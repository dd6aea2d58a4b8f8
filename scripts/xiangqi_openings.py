#!/usr/bin/env python3
"""Xiangqi openings balanced under Pikafish-HCE's own evaluation (issue 48).

Draws seeded random lines of --plies legal plies from the start position
(each ply uniform among the legal moves, which Pikafish-HCE lists with
`go perft 1`), drops lines that reach a position already drawn (by
Pikafish's FEN without the move counters), searches each line's last
position with Pikafish-HCE to --depth and keeps it when the score is a
centipawn score within ±--max-score (no mate). The kept lines are written
as `startpos moves …` (ranks 0-9, the notation timur match reads) to --out,
after a comment header saying how the file was made, so that a match
from them is not decided by the openings.

usage: scripts/xiangqi_openings.py [--count 150] [--plies 8] [--depth 10]
       [--max-score 60] [--seed 48] [--engine /usr/local/bin/pikafish-hce]
       [--out scripts/openings/xiangqi-balanced.epd]

Pikafish-HCE is built from source: fetch skystarspython/Pikafish-HCE, then
`cd src && make -j2 build ARCH=x86-64-bmi2` and copy `pikafish` to
/usr/local/bin/pikafish-hce (or name it with --engine / $PIKAFISH_HCE).
"""

import argparse
import os
import random
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from uci_engine import UciEngine  # noqa: E402

MOVE_LINE = re.compile(r"^([a-i]\d[a-i]\d): \d+$")
SCORE = re.compile(r"\bscore (cp|mate) (-?\d+)")


def find_engine(named):
    for candidate in [named, os.environ.get("PIKAFISH_HCE"), "/usr/local/bin/pikafish-hce", "pikafish-hce"]:
        if candidate and (shutil.which(candidate) or os.path.isfile(candidate)):
            return shutil.which(candidate) or candidate
    sys.exit(__doc__.split("\n\n")[-1].strip())


def legal_moves(engine, moves):
    engine.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
    engine.send("go perft 1")
    lines = engine.read_until(lambda line: line.startswith("Nodes searched"))
    return [m.group(1) for m in map(MOVE_LINE.match, lines) if m]


def position_key(engine):
    """Pikafish's FEN of the current position without the move counters."""
    engine.send("d")
    for line in engine.read_until(lambda line: line.startswith("Fen: ")):
        if line.startswith("Fen: "):
            return " ".join(line[5:].split()[:2])
    raise RuntimeError("no Fen line")


def score_at_depth(engine, depth):
    """The last reported score (kind, value) of a `go depth` search."""
    engine.send(f"go depth {depth}")
    score = None
    for line in engine.read_until(lambda line: line.startswith("bestmove")):
        found = SCORE.search(line)
        if found and " upperbound" not in line and " lowerbound" not in line:
            score = (found.group(1), int(found.group(2)))
    return score


def random_line(engine, rng, plies):
    """A random line of `plies` legal plies, or None if a game ends first."""
    moves = []
    for _ in range(plies):
        choices = legal_moves(engine, moves)
        if not choices:
            return None
        moves.append(rng.choice(choices))
    return moves if legal_moves(engine, moves) else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=150, help="openings to write")
    parser.add_argument("--plies", type=int, default=8, help="random plies per line")
    parser.add_argument("--depth", type=int, default=10, help="Pikafish-HCE's search depth")
    parser.add_argument("--max-score", type=int, default=60, help="kept when |score| ≤ this (cp)")
    parser.add_argument("--seed", type=int, default=48)
    parser.add_argument("--hash", type=int, default=64, help="Pikafish-HCE's Hash (MiB)")
    parser.add_argument("--engine", help="Pikafish-HCE's path")
    parser.add_argument("--out", default=os.path.join("scripts", "openings", "xiangqi-balanced.epd"))
    args = parser.parse_args()

    path = find_engine(args.engine)
    engine = UciEngine([path], {"Hash": args.hash, "Threads": 1})
    rng = random.Random(args.seed)
    kept, seen, drawn, started = [], set(), 0, time.monotonic()
    scores = {"kept": 0, "unbalanced": 0, "mate": 0, "repeated": 0, "ended": 0}
    while len(kept) < args.count:
        drawn += 1
        moves = random_line(engine, rng, args.plies)
        if moves is None:
            scores["ended"] += 1
            continue
        key = position_key(engine)
        if key in seen:
            scores["repeated"] += 1
            continue
        seen.add(key)
        engine.send("ucinewgame")
        engine.sync()
        engine.send("position startpos moves " + " ".join(moves))
        kind, value = score_at_depth(engine, args.depth) or ("mate", 0)
        if kind == "mate":
            scores["mate"] += 1
        elif abs(value) > args.max_score:
            scores["unbalanced"] += 1
        else:
            scores["kept"] += 1
            kept.append((moves, value))
            if len(kept) % 10 == 0:
                print(f"{len(kept)} kept of {drawn} drawn ({time.monotonic() - started:.0f} s)", flush=True)
    engine.quit()

    with open(args.out, "w") as out:
        out.write(
            f"# Xiangqi openings balanced under Pikafish-HCE: {args.count} random {args.plies}-ply lines,\n"
            f"# |score| <= {args.max_score} cp at depth {args.depth} for the side to move, seed {args.seed}.\n"
            f"# Made by scripts/xiangqi_openings.py ({drawn} lines drawn: {scores}).\n"
        )
        for moves, value in kept:
            out.write(f"# {value:+d}\nstartpos moves {' '.join(moves)}\n")
    mean = sum(abs(v) for _, v in kept) / len(kept)
    print(f"wrote {len(kept)} openings to {args.out}: {drawn} drawn, {scores}, mean |score| {mean:.1f} cp")


if __name__ == "__main__":
    main()
