#!/usr/bin/env bash
# A UCCI engine that claims to have no move whenever it is asked to think.
while read -r line; do
    case "$line" in
        ucci) echo "id name fake-ucci"; echo "option newgame type button"; echo "ucciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score 0"; echo "nobestmove" ;;
        quit) echo "bye"; exit 0 ;;
    esac
done
