#!/usr/bin/env bash
# A UCI engine that answers `go` with noise instead of a move.
while read -r line; do
    case "$line" in
        uci) echo "id name fake-garbage"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "hello there"; printf '\xff\xfe\n'; echo "bestmove zz99!" ;;
        quit) exit 0 ;;
    esac
done
