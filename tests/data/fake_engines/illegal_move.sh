#!/usr/bin/env bash
# A UCI engine that answers every `go` with an illegal move (a1a8 is never
# legal early in a chess game: the a-file is blocked, and for Black a1 holds
# a White rook).
while read -r line; do
    case "$line" in
        uci) echo "id name fake-illegal"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0 pv a1a8"; echo "bestmove a1a8" ;;
        quit) exit 0 ;;
    esac
done
