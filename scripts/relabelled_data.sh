#!/usr/bin/env bash
# Makes training data over many sessions: `timur nnue datagen` self-play
# appends positions to DIR/TAG.bin, and `timur nnue relabel` scores them
# again with an outside engine, 100,000 records (SLICE) at a time, as the
# self-play writes them. Stop it at any time (Ctrl-C, or kill its process
# group); run the same command again to go on: the self-play resumes with
# new games (its seed is mixed with the records already written) and the
# scoring with the first slice that has no DIR/TAG-LABEL-K.bin yet (a slice
# is renamed to that name only once it is whole).
# Usage: scripts/relabelled_data.sh VARIANT DIR TAG
#   VARIANT chess, chess960 or xiangqi; DIR the data folder; TAG the file
#   stem, e.g. ch-s61.
# Environment: TIMUR (the timur binary: target/release/timur), GAMES
# (self-play games for this run, 1000000: in effect until stopped; 0 scores
# only what is written), NODES (2500), RANDOM_PLIES (8), OPENINGS (a file of
# openings each game starts from, random plies after it; none: the start
# position), EVAL_FILE (a network file the self-play plays with, e.g. an
# older generation's from the history; none: the embedded one), SEED (1),
# SLICE
# (100000), LABEL_ENGINE (/usr/games/stockfish), LABEL_DEPTH (7),
# LABEL_SCALE (1.35: Stockfish 15.1's centipawns to timur's chess scale),
# LABEL_NAME (sf: the scored files' infix with the depth, TAG-sf7-K.bin),
# LABEL_PROCESSES (1), POLL (seconds between looks at the growing file, 60).
# The records of the scored slices are then trained on with `timur nnue
# train --data DIR/TAG-sf7-*.bin` (docs/nnue.md).
set -euo pipefail
variant=${1:?variant (chess, chess960 or xiangqi)}
dir=${2:?data folder}
tag=${3:?file stem}
timur=${TIMUR:-target/release/timur}
games=${GAMES:-1000000}
slice=${SLICE:-100000}
engine=${LABEL_ENGINE:-/usr/games/stockfish}
depth=${LABEL_DEPTH:-7}
label="${LABEL_NAME:-sf}${depth}"
record_bytes=40
mkdir -p "$dir"
raw="$dir/$tag.bin"

datagen_pid=
if [ "$games" -gt 0 ]; then
  "$timur" nnue datagen --variant "$variant" --games "$games" --nodes "${NODES:-2500}" \
    --random-plies "${RANDOM_PLIES:-8}" ${OPENINGS:+--openings "$OPENINGS"} \
    ${EVAL_FILE:+--eval-file "$EVAL_FILE"} --threads 1 \
    --seed "${SEED:-1}" --out "$raw" \
    2>>"$dir/$tag-datagen.log" &
  datagen_pid=$!
  trap 'kill "$datagen_pid" 2>/dev/null || true' EXIT
fi

records() { if [ -f "$raw" ]; then echo $(( $(stat -c %s "$raw") / record_bytes )); else echo 0; fi; }
running() { [ -n "$datagen_pid" ] && kill -0 "$datagen_pid" 2>/dev/null; }

k=0
while :; do
  out="$dir/$tag-$label-$k.bin"
  if [ -f "$out" ]; then k=$((k + 1)); continue; fi
  if [ $(( (k + 1) * slice )) -le "$(records)" ]; then
    rm -f "$out.part"
    "$timur" nnue relabel --engine "$engine" --depth "$depth" --scale "${LABEL_SCALE:-1.35}" \
      --processes "${LABEL_PROCESSES:-1}" --data "$raw" --start $((k * slice)) --count "$slice" \
      --out "$out.part" 2>>"$dir/$tag-relabel.log"
    mv "$out.part" "$out"
    echo "$(date -u +%FT%TZ) slice $k scored: $out" >>"$dir/$tag-relabel.log"
    k=$((k + 1))
  elif running; then
    sleep "${POLL:-60}"
  else
    echo "$(records) records self-played, slices 0..$((k - 1)) scored; the rest waits for a whole slice"
    break
  fi
done
