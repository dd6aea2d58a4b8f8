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
# With VARIANT=xiangqi|tamerlane|jasir|jarmo|chess960 the arguments are
#   `Skill Level`s (default 0 5 10 15 19) and each plays the 1-ply greedy
#   player (examples/greedy_player.rs) and timur at full strength, from
#   random openings (4 plies).
# Environment: GAMES (per setting, default 100), TC (default 10+0.1),
#   CONCURRENCY (default 1), STOCKFISH (default /usr/games/stockfish),
#   TIMUR (default: target/release/timur, built if missing), GREEDY (default
#   target/release/examples/greedy_player, built if missing), OUT (PGN and
#   logs, default target/strength_calibration).
set -euo pipefail
cd "$(dirname "$0")/.."
games="${GAMES:-100}"
tc="${TC:-10+0.1}"
concurrency="${CONCURRENCY:-1}"
stockfish="${STOCKFISH:-/usr/games/stockfish}"
out="${OUT:-target/strength_calibration}"
variant="${VARIANT:-chess}"
if [ "$#" -gt 0 ]; then elos=("$@"); else elos=(1350 1500 1800 2100 2400 2700 2850); fi

timur="${TIMUR:-target/release/timur}"
if [ ! -x "$timur" ]; then
    cargo build --release --quiet
fi
mkdir -p "$out"

# timur's score in the last results table of match log $1 for engine $2:
# games W D L score, then its Elo.
score_of() {
    local row
    row=$(awk -v name="$2" '$1 == name && $2 != "vs"' "$1" | tail -1)
    read -r n w d l score <<<"$(awk '{ print $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF }' <<<"$row")"
    printf '%6s %5s %5s %5s %7s   %s' "$n" "$w" "$d" "$l" "$score" \
        "$(awk '{ $1 = ""; NF -= 5; print }' <<<"$row" | sed 's/^ *//')"
}

if [ "$variant" != chess ]; then
    greedy="${GREEDY:-target/release/examples/greedy_player}"
    [ -x "$greedy" ] || cargo build --release --quiet --example greedy_player
    if [ "$#" -eq 0 ]; then set -- 0 5 10 15 19; fi
    printf '%-5s %-8s %6s %5s %5s %5s %7s   %s\n' level opponent games W D L score Elo
    for level in "$@"; do
        for opponent in greedy full; do
            if [ "$opponent" = greedy ]; then other="cmd=$greedy"; else other="cmd=$timur"; fi
            log="$out/$variant-level-$level-$opponent.log"
            "$timur" match \
                --engine "cmd=$timur" "name=timur-$level" "option.Skill Level=$level" \
                --engine "$other" "name=$opponent" \
                --variant "$variant" --tc "$tc" --games "$games" --concurrency "$concurrency" \
                --random-openings 4 --pgn "$out/$variant-level-$level-$opponent.pgn" \
                >"$log" 2>"${log%.log}.err"
            printf '%-5s %-8s %s\n' "$level" "$opponent" "$(score_of "$log" "timur-$level")"
        done
    done
    echo "PGN and logs in $out/"
    exit 0
fi

if [ ! -x "$stockfish" ]; then
    echo "no Stockfish at $stockfish (apt-get install stockfish, or set STOCKFISH)" >&2
    exit 1
fi

printf '%-7s %6s %5s %5s %5s %7s   %s\n' UCI_Elo games W D L score "Elo (timur - Stockfish)"
for elo in "${elos[@]}"; do
    log="$out/elo-$elo.log"
    rm -f "$out/elo-$elo.pgn"
    "$timur" match \
        --engine "cmd=$timur" "name=timur-$elo" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
        --engine "cmd=$stockfish" "name=stockfish-$elo" option.UCI_LimitStrength=true "option.UCI_Elo=$elo" \
        --variant chess --tc "$tc" --games "$games" --concurrency "$concurrency" \
        --openings scripts/openings/chess.epd --pgn "$out/elo-$elo.pgn" >"$log" 2>"$out/elo-$elo.err"
    printf '%-7s %s\n' "$elo" "$(score_of "$log" "timur-$elo")"
done
echo "PGN and logs in $out/"
