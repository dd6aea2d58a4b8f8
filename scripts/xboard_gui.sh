#!/usr/bin/env bash
# Plays timur in the real XBoard GUI (under a virtual X server) and saves a
# screenshot per variant: /tmp/timur-xboard-<variant>.png, with XBoard's
# engine-traffic log next to it (/tmp/timur-xboard-<variant>.debug).
#
# Usage: scripts/xboard_gui.sh [seconds-per-game] [opponent] [variants...]
#   opponent: timur (default; two timur processes) or fairymax
#   variants: XBoard names (default: normal fischerandom xiangqi; also
#             tamerlane, jasir, jarmo, announced to XBoard by `setup`); each is
#             skipped unless `timur`'s feature line lists it, so xiangqi
#             joins in once the engine plays it.
# Installs xboard, xvfb, imagemagick and fairymax with apt-get if missing.
# Last, it runs XBoard's analyze mode on the chess start position and saves
# /tmp/timur-xboard-analysis.png. After each game the script prints XBoard's
# view of it: the moves it received, any "Illegal move" / "False" claim /
# error lines.
set -euo pipefail

SECONDS_PER_GAME=${1:-12}
OPPONENT=${2:-timur}
shift $(( $# > 2 ? 2 : $# ))
VARIANTS=("$@")
[ ${#VARIANTS[@]} -gt 0 ] || VARIANTS=(normal fischerandom xiangqi)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TIMUR=${TIMUR:-$ROOT/target/fast/timur}

missing=()
command -v xboard >/dev/null || [ -x /usr/games/xboard ] || missing+=(xboard)
command -v xvfb-run >/dev/null || missing+=(xvfb xauth)
command -v import >/dev/null || missing+=(imagemagick)
[ "$OPPONENT" != fairymax ] || [ -x /usr/games/fairymax ] || missing+=(fairymax)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
export PATH="$PATH:/usr/games"
[ -x "$TIMUR" ] || (cd "$ROOT" && cargo build --profile fast --bin timur)

features=$(printf 'xboard\nprotover 2\nquit\n' | "$TIMUR" | grep '^feature' | head -1)
case "$OPPONENT" in
    timur) SECOND="$TIMUR" ;;
    fairymax) SECOND=/usr/games/fairymax ;;
    *) echo "unknown opponent $OPPONENT" >&2; exit 2 ;;
esac
WORK=$(mktemp -d /tmp/timur-xboard-XXXXXX)

for variant in "${VARIANTS[@]}"; do
    if ! grep -q "variants=\"[^\"]*\b$variant\b" <<<"$features"; then
        echo "== $variant: skipped (timur does not list it yet)"
        continue
    fi
    shot=/tmp/timur-xboard-$variant.png
    debug=/tmp/timur-xboard-$variant.debug
    pgn=/tmp/timur-xboard-$variant.pgn
    rm -f "$shot" "$debug" "$pgn"
    # XBoard cannot check the moves of the games timur announces by
    # `setup` (Tamerlane's giraffe and picket, Jasir's graph): timur checks
    # them and XBoard takes them as they come.
    case "$variant" in
        tamerlane | jasir | jarmo) legality=false ;;
        *) legality=true ;;
    esac
    echo "== $variant: timur vs $OPPONENT for ${SECONDS_PER_GAME}s (legality test: $legality)"
    xvfb-run -a -s "-screen 0 1100x900x24" bash -c '
        xboard -variant "$1" -fcp "$2" -fd "$3" -scp "$4" -sd "$3" \
            -initialMode TwoMachines -tc 0:30 -inc 0.5 -xponder \
            -debug -nameOfDebugFile "$5" -saveGameFile "$6" \
            -popupExitMessage false -popupMoveErrors false \
            -showThinking true -size medium -testLegality "$9" \
            -engineOutputUp false -saveSettingsOnExit false &
        gui=$!
        sleep "$7"
        import -window root "$8"
        kill $gui 2>/dev/null
        wait $gui 2>/dev/null || true
    ' _ "$variant" "$TIMUR" "$WORK" "$SECOND" "$debug" "$pgn" "$SECONDS_PER_GAME" "$shot" "$legality"
    echo "screenshot: $shot"
    moves=$(grep -c -E '^[0-9]+ <(first|second) *: move ' "$debug" || true)
    echo "engine moves XBoard received: $moves"
    echo "first moves: $(grep -E '<(first|second) *: move ' "$debug" | head -6 | sed 's/.*: move //' | tr '\n' ' ')"
    echo "castling moves: $(grep -E ': move (O-O|O-O-O)$' "$debug" | sed 's/.*: move //' | tr '\n' ' ')"
    grep -E -i 'illegal|false .*claim|error \(' "$debug" | head -5 || echo "no illegal moves, false claims or errors"
    grep -E '(first|second) *: (1-0|0-1|1/2-1/2) ' "$debug" | head -2 || true
done

# Analyze mode: XBoard's engine-output window fills with timur's thinking.
shot=/tmp/timur-xboard-analysis.png
debug=/tmp/timur-xboard-analysis.debug
rm -f "$shot" "$debug"
echo "== analysis of the chess start position for 8s"
xvfb-run -a -s "-screen 0 1100x900x24" bash -c '
    xboard -fcp "$1" -fd "$2" -initialMode Analysis -debug -nameOfDebugFile "$3" -size medium \
        -saveSettingsOnExit false &
    gui=$!
    sleep 8
    import -window root "$4"
    kill $gui 2>/dev/null
    wait $gui 2>/dev/null || true
' _ "$TIMUR" "$WORK" "$debug" "$shot"
echo "screenshot: $shot"
echo "thinking lines XBoard received: $(grep -c -E '^[0-9]+ <first : [0-9]+ ' "$debug" || true)"
echo "last: $(grep -E '^[0-9]+ <first : [0-9]+ ' "$debug" | tail -1 | cut -d: -f2-)"
