#!/usr/bin/env python3
"""How good is a teacher? Compares the scores that several data files give
the same positions with a reference file's scores (a deeper search of the
same positions) and with the games' results.

Each file holds 40-byte records of `timur nnue datagen` / `relabel`
(chess and xiangqi); records are matched by position and side to move, so
a relabelled file (which drops mates) and its source line up. Typical use:

    timur nnue relabel --engine pikafish-hce --depth 12 --scale 2.0 \
        --data xq.bin --start 5950000 --count 2000 --out deep.bin
    scripts/teacher_check.py --reference deep.bin xq.bin xq-pk7.bin

prints, per file, the correlation of its scores with the reference's (in
centipawns clipped at +-2000, and through a logistic of scale 400, the
training target's shape) and the correlation of that logistic with the
result (0, 1/2, 1 for the side to move).
"""

import argparse
import math
import statistics
import struct
import sys

RECORD = 40


def load(path, keys=None):
    """Position key -> (score, result) of every record of `path` (only the
    keys in `keys`, if given)."""
    out = {}
    with open(path, "rb") as f:
        while True:
            r = f.read(RECORD)
            if len(r) < RECORD:
                break
            key = r[:33]
            if keys is None or key in keys:
                out[key] = (struct.unpack("<h", r[34:36])[0], r[33] / 2)
    return out


def clip(cp):
    return max(-2000, min(2000, cp))


def logistic(cp):
    return 1 / (1 + math.exp(-clip(cp) / 400))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", required=True, help="the deeper search's file")
    parser.add_argument("files", nargs="+", help="files scoring the same positions")
    args = parser.parse_args()
    reference = load(args.reference)
    if not reference:
        sys.exit(f"{args.reference}: no records")
    tables = [(path, load(path, reference)) for path in args.files]
    common = [k for k in reference if all(k in t for _, t in tables)]
    if len(common) < 3:
        sys.exit(f"only {len(common)} positions in every file")
    print(f"{len(common)} positions in every file")
    deep = [reference[k][0] for k in common]
    results = [reference[k][1] for k in common]
    rows = [(args.reference + " (reference)", reference)] + tables
    for path, table in rows:
        scores = [table[k][0] for k in common]
        cp = statistics.correlation([clip(s) for s in scores], [clip(d) for d in deep])
        wdl = statistics.correlation([logistic(s) for s in scores], [logistic(d) for d in deep])
        res = statistics.correlation([logistic(s) for s in scores], results)
        print(f"{path}: with the reference {cp:.3f} (cp) {wdl:.3f} (logistic); with the result {res:.3f}")


if __name__ == "__main__":
    main()
