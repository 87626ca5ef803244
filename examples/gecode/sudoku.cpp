// Sudoku in Gecode, its search sent to a CP-Profiler listener (dokuscope listen) as it runs.
//
//   sudoku-gecode [--branching size|input] [--ipl val|dom] [--port 6565] [--solutions N]
//                 [--no-profiler] PUZZLE
//
// PUZZLE is an 81-character line (digits, '.' or '0' for empty). The model: 81 variables 1..9,
// the givens fixed, distinct on each row, column and box. Two branchings: `size` (the smallest
// domain first, Gecode's INT_VAR_SIZE_MIN) and `input` (the cells in row order, INT_VAR_NONE),
// both trying the smallest digit first (INT_VAL_MIN: alternatives "var[i] = n" and
// "var[i] != n", i the 0-based cell). --solutions 0 (the default) searches the whole tree, so
// the tree proves the solution unique; 1 stops at the first. It prints the solution and Gecode's
// own statistics on one line, `gecode: nodes=N failures=F solutions=S depth=D propagations=P`,
// which a test compares with the tree received. Exit 2 on a bad argument.
#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include "profiler_tracer.hpp"

#include <cstdlib>
#include <iostream>
#include <string>

using namespace Gecode;

class Sudoku : public Space {
protected:
  IntVarArray x;

public:
  Sudoku(const std::string& puzzle, bool smallest_domain, IntPropLevel ipl)
    : x(*this, 81, 1, 9) {
    Matrix<IntVarArray> m(x, 9, 9);
    for (int i = 0; i < 81; i++)
      if (puzzle[i] >= '1' && puzzle[i] <= '9')
        rel(*this, x[i], IRT_EQ, puzzle[i] - '0');
    for (int i = 0; i < 9; i++) {
      distinct(*this, m.row(i), ipl);
      distinct(*this, m.col(i), ipl);
    }
    for (int r = 0; r < 9; r += 3)
      for (int c = 0; c < 9; c += 3)
        distinct(*this, m.slice(c, c + 3, r, r + 3), ipl);
    if (smallest_domain)
      branch(*this, x, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
    else
      branch(*this, x, INT_VAR_NONE(), INT_VAL_MIN());
  }

  Sudoku(Sudoku& s) : Space(s) { x.update(*this, s.x); }

  Space* copy() override { return new Sudoku(*this); }

  std::string line() const {
    std::string out;
    for (int i = 0; i < 81; i++)
      out += x[i].assigned() ? static_cast<char>('0' + x[i].val()) : '.';
    return out;
  }
};

static int usage(const std::string& message) {
  std::cerr << "sudoku-gecode: " << message << "\n"
            << "usage: sudoku-gecode [--branching size|input] [--ipl val|dom] [--port N]"
               " [--solutions N] [--no-profiler] PUZZLE\n";
  return 2;
}

int main(int argc, char* argv[]) {
  std::string puzzle, branching = "size", ipl_name = "val";
  unsigned int port = 6565;
  long solutions_wanted = 0;
  bool profile = true;
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    bool has_value = i + 1 < argc;
    if (arg == "--branching" && has_value) branching = argv[++i];
    else if (arg == "--ipl" && has_value) ipl_name = argv[++i];
    else if (arg == "--port" && has_value) port = static_cast<unsigned int>(std::strtoul(argv[++i], nullptr, 10));
    else if (arg == "--solutions" && has_value) solutions_wanted = std::strtol(argv[++i], nullptr, 10);
    else if (arg == "--no-profiler") profile = false;
    else if (puzzle.empty() && arg.rfind("--", 0) != 0) puzzle = arg;
    else return usage("unexpected argument " + arg);
  }
  if (branching != "size" && branching != "input") return usage("--branching is size or input");
  if (ipl_name != "val" && ipl_name != "dom") return usage("--ipl is val or dom");
  if (port == 0 || port > 65535) return usage("--port is 1 to 65535");
  if (puzzle.size() != 81 || puzzle.find_first_not_of("0123456789.") != std::string::npos)
    return usage("a puzzle is 81 characters of 1-9, '.' or '0'");

  Sudoku* model = new Sudoku(puzzle, branching == "size", ipl_name == "dom" ? IPL_DOM : IPL_VAL);
  ProfilerTracer tracer(port, "gecode-sudoku-" + branching, -1);
  Search::Options options;
  if (profile) options.tracer = &tracer;
  long solutions = 0;
  Search::Statistics statistics;
  {
    DFS<Sudoku> engine(model, options);
    delete model;
    while (Sudoku* solution = engine.next()) {
      if (solutions == 0) std::cout << solution->line() << "\n";
      delete solution;
      if (++solutions == solutions_wanted) break;
    }
    statistics = engine.statistics();
  }  // the engine's destructor sends DONE
  if (solutions == 0) std::cout << "no solution\n";
  std::cout << "gecode: nodes=" << statistics.node << " failures=" << statistics.fail
            << " solutions=" << solutions << " depth=" << statistics.depth
            << " propagations=" << statistics.propagate << " version=" << GECODE_VERSION << "\n";
  return 0;
}
