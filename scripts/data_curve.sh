#!/usr/bin/env bash
# How a network's held-out loss grows with its data: for each size N and
# each shape, trains from INIT on the first N records of the data files
# and measures the result with `timur nnue loss` on HOLD (games none of the
# networks saw). Shows when a wider or king-bucketed network passes the
# plain one (docs/nnue.md, "Chess data for a wide network").
# Usage: scripts/data_curve.sh VARIANT INIT HOLD "SIZES" DATA...
#   VARIANT chess or xiangqi; INIT the network the runs start from (the
#   embedded one scaled back); HOLD held-out records; SIZES e.g.
#   "350000 700000 0" (0: all the records).
# Environment: TIMUR (target/release/timur), OUT (the networks' folder,
# data-curve), SHAPES ("plain128 kb256f": plainH, kbH (king buckets), kbHf
# (with the factoriser)), BUCKETS (output buckets: INIT's), EPOCHS (2),
# LR (0.0005), SEED (621), THREADS (2).
# Prints one line per run: shape, size, the loss line.
set -euo pipefail
variant=${1:?variant}
init=${2:?starting network}
hold=${3:?held-out records}
sizes=${4:?sizes}
shift 4
[ "$#" -gt 0 ] || { echo "data files needed" >&2; exit 2; }
timur=${TIMUR:-target/release/timur}
out=${OUT:-data-curve}
mkdir -p "$out"
echo "INIT: $("$timur" nnue loss --net "$init" --data "$hold")"
for size in $sizes; do
  for shape in ${SHAPES:-plain128 kb256f}; do
    case "$shape" in
      plain*) hidden=${shape#plain}; flags=(--mirror) ;;
      kb*f) hidden=${shape#kb}; hidden=${hidden%f}; flags=(--king-buckets --factoriser) ;;
      kb*) hidden=${shape#kb}; flags=(--king-buckets) ;;
      *) echo "unknown shape $shape" >&2; exit 2 ;;
    esac
    # Mirrored positions too: a king-bucketed board is not mirrored by the
    # inputs (chess) or only by the general's file (xiangqi).
    if [ "${shape#kb}" != "$shape" ]; then flags+=(--mirror); fi
    net="$out/$shape-$size.tmnn"
    if ! "$timur" nnue train --variant "$variant" --data "$@" --max-positions "$size" \
      --hidden "$hidden" --buckets "${BUCKETS:-1}" "${flags[@]}" --epochs "${EPOCHS:-2}" \
      --batch 16384 --lr "${LR:-0.0005}" --lambda 1.0 --seed "${SEED:-621}" \
      --threads "${THREADS:-2}" --init "$init" --out "$net" 2>"$net.log" >/dev/null; then
      echo "$shape $size: training failed: $(tail -n 1 "$net.log")"
      continue
    fi
    echo "$shape $size: $("$timur" nnue loss --net "$net" --data "$hold")"
  done
done
