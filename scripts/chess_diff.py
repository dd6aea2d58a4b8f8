#!/usr/bin/env python3
"""Differential perft test of timur's chess and Chess960 move generator
against Stockfish (Debian's `stockfish`, installed if missing).

Random games (python-chess, installed if missing, plays them from seeded
random start positions) give the test positions; for each one the script
compares timur's `perft --divide` with Stockfish's `go perft` move by move.

    python3 scripts/chess_diff.py --positions 500 --depth 3
"""
import argparse
import os
import random
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ensure_tools():
    try:
        import chess  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "chess"], check=True)
    stockfish = shutil.which("stockfish") or "/usr/games/stockfish"
    if not os.path.exists(stockfish):
        subprocess.run(["apt-get", "update", "-q"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "stockfish"], check=True)
    return stockfish


def timur_binary():
    subprocess.run(["cargo", "build", "--release", "-q"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "timur")


class Stockfish:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        lines = []
        for line in self.proc.stdout:
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError("stockfish closed its output")

    def divide(self, fen, depth, chess960):
        self.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return parse_divide(self.wait("Nodes searched"))


def parse_divide(lines):
    counts = {}
    for line in lines:
        if ":" in line and not line.startswith("Nodes"):
            mv, n = line.split(":")
            counts[mv.strip()] = int(n)
    return counts


def timur_divide(binary, fen, depth, chess960):
    variant = "chess960" if chess960 else "chess"
    out = subprocess.run([binary, "perft", "--variant", variant, "--fen", fen, "--depth", str(depth), "--divide"],
                         capture_output=True, text=True, check=True).stdout
    return parse_divide(out.splitlines())


def random_positions(count, seed):
    import chess
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        chess960 = rng.random() < 0.5
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        board.chess960 = chess960
        for _ in range(rng.randrange(1, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        fen = board.shredder_fen() if chess960 else board.fen()
        out.append((fen, chess960))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    stockfish = Stockfish(ensure_tools())
    binary = timur_binary()
    mismatches = 0
    nodes = 0
    for fen, chess960 in random_positions(args.positions, args.seed):
        ours = timur_divide(binary, fen, args.depth, chess960)
        theirs = stockfish.divide(fen, args.depth, chess960)
        nodes += sum(theirs.values())
        if ours != theirs:
            mismatches += 1
            diff = sorted(set(ours.items()) ^ set(theirs.items()))
            print(f"MISMATCH {fen} ({'960' if chess960 else 'chess'}): {diff[:10]}")
    print(f"{args.positions} positions, depth {args.depth}, {nodes} reference nodes, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
