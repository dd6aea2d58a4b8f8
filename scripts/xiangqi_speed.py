#!/usr/bin/env python3
"""Single-threaded perft speed of timur's xiangqi against Fairy-Stockfish.

Runs `perft <depth>` from the start position with examples/xiangqi_divide.rs
(one thread) and Fairy-Stockfish's `go perft <depth>` (UCI_Variant xiangqi),
one after the other, and prints wall time, CPU time and Mnps of each (CPU
time is the fairer figure on a loaded machine).

usage: scripts/xiangqi_speed.py [--depth 5] [--profile release] [--rounds 1]
"""

import argparse
import os
import resource
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FSF = "/usr/games/fairy-stockfish"


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_ours(binary, depth):
    cpu0, wall0 = child_cpu(), time.perf_counter()
    out = subprocess.run([binary, "startpos", str(depth), "1"], capture_output=True,
                         text=True, check=True)
    wall, cpu = time.perf_counter() - wall0, child_cpu() - cpu0
    nodes = int(out.stdout.strip().splitlines()[-1].split(":")[1])
    return nodes, wall, cpu


def run_fsf(depth):
    proc = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1)
    proc.stdin.write("uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\n"
                     "isready\n")
    proc.stdin.flush()
    while not proc.stdout.readline().startswith("readyok"):
        pass
    cpu0, wall0 = child_cpu(), time.perf_counter()
    proc.stdin.write(f"go perft {depth}\n")
    proc.stdin.flush()
    nodes = None
    while nodes is None:
        line = proc.stdout.readline()
        if line.startswith("Nodes searched"):
            nodes = int(line.split(":")[1])
    wall = time.perf_counter() - wall0
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait()
    # CPU includes Fairy-Stockfish's start-up, a few milliseconds.
    return nodes, wall, child_cpu() - cpu0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--profile", default="release")
    ap.add_argument("--rounds", type=int, default=1)
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--profile", args.profile, "--example", "xiangqi_divide"],
                   cwd=ROOT, check=True)
    folder = "release" if args.profile == "release" else args.profile
    binary = os.path.join(ROOT, "target", folder, "examples", "xiangqi_divide")
    for _ in range(args.rounds):
        for name, (nodes, wall, cpu) in (("timur", run_ours(binary, args.depth)),
                                         ("fairy-stockfish", run_fsf(args.depth))):
            print(f"{name:16} perft {args.depth}: {nodes} nodes, wall {wall:.2f} s "
                  f"({nodes / wall / 1e6:.1f} Mnps), cpu {cpu:.2f} s "
                  f"({nodes / cpu / 1e6:.1f} Mnps)")


if __name__ == "__main__":
    main()
