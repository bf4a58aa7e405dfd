// sudoku-corpus: one binary, one subcommand per job (see cmd_*.h).
#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <string>

#include "cli_util.h"
#include "commands.h"

int main(int argc, char** argv) {
  int exit_code = 0;
  CLI::App app;
  sudoku::cli::SetupCommands(app, &exit_code);  // commands.cc: the subcommands are listed there
  // CLI11 would take an unknown first word for a stray argument; say it is no subcommand.
  if (argc > 1 && argv[1][0] != '-' &&
      app.get_subcommands([&](CLI::App* sub) { return sub->check_name(argv[1]); }).empty()) {
    std::string names;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
      names += (names.empty() ? "" : ", ") + sub->get_name();
    }
    std::cerr << "sudoku-corpus: unknown subcommand '" << argv[1] << "'; use " << names
              << " (see --help)\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "sudoku-corpus: " << e.what() << " (see --help)\n";
    return 2;
  } catch (const sudoku::cli::UsageError& e) {
    std::cerr << "sudoku-corpus: " << e.what() << "\n";
    return 2;
  } catch (const sudoku::cli::UserError& e) {
    std::cerr << "sudoku-corpus: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "sudoku-corpus: internal error: " << e.what() << "\n";
    return 70;
  }
  return exit_code;
}
