#!/usr/bin/env bash
# A UCI engine that never answers `go` (it hangs until killed).
while read -r line; do
    case "$line" in
        uci) echo "id name fake-silent"; echo "uciok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
    esac
done
