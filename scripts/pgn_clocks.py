#!/usr/bin/env python3
"""How each engine of a match spent its clock, from the PGN's `[%clk]` comments.

For every engine: the mean seconds left after its 10th, 20th and 40th
move out of the book (over the games that lasted that long), at the end of
its games, and its mean number of timed moves. A time manager that ends its
games with much of its clock left, or spends it much later than its
opponent, shows here (`timur match --pgn` writes the comments).

usage: scripts/pgn_clocks.py MATCH.pgn...
"""

import re
import statistics
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$', re.M)
TOKEN = re.compile(r"\{[^}]*\}|[^\s{}]+")
CLOCK = re.compile(r"\[%clk (\d+):(\d+):([\d.]+)\]")
MOVE_NUMBER = re.compile(r"^\d+\.+$")
RESULT = {"1-0", "0-1", "1/2-1/2", "*"}
CHECKPOINTS = (10, 20, 40)


def games(text):
    """Yields (tags, movetext) for each game of a PGN text."""
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        if not chunk.strip():
            continue
        head, _, body = chunk.partition("\n\n")
        yield dict(TAG.findall(head)), body


def clocks_by_side(tags, body):
    """The clock readings after each timed move, as two lists: the first
    mover's and the second's."""
    fen = tags.get("FEN", "")
    black_first = len(fen.split()) > 1 and fen.split()[1] == "b"
    sides = ([], [])
    ply = 0
    for token in TOKEN.findall(body):
        if token.startswith("{"):
            found = CLOCK.search(token)
            if found and ply > 0:
                hours, minutes, seconds = found.groups()
                sides[(ply - 1) % 2].append(int(hours) * 3600 + int(minutes) * 60 + float(seconds))
        elif not MOVE_NUMBER.match(token) and token not in RESULT:
            ply += 1
    white, black = (sides[1], sides[0]) if black_first else sides
    return white, black


def main(paths):
    """Prints one line per engine over the games of `paths`."""
    readings = {}
    for path in paths:
        with open(path, encoding="utf-8") as pgn:
            for tags, body in games(pgn.read()):
                white, black = clocks_by_side(tags, body)
                for name, clocks in ((tags.get("White"), white), (tags.get("Black"), black)):
                    if clocks:
                        readings.setdefault(name, []).append(clocks)
    for name, games_clocks in sorted(readings.items()):
        parts = []
        for move in CHECKPOINTS:
            left = [clocks[move - 1] for clocks in games_clocks if len(clocks) >= move]
            if left:
                parts.append(f"after {move}: {statistics.mean(left):6.2f} s ({len(left)})")
        end = statistics.mean(clocks[-1] for clocks in games_clocks)
        moves = statistics.mean(len(clocks) for clocks in games_clocks)
        print(f"{name}: {len(games_clocks)} games; " + "; ".join(parts)
              + f"; at the end {end:.2f} s; {moves:.1f} timed moves")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
