// sudoku-corpus-docs: writes the man page or the bash completion of sudoku-corpus (help_docs.h),
// both made from the command line the binary parses (commands.h). The build runs it
// (src/cli/CMakeLists.txt); it is not installed.
//
//   sudoku-corpus-docs man OUTPUT    roff, for share/man/man1/sudoku-corpus.1
//   sudoku-corpus-docs bash OUTPUT   for share/bash-completion/completions/sudoku-corpus
#include "entry_points.h"

int main(int argc, char** argv) { return sudoku::cli::RunSudokuCorpusDocs(argc, argv); }
