#!/usr/bin/env python3
"""Openings as strong players reach them, for training data and test matches (issues 47, 48).

Session 61 found timur's chess games against Stockfish lost in quiet
positions just out of real openings, which data started from eight uniformly
random plies rarely reaches. This script plays seeded lines with a strong
engine (chess and Chess960: Stockfish, from a random array in Chess960;
xiangqi: Pikafish-HCE, ranks 0-9 as timur reads them): at each ply it searches with --multipv moves to --depth and one of the
moves within --window centipawns of its best is drawn at random; a line stops
after a length drawn from --min-plies..--max-plies. A line whose position was
reached before (Stockfish's FEN without the move counters) is dropped; its
last position is searched once more and kept when its score is a centipawn
score within ±--max-score. Lines are written as `startpos moves …` (Chess960:
`fen … moves …`, castling as king takes rook) to --out
(appended to, so a stopped run can go on with another --seed), for
`timur nnue datagen --openings`. With a deeper search, a narrow window and a
small --max-score the same lines serve as test openings:
scripts/openings/chess-balanced.epd is `--count 50 --min-plies 8
--max-plies 10 --depth 12 --multipv 3 --window 20 --max-score 50 --seed 72`.

usage: scripts/book_openings.py [--variant chess] [--count 5000]
       [--min-plies 6] [--max-plies 16] [--depth 9] [--multipv 5]
       [--window 40] [--max-score 150] [--seed 63] [--engine PATH]
       [--out book.epd]
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

INFO = re.compile(r"\bdepth (\d+) .*\bmultipv (\d+) .*\bscore (cp|mate) (-?\d+)(.*)\bpv (\S+)")


ENGINES = {
    "chess": ["/usr/games/stockfish", "stockfish"],
    "chess960": ["/usr/games/stockfish", "stockfish"],
    "xiangqi": [os.environ.get("PIKAFISH_HCE"), "/usr/local/bin/pikafish-hce", "pikafish-hce"],
}


def find_engine(named, variant):
    for candidate in [named] + ENGINES[variant]:
        if candidate and (shutil.which(candidate) or os.path.isfile(candidate)):
            return shutil.which(candidate) or candidate
    sys.exit(
        f"no {variant} engine: name it with --engine (chess: apt-get install stockfish; xiangqi: "
        "Pikafish-HCE built from skystarspython/Pikafish-HCE, see scripts/xiangqi_openings.py)"
    )


def chess960_fen(n):
    """Chess960 start array number n (0-959, Scharnagl's numbering) as FEN."""
    rank = [None] * 8
    n, light = divmod(n, 4)
    rank[2 * light + 1] = "b"
    n, dark = divmod(n, 4)
    rank[2 * dark] = "b"
    n, queen = divmod(n, 6)
    rank[[i for i in range(8) if rank[i] is None][queen]] = "q"
    knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n]
    empty = [i for i in range(8) if rank[i] is None]
    for k in knights:
        rank[empty[k]] = "n"
    for i, piece in zip([i for i in range(8) if rank[i] is None], "rkr"):
        rank[i] = piece
    black = "".join(rank)
    return f"{black}/pppppppp/8/8/8/8/PPPPPPPP/{black.upper()} w KQkq - 0 1"


def set_position(engine, start, moves):
    engine.send(f"position {start} moves " + " ".join(moves) if moves else f"position {start}")


def search(engine, start, moves, depth):
    """[(move, centipawns)] of the deepest whole iteration, best first, side to
    move's view (a mate as ±100000); empty when the game has ended."""
    set_position(engine, start, moves)
    engine.send(f"go depth {depth}")
    by_depth = {}
    for line in engine.read_until(lambda line: line.startswith("bestmove")):
        found = INFO.search(line)
        if found and "bound" not in found.group(5):
            kind, value = found.group(3), int(found.group(4))
            cp = value if kind == "cp" else (100000 if value > 0 else -100000)
            by_depth.setdefault(int(found.group(1)), {})[int(found.group(2))] = (found.group(6), cp)
    if not by_depth:
        return []
    deepest = by_depth[max(by_depth)]
    return [deepest[k] for k in sorted(deepest)]


