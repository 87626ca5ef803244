#!/usr/bin/env bash
# Regenerates the pictures in assets/ with dokuscope's own `snapshot`, so they cannot drift
# from the program (tests/share_assets.rs runs this script and compares).
#
#   assets/make.sh              build, then write every picture into assets/
#   assets/make.sh --cast       also record assets/demo.cast with `watch --record` (needs tmux, ~15 s)
#   assets/make.sh --out DIR    write into DIR instead of assets/
#
# DOKUSCOPE=path/to/dokuscope uses that binary instead of building one.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=assets
cast=no
while [ $# -gt 0 ]; do
    case $1 in
        --out) out=${2:?--out needs a directory}; shift 2 ;;
        --cast) cast=yes; shift ;;
        *) echo "usage: assets/make.sh [--cast] [--out DIR]" >&2; exit 2 ;;
    esac
done
bin=${DOKUSCOPE:-}
if [ -z "$bin" ]; then
    cargo build --release --quiet
    bin=$root/target/release/dokuscope
fi
mkdir -p "$out"
unset NO_COLOR # the pictures are in colour, whatever the caller's terminal wants

snap() {
    local name=$1
    shift
    "$bin" snapshot "$@" -o "$out/$name"
}

hard=puzzles/hard.txt
# watch at its third decision: the board, counters, gauge, "why this cell" and the log.
snap watch-decision.svg "$hard" --preset mrv-degree --decision 3
# The first wipeout (a cell with no candidate left, in red), before its backtrack...
snap wipeout.svg "$hard" --preset mrv-degree --wipeout 1
# ...and the backtrack, as it happens: the cells it emptied flash.
snap backtrack.svg "$hard" --preset mrv-degree --backtrack 1 --flash
# The compact board on a small terminal.
snap watch-80x24.svg "$hard" --preset mrv-degree --decision 3 --size 80x24
# A race of three presets mid-way, then its summary once all have finished.
snap compare-race.svg "$hard" --compare fast,mrv-degree,cbt --step 2000 --size 160x50
snap compare-summary.svg "$hard" --compare fast,mrv-degree,cbt --end --size 160x50
# The same screen as text, exactly what `tmux capture-pane -p` shows.
snap watch-decision.txt "$hard" --preset mrv-degree --decision 3
# The search tree beside the board, at the solution, and compare's overviews.
snap tree.svg "$hard" --preset mrv-degree --tree --end
snap tree-compare.svg "$hard" --compare fast,mrv-degree --tree --end --size 160x50
# min-conflicts at its 12th new best: every cell in conflict red with its counts, the move
# just made marked, why it was made, and the conflicts trace.
snap min-conflicts.svg "$hard" --preset min-conflicts --decision 12
# fc-cbj's backjump over 4 decisions (skipped nodes in the tree, the cells it emptied flashing)...
snap backjump.svg "$hard" --preset fc-cbj --tree --backtrack 10 --flash
# ...and dom-wdeg racing itself with Luby restarts (each restart marked on both trees).
snap restart-race.svg "$hard" --compare dom-wdeg,dom-wdeg/luby:4 --tree --end --size 160x50
# A lesson's stop: its note and its question (the bundled tour, stop 6: which cell will MRV choose?).
snap lesson.svg --lesson assets/lessons/tour.toml --stop 6
# AC-3's queue under mac, just after a revision's removal: the arc on the board, the arcs
# put back, the next arcs.
snap queue.svg "$hard" --preset mac --step 1414

if [ "$cast" = yes ]; then
    command -v tmux >/dev/null || { echo "assets/make.sh --cast needs tmux" >&2; exit 2; }
    socket=dokuscope-assets-$$
    t() { tmux -L "$socket" "$@"; }
    trap 't kill-server 2>/dev/null || true' EXIT
    rm -f "$out/demo.cast"
    # tests/share_assets.rs checks that the recording ends on this session's solved screen.
    t -f /dev/null new-session -d -x 120 -y 40 \
        "'$bin' watch $hard --preset mrv-degree --record '$out/demo.cast'"
    # The pauses are the demo's pace: what a viewer sees between keys.
    for step in "1.5 n" "1.5 n" "1 Right" "1 Right" "1.5 w" "1.5 Left" "1.5 b" "2 s" "2.5 q"; do
        sleep "${step% *}"
        t send-keys "${step#* }"
    done
    sleep 0.5
fi
