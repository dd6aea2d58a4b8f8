#!/usr/bin/env bash
# Calibrates timur's UCI_Elo against Stockfish 15.1's: for each setting E,
# timur at UCI_LimitStrength=true UCI_Elo=E plays Stockfish at the same
# setting (`timur match`, openings from scripts/openings/chess.epd, each
# played with both colours) and the score of timur is printed per setting.
# A score near 50 % means timur's E is Stockfish's E.
#
# Usage: scripts/strength_calibration.sh [ELO ...]
#   (default settings 1350 1500 1800 2100 2400 2700 2850; Stockfish 15.1
#   takes 1350..2850)
# Environment: GAMES (per setting, default 100), TC (default 10+0.1),
#   CONCURRENCY (default 1), STOCKFISH (default /usr/games/stockfish),
#   TIMUR (default: target/release/timur, built if missing), OUT (PGN and
#   logs, default target/strength_calibration).
set -euo pipefail
cd "$(dirname "$0")/.."
games="${GAMES:-100}"
tc="${TC:-10+0.1}"
concurrency="${CONCURRENCY:-1}"
stockfish="${STOCKFISH:-/usr/games/stockfish}"
out="${OUT:-target/strength_calibration}"
if [ "$#" -gt 0 ]; then elos=("$@"); else elos=(1350 1500 1800 2100 2400 2700 2850); fi

timur="${TIMUR:-target/release/timur}"
if [ ! -x "$timur" ]; then
    cargo build --release --quiet
fi
if [ ! -x "$stockfish" ]; then
    echo "no Stockfish at $stockfish (apt-get install stockfish, or set STOCKFISH)" >&2
    exit 1
fi
mkdir -p "$out"

printf '%-6s %6s %5s %5s %5s %7s   %s\n' UCI_Elo games W D L score "Elo (timur - Stockfish)"
for elo in "${elos[@]}"; do
    log="$out/elo-$elo.log"
    rm -f "$out/elo-$elo.pgn"
    "$timur" match \
        --engine "cmd=$timur" "name=timur-$elo" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
        --engine "cmd=$stockfish" "name=stockfish-$elo" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
        --variant chess --tc "$tc" --games "$games" --concurrency "$concurrency" \
        --openings scripts/openings/chess.epd --pgn "$out/elo-$elo.pgn" >"$log" 2>"$out/elo-$elo.err"
    # The table's row of timur: name, Elo [± error], games, W, D, L, score.
    row=$(awk -v name="timur-$elo" '$1 == name && $2 != "vs"' "$log" | tail -1)
    read -r n w d l score <<<"$(awk '{ print $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF }' <<<"$row")"
    elo_text=$(awk '{ $1 = ""; NF -= 5; print }' <<<"$row" | sed 's/^ *//')
    printf '%-6s %6s %5s %5s %5s %7s   %s\n' "$elo" "$n" "$w" "$d" "$l" "$score" "$elo_text"
done
echo "PGN and logs in $out/"
