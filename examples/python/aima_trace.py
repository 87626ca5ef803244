#!/usr/bin/env python3
"""aima-python's backtracking_search on a Sudoku, traced in dokuscope's trace format.

AIMA's code (csp.py, from aimacode/aima-python or `pip install aima3`) runs as it is: a
subclass of its `Sudoku` writes each `assign`, `prune` and `restore` as an event, and the
variable order passed to `backtracking_search` is wrapped to write a `select` first. No
line of csp.py is changed, so what dokuscope shows and checks is what AIMA does.

    python3 examples/python/aima_trace.py puzzles/hard.txt --select mrv --inference mac \\
        --aima ../shared/peers/aima-python | dokuscope watch --events -
    python3 examples/python/aima_trace.py PUZZLE -o run.jsonl && dokuscope check run.jsonl

PUZZLE is 81 symbols ('.' or '0' for an empty cell) or a file with one puzzle a line
(`--index N` picks the N-th, from 1; lines starting with '#' are comments). The options
take AIMA's own function names:

    --select     first_unassigned_variable (default), mrv
    --order      unordered_domain_values (default), lcv
    --inference  no_inference (default), forward_checking, mac

What the trace says, and why:
- AIMA's Sudoku makes every given a variable whose domain is its one digit, assigned when
  the variable order reaches it, so the start object says "givens": "domains".
- AIMA numbers its cells box by box; the trace names them by row and column (r1c1 ...).
- `mrv` breaks ties at random: `--seed S` (default 0) seeds them, and the script runs under
  PYTHONHASHSEED=0 (restarting itself once if needed), because AC3b walks sets of digit
  strings, whose order follows the hash seed. One seed, one trace.
- A prune's cause is read off AIMA's domains when it prunes (AIMA does not pass it on):
  forward checking prunes from the variable just assigned; arc consistency (mac) prunes a
  digit that a neighbour can only be, and names that neighbour (the one just assigned if it
  is one, else the first in reading order).
- `restore` undoes the latest assignment with everything after it: a `backtrack`. Values
  that AIMA skips because they conflict with an assigned neighbour (`nconflicts`) are
  not events: AIMA removes nothing for them.
- The last line (`solution`, `exhausted` or `limit`) carries AIMA's own `nassigns`, and
  with `--inference mac` how often arc consistency found a wipeout (`mac_wipeouts`: AC3b's
  first result false; `backtracking_search` tests the whole `(False, checks)` tuple, which
  is true, and goes on every time). Both go to standard error too, unless the trace is
  piped into a program on the terminal (`| dokuscope watch --events -`), whose screen they
  would break.
"""

import argparse
import json
import os
import random
import sys

SELECTS = ("first_unassigned_variable", "mrv")
ORDERS = ("unordered_domain_values", "lcv")
INFERENCES = ("no_inference", "forward_checking", "mac")
HASH_SEED = "0"


class Limit(Exception):
    """The assignment limit was reached."""


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog="aima_trace.py",
        description="Trace aima-python's backtracking_search on a Sudoku (dokuscope's trace format).",
    )
    p.add_argument("puzzle", help="81 symbols, or a file with one puzzle a line")
    p.add_argument("--index", type=int, default=1, help="which puzzle of the file, from 1 (default 1)")
    p.add_argument("--select", choices=SELECTS, default=SELECTS[0], help="AIMA's variable order")
    p.add_argument("--order", choices=ORDERS, default=ORDERS[0], help="AIMA's value order")
    p.add_argument("--inference", choices=INFERENCES, default=INFERENCES[0], help="AIMA's inference")
    p.add_argument("--seed", type=int, default=0, help="seed of mrv's random tie-break (default 0)")
    p.add_argument("--limit", type=int, default=None, help="stop after this many assignments")
    p.add_argument("--aima", metavar="DIR", help="a checkout of aima-python (the folder holding aima/)")
    p.add_argument("-o", "--output", metavar="FILE", help="write the trace here (default standard output)")
    return p.parse_args(argv)


def fail(message):
    sys.stderr.write(f"aima_trace.py: {message}\n")
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


def load_csp(aima_dir):
    """aima-python's csp module: from --aima, else an installed `aima` or `aima3`."""
    if aima_dir:
        if not os.path.isdir(os.path.join(aima_dir, "aima")):
            fail(f"{aima_dir}: no aima/ folder there (give the checkout's top folder)")
        sys.path.insert(0, aima_dir)
    errors = []
    for name in ("aima.csp", "aima3.csp"):
        try:
            module = __import__(name, fromlist=["csp"])
            return module
        except ImportError as e:
            missing = getattr(e, "name", None)
            if missing in ("numpy", "sortedcontainers"):
                # aima-python itself imports them (aima/utils.py, aima/csp.py).
                fail(
                    f"aima-python needs numpy and sortedcontainers, and {sys.executable} lacks "
                    f"{missing}: python3 -m venv .venv && .venv/bin/pip install numpy sortedcontainers, "
                    "then run this script with .venv/bin/python"
                )
            errors.append(f"{name}: {e}")
    fail("cannot import aima-python's csp (" + "; ".join(errors) + "); give --aima DIR or pip install aima3")
    return None


