#!/usr/bin/env python3
"""Differential test of timur's repetition verdicts (perpetual check and
chase) against Fairy-Stockfish's own adjudication (pyffish).

Each sample: a seeded random playout from the start position (captures
preferred, to open the board), then a shuttle walk: each side moves pieces
(no soldiers, no captures) mostly back and forth, moves that attack an
enemy piece preferred, until a position occurs for the third time. At that
ply both judges are asked: Fairy-Stockfish (`is_optional_game_end`, variant
"xiangqi") and timur (the UCI binary's `info string game over: ...` after
`go depth 1`). Prints the agreement rate per verdict and every disagreement
(FEN and moves, ranks 1-10) for analysis in docs/rules/xiangqi.md.

usage: scripts/xiangqi_chase_diff.py [--cycles 500] [--seed 1] [--timur target/release/timur]
       scripts/xiangqi_chase_diff.py --pgn games.pgn   (re-judge a match's repetition endings)
"""

import argparse
import collections
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VARIANT = "xiangqi"


def import_pyffish():
    try:
        import pyffish
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "pyffish"], check=True)
        import pyffish
    return pyffish


sf = import_pyffish()


class Timur:
    """The engine over UCI, ranks 1-10 on the wire (Fairy-Stockfish's)."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")
        self.send(f"setoption name UCI_Variant value {VARIANT}")
        self.send("setoption name XiangqiRanksFromOne value true")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("timur exited")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def verdict(self, fen, moves, black_to_move):
        """'win', 'loss' (for the side to move), 'draw' or None, and the reason."""
        self.send(f"position fen {fen} moves {' '.join(moves)}")
        self.send("go depth 1")
        for line in self.read_until("bestmove"):
            if line.startswith("info string game over: "):
                result, _, reason = line[len("info string game over: "):].partition(" ")
                if result == "1/2-1/2":
                    return "draw", reason
                red_wins = result == "1-0"
                return ("win" if red_wins != black_to_move else "loss"), reason
            if line.startswith("info string error"):
                sys.exit(f"timur refused: {line}\n{fen} moves {' '.join(moves)}")
        return None, ""


def fsf_verdict(fen, moves):
    ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if not ended:
        return None
    return "draw" if value == 0 else ("win" if value > 0 else "loss")


def piece_at(board_fen, square):
    """The piece letter on `square` (e.g. 'a10') of a FEN's board, or ''."""
    file = ord(square[0]) - ord("a")
    rank = int(square[1:])
    row = board_fen.split("/")[10 - rank]
    col = 0
    for ch in row:
        if ch.isdigit():
            col += int(ch)
        else:
            if col == file:
                return ch
            col += 1
    return ""


def split_move(move):
    for i in range(2, len(move)):
        if move[i].isalpha():
            return move[:i], move[i:]
    raise ValueError(move)


def playout(rng, plies):
    """A random opening of `plies` moves preferring captures; None if it ends."""
    fen = sf.start_fen(VARIANT)
    moves = []
    for _ in range(plies):
        legal = sf.legal_moves(VARIANT, fen, moves)
        if not legal:
            return None
        board = sf.get_fen(VARIANT, fen, moves).split()[0]
        captures = [m for m in legal if piece_at(board, split_move(m)[1])]
        pool = captures if captures and rng.random() < 0.7 else legal
        moves.append(rng.choice(pool))
    return sf.get_fen(VARIANT, fen, moves)


def quiet_moves(fen, moves):
    """Legal moves that are neither captures nor soldier moves."""
    board = sf.get_fen(VARIANT, fen, moves).split()[0]
    out = []
    for m in sf.legal_moves(VARIANT, fen, moves):
        frm, to = split_move(m)
        if piece_at(board, to) or piece_at(board, frm).lower() == "p":
            continue
        out.append(m)
    return out


def attacks_after(fen, moves, mv):
    """Whether the piece `mv` moves could capture an enemy piece next (the
    position after `mv` with the turn handed back)."""
    parts = sf.get_fen(VARIANT, fen, moves + [mv]).split()
    parts[1] = "b" if parts[1] == "w" else "w"
    flipped = " ".join(parts)
    board = parts[0]
    to = split_move(mv)[1]
    return any(
        split_move(m)[0] == to and piece_at(board, split_move(m)[1])
        for m in sf.legal_moves(VARIANT, flipped, [])
    )


