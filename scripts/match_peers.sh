#!/usr/bin/env bash
# Short matches of timur against real engines (not part of `cargo test`):
#   chess960 vs Fairy-Stockfish (UCI), chess vs Fairy-Max (XBoard, no
#   setboard: the openings are sent as moves from the start position), and,
#   when this build plays xiangqi, xiangqi vs Fairy-Stockfish (UCI, ranks 1..10)
#   and vs MaxQi (XBoard).
# Usage: scripts/match_peers.sh [GAMES] [TC]      (defaults: 4 games, 5+0.05)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-4}"
tc="${2:-5+0.05}"

need() {
    if [ ! -x "/usr/games/$1" ]; then
        echo "installing $2 …" >&2
        if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq "$2"
        else sudo apt-get update -qq && sudo apt-get install -y -qq "$2"; fi
    fi
}
need fairy-stockfish fairy-stockfish
need fairymax fairymax

cargo build --profile fast --quiet
timur=target/fast/timur
out=target/match_peers
mkdir -p "$out"

run() {
    local label="$1"; shift
    echo "== $label"
    rm -f "$out/$label.pgn"
    "$timur" match --engine "cmd=$timur" "$@" --tc "$tc" --games "$games" \
        --pgn "$out/$label.pgn" 2>"$out/$label.log"
}

run chess960-fsf --engine cmd=/usr/games/fairy-stockfish name=fairy-stockfish \
    --variant chess960
run chess-fairymax --engine cmd=/usr/games/fairymax proto=xboard \
    --variant chess --random-openings 6
if "$timur" perft --variant xiangqi --depth 1 >/dev/null 2>&1; then
    run xiangqi-fsf --engine cmd=/usr/games/fairy-stockfish name=fairy-stockfish ranks=1 \
        --variant xiangqi --random-openings 4
    run xiangqi-maxqi --engine cmd=/usr/games/maxqi proto=xboard \
        --variant xiangqi --random-openings 4
else
    echo "== xiangqi: not in this build, skipped"
fi
echo "PGN and logs in $out/"
