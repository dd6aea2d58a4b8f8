#!/usr/bin/env bash
# A UCI engine that exits as soon as it is asked to think.
while read -r line; do
    case "$line" in
        uci) echo "id name fake-crash"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) exit 3 ;;
        quit) exit 0 ;;
    esac
done
