#!/usr/bin/env python3
"""OR-tools' original CP solver on a Sudoku, traced in dokuscope's trace format.

A Sudoku model in OR-tools' constraint solver (`ortools.constraint_solver.pywrapcp`: 81
integer variables 1..9, AllDifferent on each row, column and box, the givens fixed) is
searched with `solver.Phase(...)`, and a `SearchMonitor` writes what the search does:

    python3 examples/python/ortools_trace.py puzzles/hard.txt | dokuscope watch --events -
    python3 examples/python/ortools_trace.py PUZZLE -o run.jsonl && dokuscope check run.jsonl

PUZZLE is 81 symbols ('.' or '0' for an empty cell) or a file with one puzzle a line
(`--index N` picks the N-th, from 1; lines starting with '#' are comments). Options, with
OR-tools' own names:

    --select       CHOOSE_MIN_SIZE_LOWEST_MIN (default; MRV), CHOOSE_FIRST_UNBOUND
    --propagation  value (default: AllDifferent(vars, False), which removes a bound
                   variable's value from the others: forward checking), strong
                   (AllDifferent(vars): OR-tools' stronger propagation)
    --all          search the whole tree (every solution, then `exhausted`); without it the
                   search stops at the first solution

Values are tried smallest first (ASSIGN_MIN_VALUE): a decision is `x == v`, its refutation
`x != v`. Needs `pip install ortools` (9.15 was used).

What the trace says, and what OR-tools cannot tell:
- Decisions: `ApplyDecision` writes a `select` (the cell and its domain) and the `assign`.
- Refutations: `RefuteDecision` comes after OR-tools has backtracked to the decision's node,
  so it writes a `backtrack` naming that decision, then the prune `x != v` with the cause
  `{"rule":"refuted"}`.
- Propagation: a SearchMonitor hears no propagation event (OR-tools' PropagationMonitor is
  C++ only). So at each fixpoint (`BeginNextDecision`, `AcceptSolution`) the script reads
  the 81 domains and writes what changed since it last looked: each removed digit as a
  `prune`, with the cause `{"rule":"forward_check","from":PEER}` when an assigned peer holds
  the digit (what value propagation does), and no cause otherwise (the strong propagation's
  reasons are not visible); each variable that propagation bound as an `assign` with the
  cause `{"rule":"naked_single"}`, after its other digits' prunes. The order of the prunes
  within one propagation is the script's, not OR-tools'.
- Failures: `BeginFail` says a propagation failed, but not where, and its half-done domain
  changes are undone before they can be read: the trace has the backtrack that follows,
  no `wipeout` (dokuscope derives none when the board shows none).
- The last line (`solution`, or `exhausted` after `--all` or when there is none) carries OR-tools' own `branches`,
  `failures` and `solutions` counters at that moment; they go to standard error too, at the
  end, unless the trace is piped into a program on the terminal.
"""

import argparse
import json
import os
import re
import sys

SELECTS = ("CHOOSE_MIN_SIZE_LOWEST_MIN", "CHOOSE_FIRST_UNBOUND")
PROPAGATIONS = ("value", "strong")
DECISION = re.compile(r"\[(r\dc\d)\([^)]*\) == (\d+)\]")


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="ortools_trace.py",
        description="Trace OR-tools' CP solver on a Sudoku (dokuscope's trace format).",
    )
    p.add_argument("puzzle", help="81 symbols, or a file with one puzzle a line")
    p.add_argument("--index", type=int, default=1, help="which puzzle of the file, from 1 (default 1)")
    p.add_argument("--select", choices=SELECTS, default=SELECTS[0], help="OR-tools' variable strategy")
    p.add_argument("--propagation", choices=PROPAGATIONS, default=PROPAGATIONS[0], help="AllDifferent's propagation")
    p.add_argument("--all", action="store_true", help="search the whole tree")
    p.add_argument("-o", "--output", metavar="FILE", help="write the trace here (default standard output)")
    return p.parse_args(argv)


def fail(message):
    sys.stderr.write(f"ortools_trace.py: {message}\n")
    sys.exit(2)


