#!/usr/bin/env bash
# Builds examples/gecode/sudoku.cpp against Debian's Gecode 6.2 (apt-get install libgecode-dev g++).
#   examples/gecode/build.sh [OUTPUT]   (default: target/gecode/sudoku-gecode)
# Debian ships no pkg-config file for Gecode, so the libraries are named here; if a gecode.pc
# exists (a Gecode built from source), pkg-config's flags are used instead.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/target/gecode/sudoku-gecode}
mkdir -p "$(dirname "$out")"
if pkg-config --exists gecode 2>/dev/null; then
    flags=$(pkg-config --cflags --libs gecode)
else
    flags="-lgecodesearch -lgecodeminimodel -lgecodeint -lgecodekernel -lgecodesupport -lpthread"
fi
# shellcheck disable=SC2086
${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -o "$out" "$here/sudoku.cpp" $flags
echo "$out"
