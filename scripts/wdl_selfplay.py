#!/usr/bin/env python3
"""Self-play score/result data for games `timur nnue datagen` does not cover
(Tamerlane), through the engine's own UCI: for scripts/wdl_fit.py.

Each game: RANDOM_PLIES random legal moves (from `go perft 1`), then
`go nodes N` per move until the rules end the game (`info string game over`
or `bestmove (none)`), a score of 2000+ for one side holds 4 plies (a win),
or MAX_PLIES (a draw); the rules as datagen's. Every searched position with
|score| < 3000 and not in a decided line becomes a line `score result`
(side to move's view, result 2 win, 1 draw, 0 loss).

Usage: scripts/wdl_selfplay.py ENGINE VARIANT GAMES NODES SEED OUT.txt
"""

import random
import subprocess
import sys

RANDOM_PLIES = 8
MAX_PLIES = 400
RESIGN_SCORE, RESIGN_PLIES = 2000, 4
RECORD_LIMIT = 3000


class Engine:
    def __init__(self, command, variant):
        self.process = subprocess.Popen(
            [command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until(lambda line: line == "uciok")
        self.send(f"setoption name UCI_Variant value {variant}")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("engine quit")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def legal(self, moves):
        self.send(self.position(moves))
        self.send("go perft 1")
        lines = self.until(lambda line: line.startswith("Nodes searched"))
        return [line.split(":")[0] for line in lines if ":" in line and " " not in line.split(":")[0]]

    @staticmethod
    def position(moves):
        return "position startpos" + (" moves " + " ".join(moves) if moves else "")

    def search(self, moves, nodes):
        """(bestmove or None, last score (kind, value) or None, game-over result)."""
        self.send(self.position(moves))
        self.send(f"go nodes {nodes}")
        lines = self.until(lambda line: line.startswith("bestmove"))
        score, over = None, None
        for line in lines:
            words = line.split()
            if line.startswith("info string game over:"):
                over = words[4]
            elif "score" in words:
                at = words.index("score")
                score = (words[at + 1], int(words[at + 2]))
        best = lines[-1].split()[1]
        return (None if best == "(none)" else best), score, over


def play(engine, nodes, rng):
    moves, pending = [], []
    resign_run, last = 0, 0
    result_white = None
    for _ in range(RANDOM_PLIES):
        legal = engine.legal(moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
    while result_white is None:
        ply = len(moves)
        white_to_move = ply % 2 == 0
        best, score, over = engine.search(moves, nodes)
        if over is not None:
            result_white = {"1-0": 2, "0-1": 0}.get(over, 1)
            break
        if best is not None and score is None:
            # Answered without a search (a single legal move): no score.
            moves.append(best)
            continue
        if best is None:
            lost = score is not None and score[0] == "mate"
            mover_result = 0 if lost else 1
            result_white = mover_result if white_to_move else 2 - mover_result
            break
        if ply >= MAX_PLIES:
            result_white = 1
            break
        kind, value = score
        if kind == "mate":
            mover = 2 if value > 0 else 0
            result_white = mover if white_to_move else 2 - mover
            break
        if abs(value) < RECORD_LIMIT:
            pending.append((value, white_to_move))
        white_score = value if white_to_move else -value
        if abs(white_score) >= RESIGN_SCORE and (white_score > 0) == (last > 0):
            resign_run += 1
        else:
            resign_run = int(abs(white_score) >= RESIGN_SCORE)
        last = white_score
        if resign_run >= RESIGN_PLIES:
            result_white = 2 if white_score > 0 else 0
            break
        moves.append(best)
    return [(s, result_white if white else 2 - result_white) for s, white in pending], result_white


def main():
    if len(sys.argv) != 7:
        print(__doc__)
        sys.exit(2)
    command, variant, games, nodes, seed, out = sys.argv[1:]
    rng = random.Random(int(seed))
    engine = Engine(command, variant)
    tally = [0, 0, 0]
    with open(out, "a") as f:
        for game in range(int(games)):
            records, result_white = play(engine, int(nodes), rng)
            tally[result_white] += 1
            f.writelines(f"{s} {r}\n" for s, r in records)
            f.flush()
            print(f"game {game + 1}: white {'LDW'[result_white]}, {len(records)} positions, "
                  f"white W/D/L {tally[2]}/{tally[1]}/{tally[0]}", flush=True)
    engine.send("quit")


if __name__ == "__main__":
    main()
