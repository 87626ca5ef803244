#!/usr/bin/env bash
# Sends Chuffed's search of a Sudoku to a CP-Profiler listener (dokuscope listen, or the
# profiler crate's `record` example).
#
#   examples/chuffed/run.sh [--port 6565] [--id 1] [--out DIR] PUZZLE [CHUFFED_OPTION...]
#
# PUZZLE is an 81-character line (digits, '.' or '0' for empty) or FILE:LINE (line from 1).
# It builds fzn-chuffed from the source in $CHUFFED_SRC (default: ../shared/peers/chuffed beside
# the repository) in a copy under $CHUFFED_BUILD (default /tmp/dokuscope-chuffed) once, writes
# the puzzle as MiniZinc data, flattens examples/chuffed/sudoku.mzn against Chuffed's mznlib
# with `minizinc -c`, and runs `fzn-chuffed -s --cp-profiler ID,PORT model.fzn` with the extra
# options (e.g. `--restart luby --restart-scale 10`). -s prints Chuffed's own statistics
# (%%%mzn-stat: nodes=, failures=, restarts=). With --out DIR the .dzn and .fzn are kept there
# (the .fzn's output_array maps Chuffed's X_INTRODUCED_n_ names to cells).
# Needs: cmake, g++ (to build), minizinc (Debian's package 2.6.4 was used).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
port=6565
id=1
out=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --port) port=$2; shift 2 ;;
        --id) id=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) break ;;
    esac
done
if [[ $# -lt 1 ]]; then
    echo "run.sh: which puzzle? (an 81-character line or FILE:LINE)" >&2
    exit 2
fi
puzzle=$1
shift
if [[ ${#puzzle} -ne 81 && $puzzle == *:* ]]; then
    file=${puzzle%:*}
    line=${puzzle##*:}
    puzzle=$(sed -n "${line}p" "$file")
fi
if [[ ! $puzzle =~ ^[0-9.]{81}$ ]]; then
    echo "run.sh: a puzzle is 81 characters of 1-9, '.' or '0'; got '$puzzle'" >&2
    exit 2
fi

src=${CHUFFED_SRC:-$root/../shared/peers/chuffed}
build=${CHUFFED_BUILD:-/tmp/dokuscope-chuffed}
chuffed=$build/build/fzn-chuffed
if [[ ! -x $chuffed ]]; then
    if [[ ! -f $src/CMakeLists.txt ]]; then
        echo "run.sh: no Chuffed source in $src; set CHUFFED_SRC (git clone https://github.com/chuffed/chuffed)" >&2
        exit 2
    fi
    echo "run.sh: building Chuffed from $src in $build (a few minutes)" >&2
    mkdir -p "$build"
    cp -r "$src/." "$build/"
    cmake -B "$build/build" -S "$build" -DCMAKE_BUILD_TYPE=Release >&2
    cmake --build "$build/build" -j2 --target fzn-chuffed >&2
fi

work=${out:-$(mktemp -d)}
mkdir -p "$work"
python3 - "$puzzle" > "$work/puzzle.dzn" <<'PY'
import sys
line = sys.argv[1]
rows = [line[r * 9:(r + 1) * 9] for r in range(9)]
cells = lambda row: ", ".join("0" if ch in ".0" else ch for ch in row)
print("% " + line)
print("puzzle = [|" + "\n  |".join(cells(row) for row in rows) + " |];")
PY
# The warnings minizinc 2.6 prints about Chuffed's old global overrides are harmless.
minizinc -c -I "$build/chuffed/flatzinc/mznlib" --fzn "$work/sudoku.fzn" --ozn "$work/sudoku.ozn" \
    "$here/sudoku.mzn" "$work/puzzle.dzn" 2> >(grep -v -e "overrides a global constraint" -e '^$' >&2)
"$chuffed" -s --cp-profiler "$id,$port" "$@" "$work/sudoku.fzn"
