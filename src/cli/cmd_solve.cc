#include "cmd_solve.h"

#include <iostream>
#include <memory>

#include "cli_util.h"
#include "sudoku/core/solver.h"

namespace sudoku::cli {

void SetupSolveCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Count solutions (0, 1, or 2 = two or more) of puzzles, one 81-character line each; print "
      "'PUZZLE COUNT SOLUTION' per line ('-' when not unique). Blank and '#' lines are skipped.");
  cmd->add_option("input", options->input, "Puzzle file, or - for standard input")
      ->capture_default_str()
      ->type_name("FILE");
  cmd->callback([options, exit_code] { *exit_code = RunSolve(*options); });
}

int RunSolve(const SolveOptions& options) {
  std::ios::sync_with_stdio(false);
  std::string out;
  return ForEachInputPuzzle(options.input, [&out](int, const Grid& puzzle) {
    Grid solution;
    const int count = CountSolutions(puzzle, 2, &solution);
    out = ToString(puzzle);
    out += ' ';
    out += static_cast<char>('0' + count);
    out += ' ';
    out += count == 1 ? ToString(solution) : "-";
    out += '\n';
    std::cout << out;
  });
}

}  // namespace sudoku::cli
