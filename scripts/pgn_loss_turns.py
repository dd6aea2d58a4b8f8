#!/usr/bin/env python3
"""When an engine's lost games turned, from its own `[%eval]` comments.

For every game the engine lost: the move (full-move number of the game)
after which its own reported score first fell to -MARGIN pawns or below
(a mate against it counts). `timur match --pgn` writes each side's score
from White's point of view; it is turned to the engine's here. The
median, quartiles and a count by ten-move stretches show where the games
are lost: in the opening, the middlegame or the ending. A second line
reads the winner's scores in the same games: where the winner's own
score first reached +MARGIN, and how many moves later the engine saw it
(a long lag: the engine misjudged positions its opponent judged right).
Engines' pawns differ (Stockfish 15.1's 1.00 is about timur's 1.35 in
chess): --winner-margin sets the winner's threshold apart.

usage: scripts/pgn_loss_turns.py [--engine timur] [--margin 1.0]
       [--winner-margin MARGIN] MATCH.pgn...
"""

import argparse
import re
import statistics

from pgn_clocks import MOVE_NUMBER, RESULT, TOKEN, games

EVAL = re.compile(r"\[%eval ([^\]]+)\]")


def pawns(text):
    """A `[%eval]` value in pawns from White's view; mates as ±1000."""
    if "#" in text:
        return -1000.0 if "-" in text else 1000.0
    return float(text)


def turning_move(tags, body, engine_white, threshold, falling):
    """The full-move number after which the own score of the side that
    played White (`engine_white`) or Black first fell to `threshold` or
    below (`falling`), or rose to it or above, or None if it never did."""
    fen = tags.get("FEN", "").split()
    white_to_move = len(fen) < 2 or fen[1] == "w"
    full_move = int(fen[5]) if len(fen) > 5 and fen[5].isdigit() else 1
    mover_white = None
    for token in TOKEN.findall(body):
        if token.startswith("{"):
            found = EVAL.search(token)
            if found and mover_white == engine_white:
                score = pawns(found.group(1))
                own = score if engine_white else -score
                if (own <= threshold) if falling else (own >= threshold):
                    return move_of_last
            continue
        if MOVE_NUMBER.match(token) or token in RESULT:
            continue
        mover_white = white_to_move
        move_of_last = full_move
        if not white_to_move:
            full_move += 1
        white_to_move = not white_to_move
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="timur")
    parser.add_argument("--margin", type=float, default=1.0)
    parser.add_argument("--winner-margin", type=float, help="the winner's threshold (default: --margin)")
    parser.add_argument("pgn", nargs="+")
    args = parser.parse_args()
    winner_margin = args.margin if args.winner_margin is None else args.winner_margin
    for path in args.pgn:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        turns, never, winner_turns, lags = [], 0, [], []
        for tags, body in games(text):
            if args.engine not in (tags.get("White"), tags.get("Black")):
                continue
            engine_white = tags.get("White") == args.engine
            if tags.get("Result") != ("0-1" if engine_white else "1-0"):
                continue
            move = turning_move(tags, body, engine_white, -args.margin, falling=True)
            winner_move = turning_move(tags, body, not engine_white, winner_margin, falling=False)
            if winner_move is not None:
                winner_turns.append(winner_move)
            if move is None:
                never += 1
            else:
                turns.append(move)
                if winner_move is not None:
                    lags.append(move - winner_move)
        if not turns:
            print(f"{path}: {args.engine} lost no game with its score at -{args.margin}")
            continue
        turns.sort()
        quartiles = statistics.quantiles(turns, n=4) if len(turns) > 1 else turns * 3
        stretches = {}
        for move in turns:
            start = (move - 1) // 10 * 10 + 1
            stretches[start] = stretches.get(start, 0) + 1
        by_stretch = ", ".join(f"{s}-{s + 9}: {n}" for s, n in sorted(stretches.items()))
        print(
            f"{path}: {len(turns) + never} losses; score at -{args.margin} first after move "
            f"median {statistics.median(turns):g} (quartiles {quartiles[0]:g}, {quartiles[2]:g}; "
            f"{turns[0]}-{turns[-1]}); {by_stretch}; never {never}"
        )
        if winner_turns and lags:
            print(
                f"{path}: the winner's score at +{winner_margin} first after move median "
                f"{statistics.median(winner_turns):g} ({len(winner_turns)} games); "
                f"{args.engine} saw it median {statistics.median(lags):g} moves later "
                f"({sum(lag > 0 for lag in lags)} of {len(lags)} later, "
                f"{sum(lag >= 5 for lag in lags)} by 5 moves or more)"
            )


if __name__ == "__main__":
    main()
