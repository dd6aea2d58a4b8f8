#!/usr/bin/env python3
"""What Syzygy probing costs in search speed: searches endgame positions of
5 to 7 pieces (no castling rights, so captures reach the tables) to a fixed
node count with and without `SyzygyPath`, alternating, and prints the
nodes per second of each run and the total table hits.

Usage: scripts/syzygy_speed.py DIR [--timur target/release/timur]
                               [--nodes 2000000] [--rounds 3]
"""
import argparse
import subprocess

POSITIONS = [
    "8/8/3k4/8/3q4/8/3Q4/3K1R2 w - - 0 1",
    "8/5k2/8/3r4/8/2B5/4K3/3R4 w - - 0 1",
    "8/8/2k5/8/2p5/8/2K1R3/4r3 w - - 0 1",
    "6k1/5p2/8/8/8/8/1R3K2/7r b - - 0 1",
    "8/3k4/8/2n5/8/4N3/2PK4/8 w - - 0 1",
    "8/8/1p2k3/8/4P3/2K5/8/3R3r w - - 0 1",
    "8/6k1/8/4q3/8/8/1Q3PK1/8 w - - 0 1",
    "8/8/4k3/3rp3/8/3K4/3R4/6B1 w - - 0 1",
]


def search(timur, path, fen, nodes):
    """Nodes, nps and tbhits of the last info line of one search."""
    commands = ["uci"]
    if path:
        commands.append(f"setoption name SyzygyPath value {path}")
    commands += [f"position fen {fen}", f"go nodes {nodes}"]
    proc = subprocess.Popen([timur], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write("\n".join(commands) + "\n")
    proc.stdin.flush()
    last = ""
    for line in proc.stdout:
        if line.startswith("info depth"):
            last = line
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    words = last.split()
    value = lambda key: int(words[words.index(key) + 1])
    return value("nodes"), value("nps"), value("tbhits")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--timur", default="target/release/timur")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    totals = {"without": [0, 0.0, 0], "with": [0, 0.0, 0]}
    for round_ in range(args.rounds):
        for name, path in (("without", ""), ("with", args.folder)):
            nodes_sum, seconds, hits = 0, 0.0, 0
            for fen in POSITIONS:
                nodes, nps, tbhits = search(args.timur, path, fen, args.nodes)
                nodes_sum += nodes
                seconds += nodes / max(nps, 1)
                hits += tbhits
            print(f"round {round_ + 1} {name:7} tables: {nodes_sum} nodes, "
                  f"{nodes_sum / seconds:.0f} nps, {hits} tbhits")
            total = totals[name]
            total[0] += nodes_sum
            total[1] += seconds
            total[2] += hits
    for name, (nodes, seconds, hits) in totals.items():
        print(f"all rounds {name:7} tables: {nodes / seconds:.0f} nps, {hits} tbhits")


if __name__ == "__main__":
    main()
