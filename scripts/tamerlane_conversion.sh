#!/usr/bin/env bash
# Tamerlane conversion sets: can timur win a won ending against itself?
# Makes COUNT positions per set (examples/tamerlane_conversion_set.rs, seeded:
# White to move with king, rook and two more pieces — `rook` — or king and
# three lesser pieces — `lesser` — against Black's bare king, both citadels
# empty, no swap rights), plays them with timur on both sides at NODES a move
# up to 400 plies, and counts the positions White won ("converted"), the
# citadel draws and the games cut at the ply limit. `timur match` plays each
# position twice (the engine names swap colours); with one build on both
# sides the two games are the same, so each position is counted once.
# Usage: scripts/tamerlane_conversion.sh [COUNT] [NODES] [SEED] [SETS…]
#        (defaults: 30 positions, 20000 nodes, seed 43, sets rook lesser)
# Results go to target/tamerlane_conversion$OUT_SUFFIX/.
# Extra engine options: TIMUR_OPTIONS="option.Hash=64" (key=value …); another
# build: TIMUR=/path/to/timur (default: this tree's release build).
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-30}"
nodes="${2:-20000}"
seed="${3:-43}"
shift $(( $# < 3 ? $# : 3 ))
if [ $# -gt 0 ]; then sets=("$@"); else sets=(rook lesser); fi

cargo build --release --quiet --bin timur --example tamerlane_conversion_set
timur="${TIMUR:-target/release/timur}"
out="target/tamerlane_conversion${OUT_SUFFIX:-}"
mkdir -p "$out"

for set in "${sets[@]}"; do
    positions="$out/$set.epd"
    pgn="$out/$set.pgn"
    target/release/examples/tamerlane_conversion_set "$set" "$count" "$seed" > "$positions"
    rm -f "$pgn"
    # shellcheck disable=SC2086
    "$timur" match --variant tamerlane \
        --engine "cmd=$timur" name=first option.Hash=16 ${TIMUR_OPTIONS:-} \
        --engine "cmd=$timur" name=second option.Hash=16 ${TIMUR_OPTIONS:-} \
        --nodes "$nodes" --max-plies 400 --openings "$positions" \
        --games $((2 * count)) --concurrency 2 --pgn "$pgn" > "$out/$set.log" 2>/dev/null
    # Per position, by its first game: converted (White won), a citadel
    # draw (the only draw by the rules with a bare king), the ply limit
    # (the match's adjudication), or lost.
    awk -v set="$set" -v count="$count" -v pgn="$pgn" -F'"' '
        /^\[FEN /         { fen = $2 }
        /^\[Result /      { result = $2 }
        /^\[PlyCount /    { plies = $2 }
        /^\[Termination / { if (!(fen in seen)) {
                                seen[fen] = 1
                                if (result == "1-0") { won++; sum += plies }
                                else if ($2 == "adjudication") limit++
                                else if (result == "1/2-1/2") citadel++
                                else lost++ } }
        END { printf "%s: %d of %d positions converted (mean %s plies), %d citadel draws, %d at the ply limit, %d lost; games in %s\n",
                     set, won, count, won ? sprintf("%.0f", sum / won) : "-", citadel, limit, lost, pgn }' "$pgn"
done
