#!/usr/bin/env python3
"""Adds an outside engine's score to a positions file for `timur tune fit`.

Reads `FEN;result` lines (what `timur tune extract` writes), searches each
position with a UCI engine to a fixed depth, and writes `FEN;result;score`
with the score in centipawns from White's (Red's) view; mates become
+-3000. Runs several engine processes at once (--jobs).

    python3 scripts/label_positions.py --engine /usr/games/stockfish \
        --depth 8 positions.txt labelled.txt
    python3 scripts/label_positions.py --engine /usr/games/fairy-stockfish \
        --variant xiangqi --depth 7 positions.txt labelled.txt
"""
import argparse
import subprocess
import sys
import threading

MATE_SCORE = 3000


class Engine:
    """A UCI engine process, driven line by line."""

    def __init__(self, command, variant):
        self.proc = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        if variant == "chess960":
            self.send("setoption name UCI_Chess960 value true")
        elif variant != "chess":
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited while waiting for {word}")
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines

    def score(self, fen, depth):
        """The score of `fen` from the side to move's view, or None."""
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.wait_for("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                score = value if kind == "cp" else (MATE_SCORE if value > 0 else -MATE_SCORE)
        return score

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def label(lines, out, engine_cmd, variant, depth):
    engine = Engine(engine_cmd, variant)
    for i, line in enumerate(lines):
        fen, result = line.split(";")[:2]
        score = engine.score(fen, depth)
        if score is None:
            continue
        if fen.split()[1] == "b":
            score = -score
        out[i] = f"{fen};{result};{max(-MATE_SCORE, min(MATE_SCORE, score))}"
    engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--variant", default="chess")
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("positions")
    parser.add_argument("labelled")
    args = parser.parse_args()
    with open(args.positions) as f:
        lines = [line.strip() for line in f if line.strip()]
    chunks = [lines[j::args.jobs] for j in range(args.jobs)]
    results = [[None] * len(chunk) for chunk in chunks]
    threads = [threading.Thread(target=label, args=(chunk, res, args.engine, args.variant, args.depth))
               for chunk, res in zip(chunks, results)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    written = 0
    with open(args.labelled, "w") as f:
        for res in results:
            for line in res:
                if line is not None:
                    f.write(line + "\n")
                    written += 1
    print(f"labelled {written} of {len(lines)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
