#!/usr/bin/env python3
"""Plays timur with Syzygy tables against Stockfish with the same tables
from won and drawn endgame positions, on a clock (issue #46).

The positions are drawn at random and judged by python-chess's own table
reader (`chess.syzygy`), not by timur: *won* ones are wins for one side
that the fifty-move rule does not spoil (WDL ±2, distance to zeroing at
least --min-dtz plies), and timur plays the winning side; *drawn* ones
are table draws where one side has more material, and timur plays the
side with less (the one that could lose). No position starts with a
capture on the board. Each position is played once.
A game ends by the rules only: mate, stalemate, insufficient material,
the fifty-move rule (100 plies without a capture or pawn move) or a
threefold repetition, or a flag fall (each side's clock is kept here from
the wall time of its moves, plus a --time-margin).

Prints a line per game and a summary; exit status 1 when timur fails to
win a won position or loses a drawn one.

Usage: scripts/syzygy_endgames.py DIR [--won 50] [--drawn 50] [--tc 10+0.1]
           [--seed 1] [--concurrency 2] [--timur target/release/timur]
           [--won-materials KRBvKR,KQvKR,...] [--drawn-materials ...]
           [--stockfish /usr/games/stockfish] [--pgn FILE]
python-chess is installed as scripts/syzygy_check.py installs it.
"""
import argparse
import concurrent.futures
import io
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from syzygy_check import ensure_python_chess, random_position  # noqa: E402

ensure_python_chess()
import chess  # noqa: E402
import chess.engine  # noqa: E402
import chess.pgn  # noqa: E402
import chess.syzygy  # noqa: E402

WON_MATERIALS = ["KRBvKR", "KQvKR", "KBNvK", "KRvKN", "KQvKP"]
DRAWN_MATERIALS = ["KRBvKR", "KRvKB", "KRvKN", "KRvKP", "KQvKR"]
VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def material(board, color):
    return sum(VALUE[p.piece_type] for p in board.piece_map().values() if p.color == color)


def pick_positions(tables, rng, names, count, want_won, min_dtz):
    """`count` positions round-robin over `names`, each with the colour
    timur plays: the winner of a won one, the lighter side of a drawn one."""
    picked = []
    index = 0
    while len(picked) < count:
        name = names[index % len(names)]
        board = random_position(rng, name)
        if board is None or board.is_game_over() or any(board.is_capture(m) for m in board.legal_moves):
            continue
        wdl = tables.probe_wdl(board)
        if want_won:
            if abs(wdl) != 2 or abs(tables.probe_dtz(board)) < min_dtz:
                continue
            timur = board.turn if wdl == 2 else not board.turn
        else:
            heavy = material(board, chess.WHITE) - material(board, chess.BLACK)
            if wdl != 0 or heavy == 0:
                continue
            timur = chess.BLACK if heavy > 0 else chess.WHITE
        picked.append((name, board, timur))
        index += 1
    return picked


def play(job, args):
    """One game; returns (job, result from timur's view, reason, game)."""
    number, (name, start, timur_color), kind = job
    base, increment = (float(x) for x in args.tc.split("+"))
    engines = {
        timur_color: chess.engine.SimpleEngine.popen_uci([args.timur]),
        not timur_color: chess.engine.SimpleEngine.popen_uci([args.stockfish]),
    }
    for engine in engines.values():
        engine.configure({"Hash": 64, "Threads": 1, "SyzygyPath": str(pathlib.Path(args.folder).resolve())})
    board = start.copy()
    clocks = {chess.WHITE: base, chess.BLACK: base}
    reason = None
    try:
        while reason is None:
            outcome = board.outcome()
            if outcome is not None:
                reason = outcome.termination.name.lower()
                winner = outcome.winner
                break
            # The draws a player may claim, once they have happened (not
            # python-chess's claim of a move that would make them).
            if board.is_repetition(3) or board.is_fifty_moves():
                reason = "threefold repetition" if board.is_repetition(3) else "fifty-move rule"
                winner = None
                break
            limit = chess.engine.Limit(
                white_clock=clocks[chess.WHITE],
                black_clock=clocks[chess.BLACK],
                white_inc=increment,
                black_inc=increment,
            )
            began = time.monotonic()
            answer = engines[board.turn].play(board, limit)
            clocks[board.turn] -= time.monotonic() - began
            if clocks[board.turn] < -args.time_margin / 1000:
                reason, winner = "time forfeit", not board.turn
                break
            clocks[board.turn] += increment
            if answer.move is None or answer.move not in board.legal_moves:
                reason, winner = f"illegal move {answer.move}", not board.turn
                break
            board.push(answer.move)
    finally:
        for engine in engines.values():
            engine.quit()
    result = "draw" if winner is None else ("win" if winner == timur_color else "loss")
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"syzygy {kind} {name} #{number}"
    game.headers["White"] = "timur" if timur_color == chess.WHITE else "stockfish"
    game.headers["Black"] = "stockfish" if timur_color == chess.WHITE else "timur"
    game.headers["TimeControl"] = args.tc
    game.headers["Termination"] = reason
    return job, result, reason, game


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--won", type=int, default=50)
    parser.add_argument("--drawn", type=int, default=50)
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-dtz", type=int, default=10)
    parser.add_argument("--won-materials", default=",".join(WON_MATERIALS),
                        help="tables the won positions come from, round-robin")
    parser.add_argument("--drawn-materials", default=",".join(DRAWN_MATERIALS))
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--time-margin", type=int, default=100, help="milliseconds")
    parser.add_argument("--timur", default="target/release/timur")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--pgn")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with chess.syzygy.open_tablebase(args.folder) as tables:
        jobs = [(i, p, "won") for i, p in enumerate(pick_positions(tables, rng, args.won_materials.split(","), args.won, True, args.min_dtz))]
        drawn = pick_positions(tables, rng, args.drawn_materials.split(","), args.drawn, False, 0)
        jobs += [(len(jobs) + i, p, "drawn") for i, p in enumerate(drawn)]
    failures = 0
    tally = {}
    pgn = io.StringIO()
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        for job, result, reason, game in pool.map(lambda j: play(j, args), jobs):
            number, (name, start, timur_color), kind = job
            failed = (kind == "won" and result != "win") or (kind == "drawn" and result == "loss")
            failures += failed
            tally.setdefault((kind, result), 0)
            tally[(kind, result)] += 1
            side = "white" if timur_color == chess.WHITE else "black"
            plies = len(game.end().board().move_stack)
            print(
                f"{number:3} {kind:5} {name:7} timur {side:5} {result:4} {reason:22} {plies:3} plies"
                f"{'  FAILED' if failed else ''}  {start.fen()}",
                flush=True,
            )
            print(game, file=pgn, end="\n\n")
    for kind in ("won", "drawn"):
        counts = ", ".join(f"{r} {n}" for (k, r), n in sorted(tally.items()) if k == kind)
        print(f"{kind} positions: {counts}")
    print(f"failures: {failures}")
    if args.pgn:
        pathlib.Path(args.pgn).write_text(pgn.getvalue())
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