def position_key(engine, start, moves):
    set_position(engine, start, moves)
    engine.send("d")
    for line in engine.read_until(lambda line: line.startswith("Fen: ")):
        if line.startswith("Fen: "):
            return " ".join(line[5:].split()[:4])
    raise RuntimeError("no Fen line")


def draw_line(engine, rng, args):
    """(start, moves): a line of plausible moves from the start position (in
    Chess960 a random array's), or None when the game ends first."""
    start = f"fen {chess960_fen(rng.randrange(960))}" if args.variant == "chess960" else "startpos"
    moves = []
    for _ in range(rng.randint(args.min_plies, args.max_plies)):
        scored = search(engine, start, moves, args.depth)
        if not scored:
            return None
        best = max(cp for _, cp in scored)
        moves.append(rng.choice([m for m, cp in scored if cp >= best - args.window]))
    return start, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=sorted(ENGINES), default="chess")
    parser.add_argument("--count", type=int, default=5000, help="openings to add")
    parser.add_argument("--min-plies", type=int, default=6)
    parser.add_argument("--max-plies", type=int, default=16)
    parser.add_argument("--depth", type=int, default=9, help="the engine's depth at each ply")
    parser.add_argument("--multipv", type=int, default=5, help="moves the engine scores at each ply")
    parser.add_argument("--window", type=int, default=40, help="moves within this of the best are drawn (cp)")
    parser.add_argument("--max-score", type=int, default=150, help="kept when |score| <= this (cp)")
    parser.add_argument("--seed", type=int, default=63)
    parser.add_argument("--engine", help="the engine's path (chess: Stockfish, xiangqi: Pikafish-HCE)")
    parser.add_argument("--out", default="book.epd")
    args = parser.parse_args()
    if not 1 <= args.min_plies <= args.max_plies:
        sys.exit("need 1 <= --min-plies <= --max-plies")

    options = {"Hash": 16, "Threads": 1, "MultiPV": args.multipv}
    if args.variant == "chess960":
        options["UCI_Chess960"] = "true"
    engine = UciEngine([find_engine(args.engine, args.variant)], options)
    rng = random.Random(args.seed)
    seen = set()
    if os.path.exists(args.out):
        with open(args.out) as old:
            seen = {line.strip() for line in old if not line.startswith("#")}
    keys = set()
    counts = {"kept": 0, "ended": 0, "repeated": 0, "unbalanced": 0}
    started = time.monotonic()
    with open(args.out, "a") as out:
        if not seen:
            out.write(
                f"# {args.variant} openings: {os.path.basename(engine.proc.args[0])} depth {args.depth}, "
                f"a random move of its {args.multipv} best within "
                f"{args.window} cp,\n# {args.min_plies}-{args.max_plies} plies, |score| <= {args.max_score} cp at "
                f"the end. Made by scripts/book_openings.py.\n"
            )
        while counts["kept"] < args.count:
            drawn = draw_line(engine, rng, args)
            if drawn is None:
                counts["ended"] += 1
                continue
            start, moves = drawn
            line = f"{start} moves " + " ".join(moves)
            key = position_key(engine, start, moves)
            if line in seen or key in keys:
                counts["repeated"] += 1
                continue
            keys.add(key)
            scored = search(engine, start, moves, args.depth)
            if not scored or abs(scored[0][1]) > args.max_score:
                counts["unbalanced"] += 1
                continue
            seen.add(line)
            out.write(line + "\n")
            out.flush()
            counts["kept"] += 1
            if counts["kept"] % 100 == 0:
                print(f"{counts} ({time.monotonic() - started:.0f} s)", flush=True)
    engine.quit()
    print(f"added {counts['kept']} openings to {args.out}: {counts}")


if __name__ == "__main__":
    main()
