#!/usr/bin/env python3
"""Re-checks the chess, Chess960 and xiangqi forced wins of tests/search_mates.rs
with the outside engines named in their comments.

Every `mate("<fen>", N)` line whose comment (the `//` lines just above it)
starts with `SF 15.1 960:` (Stockfish, UCI_Chess960), `SF 15.1:` (Stockfish)
or `FSF 11.1:` (Fairy-Stockfish, UCI_Variant xiangqi) is searched with
`go depth 20` and MultiPV over every root move. The shortest mate found must
be N moves; the moves that mate that fast are printed (Fairy-Stockfish writes
xiangqi ranks 1..10).

usage: scripts/verify_mates.py [--file tests/search_mates.rs] [--depth 20]
Exit status 1 when any mate length differs.
"""

import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENGINES = {
    "SF 15.1 960:": ("/usr/games/stockfish", ["setoption name UCI_Chess960 value true"]),
    "SF 15.1:": ("/usr/games/stockfish", []),
    "FSF 11.1:": ("/usr/games/fairy-stockfish", ["setoption name UCI_Variant value xiangqi"]),
}
MATE_LINE = re.compile(r'mate\("([^"]+)",\s*(\d+)\)')
INFO = re.compile(r" depth (\d+) .*multipv \d+ score (cp|mate) (-?\d+).* pv (\S+)")


def positions(path):
    """Yields (comment tag, fen, moves) for each tagged `mate(...)` line."""
    comment = ""
    for line in open(path, encoding="utf-8"):
        text = line.strip()
        if text.startswith("//"):
            body = text.lstrip("/ ")
            comment = body if not comment else comment
            continue
        found = MATE_LINE.search(text)
        if found:
            tag = next((t for t in ENGINES if comment.startswith(t)), None)
            if tag:
                yield tag, found.group(1), int(found.group(2))
        comment = ""


class Engine:
    def __init__(self, path, setup):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send("uci")
        self.until("uciok")
        for command in setup + ["setoption name MultiPV value 500", "setoption name Threads value 1"]:
            self.send(command)

    def send(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("the engine stopped")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def mates(self, fen, depth):
        """The shortest mate (moves) and the root moves that reach it."""
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        scores = {}
        for line in self.until("bestmove"):
            info = INFO.search(line)
            if info:
                scores[info.group(4)] = (info.group(2), int(info.group(3)))
        wins = sorted((n, mv) for mv, (kind, n) in scores.items() if kind == "mate" and n > 0)
        if not wins:
            return None, []
        return wins[0][0], [mv for n, mv in wins if n == wins[0][0]]

    def quit(self):
        self.send("quit")
        self.proc.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default=os.path.join(ROOT, "tests", "search_mates.rs"))
    parser.add_argument("--depth", type=int, default=20)
    args = parser.parse_args()
    engines = {}
    bad = 0
    for tag, fen, moves in positions(args.file):
        if tag not in engines:
            engines[tag] = Engine(*ENGINES[tag])
        found, best = engines[tag].mates(fen, args.depth)
        verdict = "ok" if found == moves else "MISMATCH"
        bad += found != moves
        print(f"{verdict:8} {tag:13} {fen} | expected mate {moves}, engine mate {found}: {' '.join(best)}")
    for engine in engines.values():
        engine.quit()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
