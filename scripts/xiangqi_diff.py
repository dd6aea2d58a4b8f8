#!/usr/bin/env python3
"""Differential test of timur's xiangqi move generation against Fairy-Stockfish.

Plays seeded random playouts from the start position (moves chosen among
Fairy-Stockfish's legal moves), then compares `perft divide` at the final
position between timur (examples/xiangqi_divide.rs) and Fairy-Stockfish
(`go perft`, UCI_Variant xiangqi; its ranks 1-10 are converted to 0-9).

usage: scripts/xiangqi_diff.py [--games 500] [--depth 3] [--seed 1] [--max-plies 120]
Exit status 1 when any position differs; each mismatch is printed with its FEN.
"""

import argparse
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FSF_CANDIDATES = ["/usr/games/fairy-stockfish", "fairy-stockfish"]
MOVE_RE = re.compile(r"^([a-i])(\d+)([a-i])(\d+)$")


def find_fsf():
    for cand in FSF_CANDIDATES:
        path = shutil.which(cand) or (cand if os.path.exists(cand) else None)
        if path:
            return path
    if os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "fairy-stockfish"], check=False)
        if os.path.exists(FSF_CANDIDATES[0]):
            return FSF_CANDIDATES[0]
    sys.exit("Fairy-Stockfish not found: apt-get install fairy-stockfish")


def from_one(move):
    """Fairy-Stockfish's `b3b10` (ranks 1-10) -> `b2b9` (ranks 0-9)."""
    m = MOVE_RE.match(move)
    if not m:
        raise ValueError(f"unexpected move text {move!r}")
    return f"{m.group(1)}{int(m.group(2)) - 1}{m.group(3)}{int(m.group(4)) - 1}"


class Fsf:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.sync()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until("readyok")

    def set_moves(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def divide(self, depth):
        """{move (ranks 0-9): count} of the current position."""
        self.send(f"go perft {depth}")
        lines = self.read_until("Nodes searched")
        result = {}
        for line in lines:
            if ":" in line and MOVE_RE.match(line.split(":")[0].strip()):
                mv, n = line.split(":")
                result[from_one(mv.strip())] = int(n)
        return result

    def raw_moves(self):
        """Legal moves in Fairy-Stockfish's own text (ranks 1-10)."""
        self.send("go perft 1")
        lines = self.read_until("Nodes searched")
        return [l.split(":")[0].strip() for l in lines
                if ":" in l and MOVE_RE.match(l.split(":")[0].strip())]

    def fen(self):
        self.send("d")
        lines = self.sync()
        for line in lines:
            if line.startswith("Fen:"):
                return line[4:].strip()
        raise RuntimeError("no Fen: line in `d` output")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def ours(binary, fen, depth):
    out = subprocess.run([binary, fen, str(depth)], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return None, out.stderr.strip()
    result = {}
    for line in out.stdout.splitlines():
        mv, n = line.split(":")
        if mv != "total":
            result[mv.strip()] = int(n)
    return result, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=120)
    args = ap.parse_args()

    subprocess.run(["cargo", "build", "--profile", "fast", "--example", "xiangqi_divide"],
                   cwd=ROOT, check=True)
    binary = os.path.join(ROOT, "target", "fast", "examples", "xiangqi_divide")
    fsf = Fsf(find_fsf())
    rng = random.Random(args.seed)
    mismatches = 0
    nodes = 0
    for game in range(args.games):
        plies = rng.randint(1, args.max_plies)
        moves = []
        for _ in range(plies):
            fsf.set_moves(moves)
            legal = fsf.raw_moves()
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        fsf.set_moves(moves)
        fen = fsf.fen()
        theirs = fsf.divide(args.depth)
        mine, err = ours(binary, fen, args.depth)
        nodes += sum(theirs.values())
        if mine != theirs:
            mismatches += 1
            print(f"MISMATCH game {game}: {fen}")
            if mine is None:
                print(f"  timur refused the FEN: {err}")
                continue
            for mv in sorted(set(mine) | set(theirs)):
                if mine.get(mv) != theirs.get(mv):
                    print(f"  {mv}: timur {mine.get(mv)} fairy-stockfish {theirs.get(mv)}")
    fsf.quit()
    print(f"{args.games} positions, depth {args.depth}, {nodes} reference nodes, "
          f"{mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
