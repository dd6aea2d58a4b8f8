#!/usr/bin/env python3
"""Fit timur's UCI_ShowWDL model on self-play records (`timur nnue datagen`).

Model (Stockfish's shape, one (a, b) per game):
    P(win)  = 1 / (1 + exp(-(s - a) / b))
    P(loss) = 1 / (1 + exp(-(-s - a) / b))
    P(draw) = 1 - P(win) - P(loss)
for a search score s in centipawns, side to move's view. a and b maximise
the likelihood of the recorded game results (Nelder-Mead, plain Python).

Plain files hold 40-byte records (src/learn/record.rs): byte 33 the result
from the side to move's view (0 loss, 1 draw, 2 win), bytes 34..36 the score
(i16 LE). Headed files (Tamerlane's) start with a 16-byte header
(src/learn/record_header.rs: magic, version 1, game, record size 80); their
records keep the result at byte 73 and the score at 74..76.

Text files (`.txt`) of `score result` lines, as scripts/wdl_selfplay.py
writes, are read too.

Usage: scripts/wdl_fit.py FILE.bin|FILE.txt [...]
Prints the record count, the results, a and b, and a table of predicted
against observed results per score bucket.
"""

import math
import struct
import sys

RECORD = 40
MAGIC = b"\xff\xff\xff\xffTMRC"
HEADER = 16
HEADED_RECORD = 80


def read_records(paths):
    """(score, result) pairs from datagen files (a torn tail is skipped)
    or from text files of `score result` lines (scripts/wdl_selfplay.py)."""
    data = []
    for path in paths:
        if path.endswith(".txt"):
            with open(path) as f:
                data.extend(tuple(map(int, line.split())) for line in f if line.strip())
            continue
        with open(path, "rb") as f:
            raw = f.read()
        first, size, result_at = 0, RECORD, 33
        if raw.startswith(MAGIC):
            version, record = struct.unpack_from("<H", raw, 8)[0], struct.unpack_from("<H", raw, 12)[0]
            if len(raw) < HEADER or version != 1 or record != HEADED_RECORD:
                sys.exit(f"{path}: a headed file of version {version}, records of {record} bytes: not readable here")
            first, size, result_at = HEADER, HEADED_RECORD, HEADED_RECORD - 7
        for start in range(first, len(raw) - size + 1, size):
            result = raw[start + result_at]
            (score,) = struct.unpack_from("<h", raw, start + result_at + 1)
            if result <= 2:
                data.append((score, result))
    return data


def logistic(x):
    if x < -60:
        return 0.0
    if x > 60:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def probabilities(score, a, b):
    win = logistic((score - a) / b)
    loss = logistic((-score - a) / b)
    return win, max(1.0 - win - loss, 0.0), loss


def counts_by_score(data):
    """{score: [losses, draws, wins]}: the likelihood needs only these."""
    table = {}
    for score, result in data:
        table.setdefault(score, [0, 0, 0])[result] += 1
    return table


def neg_log_likelihood(params, table):
    a, b = params
    if a <= 0 or b <= 1:
        return float("inf")
    total = 0.0
    for score, (losses, draws, wins) in table.items():
        win, draw, loss = probabilities(score, a, b)
        for count, p in ((wins, win), (draws, draw), (losses, loss)):
            if count:
                total -= count * math.log(max(p, 1e-12))
    return total


def nelder_mead(f, start, step, iterations=400, tolerance=1e-7):
    """Minimises f from start; a small textbook Nelder-Mead."""
    n = len(start)
    simplex = [list(start)]
    for i in range(n):
        point = list(start)
        point[i] += step[i]
        simplex.append(point)
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=lambda i: values[i])
        simplex = [simplex[i] for i in order]
        values = [values[i] for i in order]
        if abs(values[-1] - values[0]) <= tolerance * (abs(values[0]) + 1e-12):
            break
        centroid = [sum(p[i] for p in simplex[:-1]) / n for i in range(n)]
        worst = simplex[-1]

        def towards(t):
            return [c + t * (w - c) for c, w in zip(centroid, worst)]

        reflected = towards(-1.0)
        fr = f(reflected)
        if fr < values[0]:
            expanded = towards(-2.0)
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = towards(0.5)
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                best = simplex[0]
                simplex = [best] + [
                    [b + 0.5 * (p - b) for b, p in zip(best, point)]
                    for point in simplex[1:]
                ]
                values = [values[0]] + [f(p) for p in simplex[1:]]
    best = min(range(n + 1), key=lambda i: values[i])
    return simplex[best], values[best]


def report(data, a, b):
    print(" score bucket     n   observed W/D/L %   model W/D/L %")
    edges = [-3000, -600, -300, -150, -50, 50, 150, 300, 600, 3001]
    for low, high in zip(edges, edges[1:]):
        bucket = [(s, r) for s, r in data if low <= s < high]
        if not bucket:
            continue
        n = len(bucket)
        seen = [sum(1 for _, r in bucket if r == k) / n * 100 for k in (2, 1, 0)]
        model = [0.0, 0.0, 0.0]
        for s, _ in bucket:
            for i, p in enumerate(probabilities(s, a, b)):
                model[i] += p / n * 100
        print(
            f"[{low:5},{high:5}) {n:6}   {seen[0]:5.1f} {seen[1]:5.1f} {seen[2]:5.1f}"
            f"   {model[0]:5.1f} {model[1]:5.1f} {model[2]:5.1f}"
        )


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    data = read_records(sys.argv[1:])
    if not data:
        sys.exit("no records")
    results = [sum(1 for _, r in data if r == k) for k in (2, 1, 0)]
    print(f"records {len(data)}  wins {results[0]} draws {results[1]} losses {results[2]}")
    table = counts_by_score(data)
    (a, b), nll = nelder_mead(
        lambda p: neg_log_likelihood(p, table), [200.0, 100.0], [50.0, 30.0]
    )
    print(f"a = {a:.1f}  b = {b:.1f}  (mean log-loss {nll / len(data):.4f})")
    report(data, a, b)


if __name__ == "__main__":
    main()
