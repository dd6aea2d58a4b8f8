#!/usr/bin/env python3
"""Differential check of timur's Syzygy probing against python-chess.

Draws random legal chess positions of at most 5 pieces from the materials
whose WDL and DTZ tables are in DIR (side to move random; a share of them
with an en-passant capture possible, from materials with a pawn on each
side), asks `timur tb probe` for their WDL and DTZ (one process, FENs on
stdin) and python-chess's `chess.syzygy` for the same, and lists every
position where they differ. Exit status 1 if any does.

Usage: scripts/syzygy_check.py DIR [--count 2000] [--seed 1]
                               [--timur target/release/timur]
python-chess is installed with pip into a virtual environment
(~/.cache/timur/syzygy-venv) when it is missing.
"""
import argparse
import os
import pathlib
import random
import subprocess
import sys

VENV = pathlib.Path.home() / ".cache" / "timur" / "syzygy-venv"


def ensure_python_chess():
    """Re-runs this script under a virtual environment with python-chess
    when the current interpreter lacks it."""
    try:
        import chess  # noqa: F401
        import chess.syzygy  # noqa: F401
        return
    except ImportError:
        pass
    python = VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "chess"], check=True)
    os.execv(str(python), [str(python), *sys.argv])


ensure_python_chess()
import chess  # noqa: E402
import chess.syzygy  # noqa: E402

PIECES = {"Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def materials(folder):
    """Table names with both a WDL and a DTZ file, at most 5 pieces."""
    names = []
    for path in sorted(pathlib.Path(folder).glob("*.rtbw")):
        name = path.stem
        if (path.with_suffix(".rtbz")).exists() and len(name) - 1 <= 5:
            names.append(name)
    return names


def random_position(rng, name):
    """A random legal position of material `name` (either colour may hold
    either side), or None when the draw was not legal."""
    strong, weak = name.split("v")
    if rng.random() < 0.5:
        strong, weak = weak, strong
    board = chess.Board(None)
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    for color, side in ((chess.WHITE, strong), (chess.BLACK, weak)):
        for letter in side:
            kind = chess.KING if letter == "K" else PIECES[letter]
            squares = [s for s in chess.SQUARES if board.piece_at(s) is None]
            if kind == chess.PAWN:
                squares = [s for s in squares if 1 <= chess.square_rank(s) <= 6]
            board.set_piece_at(rng.choice(squares), chess.Piece(kind, color))
    return board if board.is_valid() else None


def en_passant_position(rng, name):
    """A position of `name` where the side to move can capture en passant:
    the opponent's pawn has just advanced two squares beside its pawn."""
    board = random_position(rng, name)
    if board is None:
        return None
    us = board.turn
    ours = list(board.pieces(chess.PAWN, us))
    theirs = list(board.pieces(chess.PAWN, not us))
    if not ours or not theirs:
        return None
    for square in ours + theirs:
        board.remove_piece_at(square)
    rank = 4 if us == chess.WHITE else 3
    file = rng.randrange(8)
    beside = file + rng.choice([-1, 1])
    if not 0 <= beside < 8:
        return None
    mine, pushed = chess.square(file, rank), chess.square(beside, rank)
    passed = chess.square(beside, rank + (1 if us == chess.WHITE else -1))
    start = chess.square(beside, rank + (2 if us == chess.WHITE else -2))
    if any(board.piece_at(s) for s in (mine, pushed, passed, start)):
        return None
    board.set_piece_at(mine, chess.Piece(chess.PAWN, us))
    board.set_piece_at(pushed, chess.Piece(chess.PAWN, not us))
    for extra in ours[1:]:
        if board.piece_at(extra) is None:
            board.set_piece_at(extra, chess.Piece(chess.PAWN, us))
    for extra in theirs[1:]:
        if board.piece_at(extra) is None:
            board.set_piece_at(extra, chess.Piece(chess.PAWN, not us))
    board.ep_square = passed
    if not board.is_valid() or not board.has_legal_en_passant():
        return None
    if len(board.piece_map()) != len(name) - 1:
        return None
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timur", default="target/release/timur")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    names = materials(args.folder)
    if not names:
        sys.exit(f"no table with both WDL and DTZ files in {args.folder}")
    pawn_pairs = [n for n in names if "P" in n.split("v")[0] and "P" in n.split("v")[1]]
    boards = []
    while len(boards) < args.count:
        if pawn_pairs and rng.random() < 0.1:
            board = en_passant_position(rng, rng.choice(pawn_pairs))
        else:
            board = random_position(rng, rng.choice(names))
        if board is not None:
            boards.append(board)
    fens = [board.fen() for board in boards]
    answer = subprocess.run(
        [args.timur, "tb", "probe", "--path", args.folder],
        input="\n".join(fens) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    lines = answer.stdout.splitlines()
    if len(lines) != len(fens):
        sys.exit(f"timur answered {len(lines)} lines for {len(fens)} positions")
    differ = 0
    with chess.syzygy.open_tablebase(args.folder) as tables:
        for board, fen, line in zip(boards, fens, lines):
            expected = f"wdl {tables.probe_wdl(board)} dtz {tables.probe_dtz(board)}"
            if line != expected:
                differ += 1
                print(f"DIFFER {fen}: timur `{line}`, python-chess `{expected}`")
    ep = sum(1 for board in boards if board.has_legal_en_passant())
    wins = sum(1 for line in lines if line.startswith("wdl 2 ") or line.startswith("wdl -2 "))
    print(
        f"{len(fens)} positions from {len(names)} tables ({ep} with en passant, {wins} won or lost): "
        f"{len(fens) - differ} agree, {differ} differ"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
