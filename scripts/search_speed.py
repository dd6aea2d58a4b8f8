#!/usr/bin/env python3
"""CPU seconds that engine builds take for one fixed-node search.

Each build gets `go nodes N` (one thread, Hash 64) from the same position,
in turn, for a number of rounds; the figure is the process's user + system
time (fairer than nps on a shared machine: other load stretches the wall
clock, not the CPU time), start-up included. The node count printed with it
shows the builds searched the same tree when their search is the same.

usage: scripts/search_speed.py BUILD... [--variant xiangqi]
       [--moves "h2e2 h9g7"] [--nodes 3000000] [--rounds 3]
       [--option "UseNNUE=false"]
"""

import argparse
import os
import statistics
import subprocess


def cpu_seconds(binary, variant, moves, nodes, options):
    """Runs one search; returns (CPU seconds, nodes reported)."""
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    setup = ["uci", f"setoption name UCI_Variant value {variant}",
             "setoption name Hash value 64"]
    setup += [f"setoption name {name} value {value}"
              for name, value in (o.split("=", 1) for o in options)]
    engine.stdin.write("\n".join(setup + ["isready"]) + "\n")
    engine.stdin.flush()
    for line in engine.stdout:
        if line.startswith("readyok"):
            break
    engine.stdin.write(f"position startpos moves {moves}\ngo nodes {nodes}\n")
    engine.stdin.flush()
    searched = "?"
    for line in engine.stdout:
        words = line.split()
        if words[:1] == ["info"] and "nodes" in words:
            searched = words[words.index("nodes") + 1]
        if words[:1] == ["bestmove"]:
            break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    _, _, usage = os.wait4(engine.pid, 0)
    return usage.ru_utime + usage.ru_stime, searched


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", nargs="+")
    parser.add_argument("--variant", default="xiangqi")
    parser.add_argument("--moves", default="h2e2 h9g7 h0g2 i9h9")
    parser.add_argument("--nodes", type=int, default=3_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--option", action="append", default=[],
                        help="NAME=VALUE, sent with setoption (repeatable)")
    args = parser.parse_args()
    times = {build: [] for build in args.builds}
    for _ in range(args.rounds):
        for build in args.builds:
            seconds, searched = cpu_seconds(build, args.variant, args.moves, args.nodes,
                                            args.option)
            times[build].append(seconds)
            print(f"{build}: {seconds:.2f} s CPU, {searched} nodes", flush=True)
    for build, runs in times.items():
        print(f"{build}: mean {statistics.mean(runs):.2f} s over {len(runs)} runs")


if __name__ == "__main__":
    main()
