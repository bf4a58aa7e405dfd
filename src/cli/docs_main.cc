// sudoku-corpus-docs: writes the man page or the bash completion of sudoku-corpus (help_docs.h),
// both made from the command line the binary parses (commands.h). The build runs it
// (src/cli/CMakeLists.txt); it is not installed.
//
//   sudoku-corpus-docs man OUTPUT    roff, for share/man/man1/sudoku-corpus.1
//   sudoku-corpus-docs bash OUTPUT   for share/bash-completion/completions/sudoku-corpus
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

#include "commands.h"
#include "help_docs.h"

int main(int argc, char** argv) {
  const std::string kind = argc == 3 ? argv[1] : "";
  if (kind != "man" && kind != "bash") {
    std::cerr << "sudoku-corpus-docs: usage: sudoku-corpus-docs man|bash OUTPUT\n";
    return 2;
  }
  int exit_code = 0;
  CLI::App app;
  sudoku::cli::SetupCommands(app, &exit_code);
  app.name(sudoku::cli::kToolName);
  const std::string text =
      kind == "man" ? sudoku::cli::ManPage(app) : sudoku::cli::BashCompletion(app);

  // Through a temporary file and a rename: a failed or interrupted build leaves the old file
  // or none, never half of one that a later build would take as up to date.
  const std::string output = argv[2];
  const std::string temporary = output + ".tmp";
  std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out || std::rename(temporary.c_str(), output.c_str()) != 0) {
    std::cerr << "sudoku-corpus-docs: cannot write " << output << ": " << std::strerror(errno)
              << "\n";
    std::remove(temporary.c_str());
    return 1;
  }
  return 0;
}