def rerun_with_fixed_hash_seed():
    """Restarts this script under PYTHONHASHSEED=0 unless it already runs so."""
    if os.environ.get("PYTHONHASHSEED") != HASH_SEED:
        os.environ["PYTHONHASHSEED"] = HASH_SEED
        os.execv(sys.executable, [sys.executable] + sys.argv)


def main(argv):
    args = parse_args(argv)
    rerun_with_fixed_hash_seed()
    text, source = read_puzzle(args.puzzle, args.index)
    symbols = [ch for ch in text if ch in "123456789.0"]
    if len(symbols) != 81 or len(symbols) != len(text):
        fail(f"{source}: AIMA's Sudoku is 9x9: 81 symbols 1-9, '.' or '0' expected, found {len(text)} characters")
    puzzle = "".join("." if ch == "0" else ch for ch in symbols)
    csp = load_csp(args.aima)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        run(csp, puzzle, source, args, out)
    finally:
        if out is not sys.stdout:
            out.close()


def run(csp, puzzle, source, args, out):
    # Cell names: AIMA's variables in reading order are its `rows`, flattened.
    reading = [v for row in csp.Sudoku.rows for v in row]
    names = {v: f"r{i // 9 + 1}c{i % 9 + 1}" for i, v in enumerate(reading)}
    position = {v: i for i, v in enumerate(reading)}

    def emit(obj):
        out.write(json.dumps(obj, separators=(",", ":")) + "\n")

    class Traced(csp.Sudoku):
        """AIMA's Sudoku, writing what the search does to it."""

        def __init__(self, grid):
            super().__init__(grid)
            self.decisions = []
            self.limit = args.limit

        def assign(self, var, val, assignment):
            if self.limit is not None and self.nassigns >= self.limit:
                raise Limit()
            super().assign(var, val, assignment)
            self.decisions.append((var, val))
            emit({"type": "assign", "cell": names[var], "digit": int(val)})

        def prune(self, var, value, removals):
            cause = self.cause(var, value)
            super().prune(var, value, removals)
            emit({"type": "prune", "cell": names[var], "digit": int(value), "cause": cause})

        def cause(self, var, value):
            """Why `value` leaves `var`, as the domains show it now."""
            last = self.decisions[-1][0] if self.decisions else None
            if args.inference == "forward_checking" and last is not None:
                return {"rule": "forward_check", "from": names[last]}
            # Arc consistency: a neighbour whose only value is `value`.
            only = [n for n in self.neighbors[var] if self.curr_domains[n] == [value]]
            if not only:
                return None
            against = last if last in only else min(only, key=position.get)
            return {"rule": "revise", "against": names[against]}

        def restore(self, removals):
            # backtracking_search restores the removals of the latest value it tried.
            super().restore(removals)
            var, val = self.decisions.pop()
            emit({"type": "backtrack", "cell": names[var], "digit": int(val)})

    select = getattr(csp, args.select)

    def traced_select(assignment, problem):
        var = select(assignment, problem)
        event = {"type": "select", "cell": names[var], "depth": len(assignment), "heuristic": args.select}
        if problem.curr_domains is not None:
            event["domain"] = sorted(int(v) for v in problem.curr_domains[var])
        if args.select == "mrv":
            event["score"] = {"num_legal_values": csp.num_legal_values(problem, var, assignment)}
        emit(event)
        return var

    problem = Traced(puzzle)
    inference = getattr(csp, args.inference)
    wipeouts = [0]

    def counted_mac(problem, var, value, assignment, removals):
        result = inference(problem, var, value, assignment, removals)
        if isinstance(result, tuple) and not result[0]:
            wipeouts[0] += 1
        return result

    emit({
        "type": "start", "version": 1, "puzzle": puzzle, "givens": "domains",
        "solver": "aima-python", "source": source,
        "order": args.select, "values": args.order, "infer": args.inference, "seed": args.seed,
    })
    random.seed(args.seed)
    sys.setrecursionlimit(10_000)
    try:
        result = csp.backtracking_search(
            problem,
            select_unassigned_variable=traced_select,
            order_domain_values=getattr(csp, args.order),
            inference=counted_mac if args.inference == "mac" else inference,
        )
    except Limit:
        result = Limit
    counts = {"nassigns": problem.nassigns}
    if args.inference == "mac":
        counts["mac_wipeouts"] = wipeouts[0]
    report_mac(args, wipeouts[0])
    if result is Limit:
        emit({"type": "limit", **counts})
        report(args, f"limit, nassigns {problem.nassigns}")
    elif result is None:
        emit({"type": "exhausted", **counts})
        report(args, f"no solution, nassigns {problem.nassigns}")
    else:
        grid = "".join(str(result[v]) for v in reading)
        emit({"type": "solution", "grid": grid, **counts})
        report(args, f"solved, nassigns {problem.nassigns}")


def quiet(args):
    """Whether standard error is the terminal of a viewer that reads the trace."""
    return args.output is None and sys.stderr.isatty() and not sys.stdout.isatty()


def report(args, text):
    if not quiet(args):
        sys.stderr.write(f"aima_trace.py: {text}\n")


def report_mac(args, wipeouts):
    if args.inference == "mac":
        report(args, f"mac found a wipeout {wipeouts} times; backtracking_search went on each time")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (e.g. `| head`): not an error for a trace writer.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
