// The man page and the bash completion of sudoku-corpus, rendered from the CLI11 objects that
// parse its command line (commands.h): every subcommand, option, name, type, default and
// description comes from the same place as `--help`, so the two cannot drift apart.
//
// The values an option takes are known to the completion in two ways: a CLI::IsMember check
// (its set, as --help prints it), or, for the options whose values the commands check by hand,
// the core's own tables (RatingBands, ClueClasses, kGridMethods, the symmetries, kDigOrders,
// kTransformKinds). Options naming files (--db, --output, --grid-source, the positional inputs)
// complete file names, --plot folder names.
//
// Hidden options and subcommands (CLI11's empty group) are left out of both. Pure functions of
// `app`; the output is the same on every run (nothing depends on addresses or time).
#ifndef SUDOKU_CLI_HELP_DOCS_H_
#define SUDOKU_CLI_HELP_DOCS_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sudoku::cli {

// How the completion completes the value of an option.
struct ValueCompletion {
  enum class Kind { kNothing, kWords, kFiles, kFolders };
  Kind kind = Kind::kNothing;
  std::vector<std::string> words;  // the values, for kWords
};

// How the value of `option` of subcommand `command` is completed. REQUIRES: option takes a value.
ValueCompletion CompleteValue(const CLI::App& command, const CLI::Option& option);

// The man page (roff with the man macros): NAME, SYNOPSIS, DESCRIPTION, OPTIONS, one COMMANDS
// subsection per subcommand with all its options, EXIT STATUS, FILES, SEE ALSO. REQUIRES: `app`
// was set up by SetupCommands.
std::string ManPage(const CLI::App& app);

// A bash completion script for kToolName: subcommands, the options of each, and their values
// where the set is known. It defines _sudoku_corpus and registers it with `complete -F`; it needs
// nothing from the bash-completion package.
std::string BashCompletion(const CLI::App& app);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_HELP_DOCS_H_