def read_puzzle(arg, index):
    """The puzzle line (81 symbols) and where it came from."""
    if not os.path.exists(arg):
        return arg, "argument"
    n = 0
    with open(arg, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            n += 1
            if n == index:
                return words[0], f"{arg}:{number}"
    fail(f"{arg}: no puzzle {index} (it holds {n})")
    return None, None


def cell_name(i):
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def peers_of(i):
    r, c = divmod(i, 9)
    box = (r // 3 * 3, c // 3 * 3)
    same = {j for j in range(81) if j // 9 == r or j % 9 == c or (j // 9 // 3 * 3, j % 9 // 3 * 3) == box}
    same.discard(i)
    return sorted(same)


def givens_clash(digits):
    """The first pair of peers holding the same given, if any."""
    for i, d in enumerate(digits):
        for j in peers_of(i):
            if d and j > i and digits[j] == d:
                return cell_name(i), cell_name(j), d
    return None


def main(argv):
    args = parse_args(argv)
    text, source = read_puzzle(args.puzzle, args.index)
    if len(text) != 81 or any(ch not in "123456789.0" for ch in text):
        fail(f"{source}: a 9x9 puzzle is 81 symbols 1-9, '.' or '0'; found {len(text)} characters")
    puzzle = "".join("." if ch == "0" else ch for ch in text)
    digits = [0 if ch == "." else int(ch) for ch in puzzle]
    clash = givens_clash(digits)
    if clash:
        fail(f"{source}: the givens break a rule: {clash[0]} and {clash[1]} both hold {clash[2]}")
    try:
        from ortools import __version__ as version
        from ortools.constraint_solver import pywrapcp
    except ImportError as e:
        fail(f"cannot import OR-tools ({e}); pip install ortools")
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        run(pywrapcp, version, puzzle, digits, source, args, out)
    finally:
        if out is not sys.stdout:
            out.close()


class Board:
    """The board as the trace has told it so far: each open cell's candidates, the digits held."""

    def __init__(self, digits):
        self.held = list(digits)
        self.candidates = [set() if d else set(range(1, 10)) for d in digits]
        self.peers = [peers_of(i) for i in range(81)]
        self.saved = []  # (cell, digit, held, candidates) before each decision

    def holder(self, cell, digit):
        """An assigned peer of `cell` holding `digit`, if any."""
        return next((p for p in self.peers[cell] if self.held[p] == digit), None)


class Tracer:
    """Writes the events of one search; `sync` brings the board up to OR-tools' domains."""

    def __init__(self, variables, digits, emit):
        self.variables = variables
        self.board = Board(digits)
        self.emit = emit

    def sync(self):
        board = self.board
        domains = [None if board.held[i] else set(v.DomainIterator()) for i, v in enumerate(self.variables)]
        removed = {(i, d) for i in range(81) if domains[i] is not None for d in board.candidates[i] - domains[i]}
        progress = True
        while progress:
            progress = False
            for i, d in sorted(removed):
                peer = board.holder(i, d)
                if peer is not None:
                    self.prune(i, d, {"rule": "forward_check", "from": cell_name(peer)})
                    removed.discard((i, d))
                    progress = True
            progress |= self.assign_singles(domains, removed)
        for i, d in sorted(removed):
            self.prune(i, d, None)
        self.assign_singles(domains, set())

    def assign_singles(self, domains, removed):
        """Assigns each cell OR-tools bound whose other digits are all pruned on the board."""
        done = False
        for i in range(81):
            if domains[i] is not None and len(domains[i]) == 1 and not self.board.held[i]:
                if not any(cell == i for cell, _ in removed):
                    (digit,) = domains[i]
                    self.board.held[i] = digit
                    self.board.candidates[i] = set()
                    self.emit({"type": "assign", "cell": cell_name(i), "digit": digit, "cause": {"rule": "naked_single"}})
                    done = True
        return done

    def prune(self, cell, digit, cause):
        self.board.candidates[cell].discard(digit)
        event = {"type": "prune", "cell": cell_name(cell), "digit": digit}
        if cause:
            event["cause"] = cause
        self.emit(event)

    def decide(self, cell, digit):
        board = self.board
        domain = sorted(board.candidates[cell])
        self.emit({"type": "select", "cell": cell_name(cell), "domain": domain, "score": {"candidates": len(domain)}})
        board.saved.append((cell, digit, list(board.held), [set(c) for c in board.candidates]))
        board.held[cell] = digit
        board.candidates[cell] = set()
        self.emit({"type": "assign", "cell": cell_name(cell), "digit": digit})

    def refute(self, cell, digit):
        """Backtracks to the decision cell = digit (undoing those after it), then prunes it."""
        board = self.board
        while board.saved:
            saved_cell, saved_digit, held, candidates = board.saved.pop()
            if (saved_cell, saved_digit) == (cell, digit):
                board.held, board.candidates = held, candidates
                self.emit({"type": "backtrack", "cell": cell_name(cell), "digit": digit})
                self.prune(cell, digit, {"rule": "refuted"})
                return
        fail(f"OR-tools refuted {cell_name(cell)} = {digit}, which is not a decision in effect")


def decision_of(decision):
    """(cell index, digit) of OR-tools' `[r3c5(1..9) == 4] or [...]` decision."""
    found = DECISION.search(decision.DebugString())
    if not found:
        fail(f"cannot read OR-tools' decision {decision.DebugString()!r}")
    name, digit = found.group(1), int(found.group(2))
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1, digit


def run(pywrapcp, version, puzzle, digits, source, args, out):
    def emit(obj):
        out.write(json.dumps(obj, separators=(",", ":")) + "\n")

    solver = pywrapcp.Solver("sudoku")
    x = [solver.IntVar(1, 9, cell_name(i)) for i in range(81)]
    for i, d in enumerate(digits):
        if d:
            solver.Add(x[i] == d)
    units = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    for unit in units:
        cells = [x[i] for i in unit]
        solver.Add(solver.AllDifferent(cells, False) if args.propagation == "value" else solver.AllDifferent(cells))
    tracer = Tracer(x, digits, emit)
    exhausted = []  # NoMoreSolutions was heard: the whole tree was searched
    counts = lambda: {"branches": solver.Branches(), "failures": solver.Failures(), "solutions": solver.Solutions()}

    class Monitor(pywrapcp.SearchMonitor):
        def BeginNextDecision(self, builder):
            tracer.sync()

        def ApplyDecision(self, decision):
            tracer.decide(*decision_of(decision))

        def RefuteDecision(self, decision):
            tracer.refute(*decision_of(decision))

        def AcceptSolution(self):
            tracer.sync()
            return True

        def AtSolution(self):
            # OR-tools has counted this solution already.
            emit({"type": "solution", "grid": "".join(str(v.Value()) for v in x), **counts()})
            return args.all

        def NoMoreSolutions(self):
            exhausted.append(True)

    emit({
        "type": "start", "version": 1, "puzzle": puzzle, "source": source,
        "solver": f"OR-tools {version} CP solver", "order": args.select, "values": "ASSIGN_MIN_VALUE",
        "infer": f"AllDifferent ({args.propagation} propagation)",
    })
    builder = solver.Phase(x, getattr(solver, args.select), solver.ASSIGN_MIN_VALUE)
    monitor = Monitor(solver)  # held here: OR-tools keeps no Python reference to it
    solver.NewSearch(builder, [monitor])
    found = solver.NextSolution()
    while found and args.all:
        found = solver.NextSolution()
    final = counts()
    solver.EndSearch()
    if exhausted:
        emit({"type": "exhausted", **final})
    report(args, f"branches {final['branches']}, failures {final['failures']}, solutions {final['solutions']}")


def report(args, text):
    """Says `text` on standard error unless that is the terminal of a viewer reading the trace."""
    if args.output is None and sys.stderr.isatty() and not sys.stdout.isatty():
        return
    sys.stderr.write(f"ortools_trace.py: {text}\n")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error for a trace writer.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
