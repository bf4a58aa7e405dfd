// sudoku-corpus: one binary, one subcommand per job (see cmd_*.h; commands.cc runs them).
#include "entry_points.h"

int main(int argc, char** argv) { return sudoku::cli::RunSudokuCorpus(argc, argv); }
