#!/usr/bin/env bash
# Makes a network for chess (and Chess960), xiangqi or Tamerlane from
# nothing, as the committed networks were made:
#   1. `timur nnue datagen`: self-play at NODES nodes a move from random
#      openings (RANDOM_PLIES random plies; for chess, Chess960 games on top,
#      CHESS960_PERCENT of the chess games: 70, as chess-f3s's 7,000 beside
#      10,000; chess-f4s's and f5s's generations were Chess960 alone),
#      written as 40-byte records (Tamerlane: a headed file of 80-byte
#      ones) with search score and result,
#      played with the build's own evaluation or with PLAY_NET (a network
#      file: the next generation's games come from the last one's play);
#   1b. when LABEL_ENGINE names a UCI engine: `timur nnue relabel` scores
#      the positions again with it at LABEL_DEPTH (7), its centipawns times
#      LABEL_SCALE (1.35: Stockfish 15.1's scale to timur's chess scale;
#      about 2.0 for Pikafish-HCE in xiangqi), results kept (not for
#      Tamerlane: no outside engine plays it, timur's own search teaches);
#   2. `timur nnue train`: Adam on the λ-blend of score and result, every
#      position also mirrored along the centre file (MIRROR=0 to skip;
#      never for Tamerlane, whose citadels have no mirror images),
#      validation loss per epoch, quantisation checked against the float
#      network;
#   2b. `timur nnue compare` measures the factor that brings the network's
#      output to the hand-written evaluation's scale (the scale the
#      search's margins are tuned for) and `timur nnue scale` applies it;
#   3. an SPRT of the build with the new network (EvalFile) against the
#      build with the hand-written evaluation (UseNNUE=false), or against
#      the previous network when BASE_NET names one.
# Usage: scripts/nnue.sh [chess|xiangqi|tamerlane] [games] [epochs]
# Environment: NODES (5000), RANDOM_PLIES (8), THREADS (nproc), LAMBDA
# (0.75), HIDDEN (128; a multiple of 16 up to 256), BUCKETS (output buckets by piece count, 1), LR (0.002), OUT (work folder, default a new temporary one), DATA (extra data
# files to train on too), LABEL_ENGINE, LABEL_DEPTH, LABEL_SCALE, MIRROR,
# BASE_NET, PLAY_NET, INIT_NET (train on from this network, same shape),
# TC (5+0.05), SPRT_GAMES (400), CHESS960_PERCENT (70).
# Then copy the network to src/variants/<game>/networks/, record how it was
# made in docs/nnue.md, rebuild, and commit with the SPRT result.
set -euo pipefail
game=${1:-chess}
games=${2:-20000}
epochs=${3:-20}
nodes=${NODES:-5000}
plies=${RANDOM_PLIES:-8}
threads=${THREADS:-$(nproc)}
lambda=${LAMBDA:-0.75}
cd "$(dirname "$0")/.."
case "$game" in
  chess) openings="--openings scripts/openings/chess.epd" ;;
  xiangqi) openings="--random-openings 4" ;;
  tamerlane)
    openings="--random-openings 4"
    if [ -n "${LABEL_ENGINE:-}" ]; then
      echo "nnue.sh: no outside engine plays Tamerlane (LABEL_ENGINE is for chess and xiangqi)" >&2
      exit 2
    fi
    MIRROR=0
    ;;
  *) echo "nnue.sh: only chess, xiangqi and tamerlane have networks" >&2; exit 2 ;;
esac

cargo build --release
work=${OUT:-$(mktemp -d)}
mkdir -p "$work"
cp target/release/timur "$work/timur"
play_net=()
if [ -n "${PLAY_NET:-}" ]; then play_net=(--eval-file "$PLAY_NET"); fi
echo "== $game self-play: $games games at $nodes nodes a move (in $work)"
"$work/timur" nnue datagen --variant "$game" --games "$games" --nodes "$nodes" \
  --random-plies "$plies" --threads "$threads" --seed "${SEED:-1}" "${play_net[@]}" \
  --out "$work/$game.bin"
data=("$work/$game.bin")
if [ "$game" = chess ]; then
  "$work/timur" nnue datagen --variant chess960 --games $((games * ${CHESS960_PERCENT:-70} / 100)) --nodes "$nodes" \
    --random-plies "$plies" --threads "$threads" --seed "${SEED:-1}" "${play_net[@]}" \
    --out "$work/chess960.bin"
  data+=("$work/chess960.bin")
fi
for extra in ${DATA:-}; do data+=("$extra"); done
if [ -n "${LABEL_ENGINE:-}" ]; then
  labelled=()
  for file in "${data[@]}"; do
    out_file="$work/$(basename "$file" .bin)-relabelled.bin"
    echo "== relabel $file with $LABEL_ENGINE at depth ${LABEL_DEPTH:-7}"
    "$work/timur" nnue relabel --engine "$LABEL_ENGINE" --depth "${LABEL_DEPTH:-7}" \
      --scale "${LABEL_SCALE:-1.35}" --processes "$threads" --data "$file" --out "$out_file"
    labelled+=("$out_file")
  done
  data=("${labelled[@]}")
fi
mirror=()
if [ "${MIRROR:-1}" = 1 ]; then mirror=(--mirror); fi
init=()
if [ -n "${INIT_NET:-}" ]; then init=(--init "$INIT_NET"); fi
echo "== train: ${data[*]}"
"$work/timur" nnue train --variant "$game" --data "${data[@]}" --epochs "$epochs" \
  --lambda "$lambda" --hidden "${HIDDEN:-128}" --buckets "${BUCKETS:-1}" --lr "${LR:-0.002}" "${mirror[@]}" "${init[@]}" --out "$work/$game-raw.tmnn" | tee "$work/train.log"
echo "== scale: the network's output brought to the hand-written evaluation's scale"
"$work/timur" nnue compare --net "$work/$game-raw.tmnn" --data "${data[0]}" | tee "$work/compare.log"
factor=$(awk '{print $NF}' "$work/compare.log")
"$work/timur" nnue scale --net "$work/$game-raw.tmnn" --factor "$factor" --out "$work/$game.tmnn"
if [ -n "${BASE_NET:-}" ]; then
  base="option.EvalFile=$BASE_NET"
else
  base="option.UseNNUE=false"
fi
echo "== SPRT: new network against ${base}"
"$work/timur" match \
  --engine cmd="$work/timur" name=new "option.EvalFile=$work/$game.tmnn" \
  --engine cmd="$work/timur" name=base "$base" \
  --variant "$game" --tc "${TC:-5+0.05}" $openings --games "${SPRT_GAMES:-400}" \
  --concurrency 1 --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 \
  --pgn "$work/sprt.pgn" | tee "$work/sprt.log"
echo "network: $work/$game.tmnn"
