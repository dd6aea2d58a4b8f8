#!/usr/bin/env bash
# Texel-tunes a game's evaluation (chess or xiangqi) and rewrites its
# src/variants/<game>/eval/weights.rs:
#   1. self-play: timur against itself at a fixed node count from random
#      openings (`timur match --pgn`); for chess, half the games are
#      Chess960 (random arrays), since one evaluation serves both;
#   2. `timur tune extract`: up to PER_GAME quiet positions of each game;
#   3. scripts/label_positions.py: an outside engine's score for each
#      (Stockfish for chess and Chess960, Fairy-Stockfish for xiangqi;
#      installed with apt-get when missing), blended 50/50 with the result;
#   4. `timur tune fit`: Adam on the logistic least-squares error over all
#      the labelled files, starting from the current weights; every tenth
#      position is held out to watch for over-fitting.
# Usage: scripts/tune.sh [chess|xiangqi] [games] [nodes] [per-game] [depth]
# (games per variant played; depth of the labelling search: 9 for chess,
# 7 for xiangqi by default)
# Then rebuild, check `timur bench`, and play the new build against the old
# one (`timur match`) before committing the weights.
set -euo pipefail
game=${1:-chess}
games=${2:-1600}
nodes=${3:-5000}
per_game=${4:-30}
cd "$(dirname "$0")/.."

case "$game" in
  chess) variants="chess chess960"; engine=/usr/games/stockfish; package=stockfish; depth=${5:-9} ;;
  xiangqi) variants="xiangqi"; engine=/usr/games/fairy-stockfish; package=fairy-stockfish; depth=${5:-7} ;;
  *) echo "tune.sh: only chess and xiangqi have tunable evaluations" >&2; exit 2 ;;
esac
if [ ! -x "$engine" ]; then
  apt-get update -qq && apt-get install -y -qq "$package"
fi

cargo build --release
work=$(mktemp -d)
cp target/release/timur "$work/timur"
labelled=()
for variant in $variants; do
  echo "== $variant self-play: $games games at $nodes nodes a move (in $work)"
  "$work/timur" match \
    --engine cmd="$work/timur" name=a --engine cmd="$work/timur" name=b \
    --variant "$variant" --nodes "$nodes" --games "$games" \
    --concurrency "$(nproc)" --random-openings 6 --seed "${SEED:-11}" \
    --max-plies 300 --resign-adjudicate score=1500 moves=3 \
    --draw-adjudicate score=5 moves=10 from=60 \
    --pgn "$work/games-$variant.pgn" > "$work/match-$variant.log"
  echo "== $variant: extract"
  "$work/timur" tune extract --variant "$variant" --per-game "$per_game" \
    --out "$work/positions-$variant.txt" "$work/games-$variant.pgn"
  echo "== $variant: label with $engine at depth $depth"
  python3 scripts/label_positions.py --engine "$engine" --variant "$variant" \
    --depth "$depth" --jobs "$(nproc)" "$work/positions-$variant.txt" \
    "$work/labelled-$variant.txt"
  labelled+=(--positions "$work/labelled-$variant.txt")
done
echo "== fit"
"$work/timur" tune fit --variant "$game" "${labelled[@]}" \
  --epochs "${EPOCHS:-800}" --rate "${RATE:-1}" --lambda "${LAMBDA:-0.5}" \
  --regularisation "${REGULARISATION:-1e-8}" \
  --out "src/variants/$game/eval/weights.rs"
echo "weights written; the data is in $work"
