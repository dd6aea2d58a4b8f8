#!/usr/bin/env bash
# Plays timur against itself (or Fairy-Stockfish) under cutechess-cli in
# chess and Chess960 and reports illegal moves and time losses.
#
# cutechess-cli is built from source (only the CLI target) into
# $CUTECHESS_DIR (default /tmp/cutechess). The source comes from
# $CUTECHESS_SRC (a git repository or a clone of one; default: a clone of
# https://github.com/cutechess/cutechess). Build needs cmake, a C++
# compiler and Qt 6 (Core; CMake also looks for Gui, Widgets, Concurrent,
# Svg, PrintSupport): on Debian 12
#   apt-get install cmake g++ qt6-base-dev qt6-svg-dev
# which this script runs when it finds no Qt 6.
#
# Usage: scripts/cutechess_match.sh [games-per-variant] [opponent]
#   opponent: timur (default) or fairy-stockfish (/usr/games/fairy-stockfish)
# Environment: TC (default 5+0.05), PROTO (uci or xboard, default uci),
#   TIMUR (engine binary; default target/fast/timur, built if missing).
# Neither the source nor the binaries are ever placed in this repository.
set -euo pipefail

GAMES=${1:-4}
OPPONENT=${2:-timur}
TC=${TC:-5+0.05}
PROTO=${PROTO:-uci}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CUTECHESS_DIR=${CUTECHESS_DIR:-/tmp/cutechess}
CUTECHESS_SRC=${CUTECHESS_SRC:-https://github.com/cutechess/cutechess}
CLI="$CUTECHESS_DIR/build/cutechess-cli"
OUT=${OUT:-/tmp/timur-cutechess}
mkdir -p "$OUT"

need_apt() {
    if command -v apt-get >/dev/null; then
        echo "installing: $*" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    else
        echo "please install: $*" >&2
        exit 1
    fi
}

if [ ! -x "$CLI" ]; then
    command -v cmake >/dev/null && command -v g++ >/dev/null || need_apt cmake g++
    [ -e /usr/lib/x86_64-linux-gnu/cmake/Qt6Svg ] || [ -n "$(find /usr/lib -maxdepth 3 -name 'Qt6SvgConfig.cmake' 2>/dev/null | head -1)" ] \
        || need_apt qt6-base-dev qt6-svg-dev
    if [ ! -d "$CUTECHESS_DIR/src/.git" ]; then
        rm -rf "$CUTECHESS_DIR/src"
        git clone -q "$CUTECHESS_SRC" "$CUTECHESS_DIR/src"
    fi
    cmake -S "$CUTECHESS_DIR/src" -B "$CUTECHESS_DIR/build" -DWITH_TESTS=OFF \
        -DCMAKE_BUILD_TYPE=Release >"$CUTECHESS_DIR/cmake.log" 2>&1 \
        || { tail -20 "$CUTECHESS_DIR/cmake.log"; exit 1; }
    cmake --build "$CUTECHESS_DIR/build" --target cli -j "${JOBS:-2}" >"$CUTECHESS_DIR/build.log" 2>&1 \
        || { tail -20 "$CUTECHESS_DIR/build.log"; exit 1; }
fi

TIMUR=${TIMUR:-$ROOT/target/fast/timur}
if [ ! -x "$TIMUR" ]; then
    (cd "$ROOT" && cargo build --profile fast --bin timur)
fi

case "$OPPONENT" in
    timur) SECOND=(-engine "name=timur-b" "cmd=$TIMUR" "proto=$PROTO") ;;
    fairy-stockfish) SECOND=(-engine "name=fairy-stockfish" "cmd=/usr/games/fairy-stockfish" "proto=uci" "option.Threads=1") ;;
    *) echo "unknown opponent $OPPONENT" >&2; exit 2 ;;
esac

status=0
for variant in standard fischerandom; do
    log="$OUT/$variant.log"
    pgn="$OUT/$variant.pgn"
    rm -f "$pgn"
    echo "== $variant: timur vs $OPPONENT, $GAMES games, tc=$TC, proto=$PROTO"
    "$CLI" -variant "$variant" \
        -engine "name=timur-a" "cmd=$TIMUR" "proto=$PROTO" \
        "${SECOND[@]}" \
        -each "tc=$TC" \
        -games "$GAMES" -repeat -recover -concurrency 1 \
        -pgnout "$pgn" >"$log" 2>&1 || status=$?
    grep -E "^Score of|^Elo difference|Finished match" "$log" || true
    echo "games:"
    grep -E "^Finished game" "$log" | sed 's/^/  /' || true
    illegal=$(grep -c -i "illegal" "$log" || true)
    forfeits=$( (grep -h -c -i -E "loses on time|forfeits on time|time forfeit" "$pgn" "$log" 2>/dev/null || true) \
        | awk '{s+=$1} END {print s+0}')
    echo "illegal-move mentions: $illegal, time losses/forfeits: $forfeits"
    [ "$illegal" = 0 ] && [ "$forfeits" = 0 ] || status=1
done
exit $status