def shuttle(rng, fen, max_plies=60):
    """Moves from `fen` until a position occurs three times; None if not."""
    moves = []
    seen = collections.Counter([sf.get_fen(VARIANT, fen, []).rsplit(" ", 2)[0]])
    last = {}
    for ply in range(max_plies):
        side = ply % 2
        options = quiet_moves(fen, moves)
        if not options:
            return None
        back = last.get(side)
        if back and rng.random() < 0.8 and split_move(back)[1] + split_move(back)[0] in options:
            frm, to = split_move(back)
            mv = to + frm
        else:
            attacking = [m for m in options if attacks_after(fen, moves, m)]
            pool = attacking if attacking and rng.random() < 0.8 else options
            mv = rng.choice(pool)
        last[side] = mv
        moves.append(mv)
        key = sf.get_fen(VARIANT, fen, moves).rsplit(" ", 2)[0]
        seen[key] += 1
        if seen[key] == 3:
            return moves
    return None


def rejudge_pgn(path):
    """Fairy-Stockfish's verdict on every game of a `timur match` PGN (from
    the start position, ranks 0-9) that ended by a repetition rule."""
    text = open(path).read()
    out = collections.Counter()
    for game in text.split("[Event ")[1:]:
        body = game.split("\n\n", 1)[1]
        reason = body[body.rfind("{") + 1:body.rfind("}")]
        if "repetition" not in reason and "perpetual" not in reason:
            continue
        moves = []
        for token in body.replace("\n", " ").split():
            if token[0].isalpha() and token[-1].isdigit() and len(token) >= 4:
                frm, to = split_move(token)
                moves.append(f"{frm[0]}{int(frm[1:]) + 1}{to[0]}{int(to[1:]) + 1}")
        result = body.split()[-1]
        black = len(moves) % 2 == 1
        theirs = fsf_verdict(sf.start_fen(VARIANT), moves)
        if result == "1/2-1/2":
            ours = "draw"
        else:
            ours = "win" if (result == "1-0") != black else "loss"
        out[(reason, theirs, ours)] += 1
    for (reason, theirs, ours), n in sorted(out.items()):
        print(f"  {reason}: fairy-stockfish {theirs} timur {ours}  {n}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cycles", type=int, default=500)
    ap.add_argument("--pgn", help="re-judge the repetition endings of a timur match PGN instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timur", default=os.path.join(ROOT, "target/release/timur"))
    args = ap.parse_args()
    if args.pgn:
        rejudge_pgn(args.pgn)
        return 0
    rng = random.Random(args.seed)
    timur = Timur(args.timur)
    table = collections.Counter()
    disagreements = []
    done = 0
    while done < args.cycles:
        fen = playout(rng, rng.randrange(20, 90))
        if fen is None:
            continue
        moves = shuttle(rng, fen)
        if moves is None:
            continue
        # Neither judge may end the game before the third occurrence.
        early = next((n for n in range(1, len(moves)) if fsf_verdict(fen, moves[:n])), None)
        if early is not None:
            moves = moves[:early]
        theirs = fsf_verdict(fen, moves)
        black = (fen.split()[1] == "b") != (len(moves) % 2 == 1)
        ours, reason = timur.verdict(fen, moves, black)
        done += 1
        table[(theirs, ours)] += 1
        if theirs != ours:
            disagreements.append((fen, moves, theirs, ours, reason))
    agree = sum(n for (a, b), n in table.items() if a == b)
    print(f"{agree}/{done} cycles judged alike ({100.0 * agree / done:.1f} %)")
    for (theirs, ours), n in sorted(table.items(), key=lambda kv: -kv[1]):
        print(f"  fairy-stockfish {theirs!s:5}  timur {ours!s:5}  {n}")
    for fen, moves, theirs, ours, reason in disagreements:
        print(f"DIFF fsf={theirs} timur={ours} {reason}: {fen} moves {' '.join(moves)}")
    timur.send("quit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
