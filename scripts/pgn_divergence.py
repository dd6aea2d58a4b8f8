#!/usr/bin/env python3
"""Where an engine's judgement and its opponent's first part, per game.

Reads `timur match --pgn` files (any game: moves in coordinates, each
move's reported score as `[%eval …]`, White's view) and, for each game
the engine did not win (`--all`: every game), finds the first of the
engine's moves after which the opponent's next reported score is worse
for the engine by at least MARGIN pawns than the engine's own score for
that move, and stays so at the opponent's move after (so a single
swing of either search is not taken for a misjudgement). It prints the
position before that move as a `position … moves …` line any of the
engines reads, the move, both scores and the game's result: the test set
for an evaluation or search change (does the change see the opponent's
score there?).

Engines' scales differ: `--scale` multiplies the opponent's scores into
the engine's (Stockfish 15.1 against timur in chess 1.35, Pikafish-HCE in
xiangqi about 2.0: the factors `timur nnue relabel` uses).

usage: scripts/pgn_divergence.py PGN... [--engine timur] [--margin 1.0]
       [--scale 1.0] [--all]
"""

import argparse
import re
import sys

MATE_PAWNS = 100.0


def score_of(comment):
    """The `[%eval]` of a move comment in pawns (White's view), or None."""
    found = re.search(r"\[%eval\s+([^\]\s]+)\]", comment)
    if not found:
        return None
    text = found.group(1)
    if text.startswith("#"):
        return MATE_PAWNS if not text.startswith("#-") else -MATE_PAWNS
    try:
        return float(text)
    except ValueError:
        return None


def games_of(text):
    """Each game as (headers, [(move, comment)])."""
    for chunk in re.split(r"\n(?=\[Event )", text):
        headers = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', chunk, re.M))
        if "Result" not in headers:
            continue
        body = re.sub(r'^\[.*\]\s*$', "", chunk, flags=re.M)
        moves = []
        for token in re.finditer(r"\{([^}]*)\}|(\S+)", body):
            comment, word = token.group(1), token.group(2)
            if comment is not None:
                if moves:
                    moves[-1] = (moves[-1][0], moves[-1][1] + comment)
            elif not re.match(r"^\d+\.+$", word) and word not in ("1-0", "0-1", "1/2-1/2", "*"):
                moves.append((re.sub(r"^\d+\.+", "", word), ""))
        yield headers, moves


def first_parting(headers, moves, engine, margin, scale):
    """(ply index, engine's score, opponent's two scores) of the first of
    the engine's moves the opponent judges worse for it by ≥ margin, or
    None."""
    white_first = " w " in headers.get("FEN", " w ")
    engine_white = headers.get("White") == engine
    sign = 1.0 if engine_white else -1.0
    for ply, (_, comment) in enumerate(moves):
        white_moved = (ply % 2 == 0) == white_first
        if white_moved != engine_white:
            continue
        own = score_of(comment)
        later = [score_of(c) for _, c in moves[ply + 1:ply + 4:2]]
        if own is None or len(later) < 2 or None in later:
            continue
        later = [seen * scale for seen in later]
        if all(sign * (seen - own) <= -margin for seen in later):
            return ply, own, later
    return None


def position_line(headers, moves, ply):
    """The position before ply `ply`, as a UCI `position` command."""
    start = f"fen {headers['FEN']}" if "FEN" in headers else "startpos"
    played = " ".join(move for move, _ in moves[:ply])
    return f"position {start}" + (f" moves {played}" if played else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", default="timur")
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    looked = parted = 0
    for path in args.pgn:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for number, (headers, moves) in enumerate(games_of(text), start=1):
            if args.engine not in (headers.get("White"), headers.get("Black")):
                continue
            won = {"1-0": "White", "0-1": "Black"}.get(headers["Result"])
            engine_colour = "White" if headers.get("White") == args.engine else "Black"
            if not args.all and won == engine_colour:
                continue
            looked += 1
            found = first_parting(headers, moves, args.engine, args.margin, args.scale)
            if found is None:
                continue
            parted += 1
            ply, own, later = found
            print(f"{path} game {number} ({headers['Result']}, {args.engine} {engine_colour}) "
                  f"move {ply // 2 + 1}: {moves[ply][0]} {args.engine} {own:+.2f}, "
                  f"opponent {later[0]:+.2f} {later[1]:+.2f} (White's view, scaled)")
            print(f"  {position_line(headers, moves, ply)}")
    print(f"{parted} of {looked} games looked at part by {args.margin} pawns or more",
          file=sys.stderr)


if __name__ == "__main__":
    main()
