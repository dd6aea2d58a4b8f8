#!/usr/bin/env bash
# A single-game UCI engine, as Pikafish is for xiangqi: timur ($1) fixed to
# the game $2, with its UCI_Variant option hidden from the GUI.
engine=$1
game=$2
sed -u "/^uci\$/a setoption name UCI_Variant value $game" \
    | "$engine" \
    | grep --line-buffered -v 'UCI_Variant'
