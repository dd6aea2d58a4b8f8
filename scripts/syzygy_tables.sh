#!/usr/bin/env bash
# Generates Syzygy endgame tables (.rtbw WDL and .rtbz DTZ files) with a
# generator the user has built: Ronald de Man's `rtbgen`/`rtbgenp` from
# github.com/syzygy1/tb (GPL-2, built there with `make rtbgen rtbgenp` in
# src/; its Makefile wants libzstd's headers). This script neither fetches
# nor builds it: point RTBGEN at the built `rtbgen` (RTBGENP defaults to the
# `rtbgenp` beside it).
#
# Usage: RTBGEN=/path/to/rtbgen scripts/syzygy_tables.sh DIR [MAX] [TABLE...]
#   DIR    where the tables go (created; tables already there are kept)
#   MAX    every table of at most MAX pieces, 3 or 4 (default 4)
#   TABLE  further tables by name, e.g. KRPvKR KRBvKR; give a table's
#          subtables first (KRPvKR needs KQRvKR KRRvKR KRBvKR KRNvKR and
#          KRPvK, which needs 4 pieces only)
# Environment: THREADS (default: the number of cores).
# Downloaded 3-7 piece sets work the same; this is for tests and for
# machines without a download.
set -euo pipefail
dir=${1:?usage: RTBGEN=/path/to/rtbgen $0 DIR [MAX] [TABLE...]}
max=${2:-4}
shift $(($# < 2 ? $# : 2))
: "${RTBGEN:?set RTBGEN to the rtbgen built from github.com/syzygy1/tb}"
RTBGENP=${RTBGENP:-$(dirname "$RTBGEN")/rtbgenp}
threads=${THREADS:-$(nproc)}
for tool in "$RTBGEN" "$RTBGENP"; do
  [[ -x $tool ]] || { echo "syzygy_tables.sh: $tool is not an executable" >&2; exit 2; }
done
case "$max" in 3 | 4) ;; *) echo "syzygy_tables.sh: MAX is 3 or 4, not $max" >&2; exit 2 ;; esac

# The generator's own order (its run.pl): pawnless before pawnful, and a
# promotion's target before the pawn table.
pieces=(Q R B N P)
tables=()
for a in "${pieces[@]}"; do tables+=("K${a}vK"); done
if ((max >= 4)); then
  for ((i = 0; i < 5; i++)); do for ((j = i; j < 5; j++)); do
    tables+=("K${pieces[i]}${pieces[j]}vK")
  done; done
  for ((i = 0; i < 5; i++)); do for ((j = i; j < 5; j++)); do
    tables+=("K${pieces[i]}vK${pieces[j]}")
  done; done
fi
tables+=("$@")

mkdir -p "$dir"
cd "$dir"
export RTBPATH=.
for tb in "${tables[@]}"; do
  [[ $tb =~ ^K[QRBNP]*vK[QRBNP]*$ ]] || { echo "syzygy_tables.sh: $tb is no table name" >&2; exit 2; }
  if [[ -s $tb.rtbw && -s $tb.rtbz ]]; then continue; fi
  gen=$RTBGEN
  [[ $tb == *P* ]] && gen=$RTBGENP
  start=$(date +%s.%N)
  "$gen" -t "$threads" "$tb" >/dev/null
  printf '%-8s %6.1f s\n' "$tb" "$(echo "$(date +%s.%N) - $start" | bc)"
done
ls ./*.rtbw | wc -l | xargs echo "WDL files in $dir:"
