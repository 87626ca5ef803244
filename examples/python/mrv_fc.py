#!/usr/bin/env python3
"""A small Sudoku solver, MRV with forward checking, that speaks dokuscope's trace format.

Standard library only. It writes one JSON object per line to standard output (the format
is specified in docs/trace-format.md): the start object, then a select before each new
cell, an assign for each decision, a prune for each digit forward checking removes, and
a backtrack for each decision undone. Wipeouts and the solution are left out on purpose:
dokuscope derives them from the board.

    python3 examples/python/mrv_fc.py PUZZLE | dokuscope watch --events -
    python3 examples/python/mrv_fc.py PUZZLE > run.jsonl && dokuscope check run.jsonl

PUZZLE is 81 symbols (16 for 4x4, 256 for 16x16), digits or letters, '.' or '0' for an
empty cell, or a file whose first line is one.
"""

import json
import math
import os
import sys

DEFAULT = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SYMBOLS = "123456789ABCDEFG"


def read_puzzle(arg):
    """The puzzle's cells (0 for empty) and its side, from a string or a file's first line."""
    if os.path.exists(arg):
        with open(arg, encoding="utf-8") as f:
            words = f.readline().split()
            arg = words[0] if words else ""
    side = math.isqrt(len(arg))
    box = math.isqrt(side)
    if side * side != len(arg) or box * box != side:
        sys.exit(f"mrv_fc.py: {len(arg)} symbols is not a square board")
    cells = []
    for ch in arg.upper():
        cells.append(0 if ch in ".0_-" else SYMBOLS.index(ch) + 1)
    return cells, side, box


class Solver:
    """MRV cell order, ascending values, forward checking; one solution."""

    def __init__(self, cells, side, box):
        self.side = side
        self.values = list(cells)
        self.domains = [set(range(1, side + 1)) for _ in cells]
        self.depth = 0
        self.peers = []
        for c in range(side * side):
            r, k = divmod(c, side)
            b = (r // box) * box, (k // box) * box
            peers = {r * side + i for i in range(side)} | {i * side + k for i in range(side)}
            peers |= {(b[0] + i) * side + b[1] + j for i in range(box) for j in range(box)}
            peers.discard(c)
            self.peers.append(sorted(peers))

    def name(self, cell):
        r, c = divmod(cell, self.side)
        return f"r{r + 1}c{c + 1}"

    def emit(self, obj):
        sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")

    def forward_check(self, cell, digit, pruned):
        """Removes `digit` from the open peers of `cell`; False on a wipeout."""
        for p in self.peers[cell]:
            if self.values[p] == 0 and digit in self.domains[p]:
                self.domains[p].discard(digit)
                pruned.append((p, digit))
                self.emit({"type": "prune", "cell": self.name(p), "digit": digit,
                           "cause": {"rule": "forward_check", "from": self.name(cell)}})
                if not self.domains[p]:
                    return False
        return True

    def start(self):
        """The givens' forward checking; False if it already wipes a domain out."""
        for c, v in enumerate(self.values):
            if v and not self.forward_check(c, v, []):
                return False
        return True

    def search(self):
        """Depth-first search; True once the grid is full."""
        open_cells = [c for c, v in enumerate(self.values) if v == 0]
        if not open_cells:
            return True
        cell = min(open_cells, key=lambda c: len(self.domains[c]))
        domain = sorted(self.domains[cell])
        self.emit({"type": "select", "cell": self.name(cell), "domain": domain,
                   "depth": self.depth, "score": {"candidates": len(domain)}})
        for digit in domain:
            self.depth += 1
            self.values[cell] = digit
            self.emit({"type": "assign", "cell": self.name(cell), "digit": digit})
            pruned = []
            if self.forward_check(cell, digit, pruned) and self.search():
                return True
            for p, d in pruned:
                self.domains[p].add(d)
            self.values[cell] = 0
            self.depth -= 1
            self.emit({"type": "backtrack", "cell": self.name(cell), "digit": digit})
        return False


def main():
    cells, side, box = read_puzzle(sys.argv[1] if len(sys.argv) > 1 else DEFAULT)
    sys.setrecursionlimit(10_000)
    solver = Solver(cells, side, box)
    puzzle = "".join("." if v == 0 else SYMBOLS[v - 1] for v in cells)
    solver.emit({"type": "start", "version": 1, "puzzle": puzzle, "solver": "mrv_fc.py"})
    if not (solver.start() and solver.search()):
        solver.emit({"type": "exhausted"})


if __name__ == "__main__":
    try:
        main()
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error for a trace writer.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
