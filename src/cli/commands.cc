#include "commands.h"

#include <exception>
#include <iostream>
#include <string>

#include "cli_util.h"
#include "cmd_export.h"
#include "cmd_generate.h"
#include "cmd_merge.h"
#include "cmd_migrate.h"
#include "cmd_rate.h"
#include "cmd_solve.h"
#include "cmd_stats.h"
#include "cmd_verify.h"
#include "entry_points.h"

namespace sudoku::cli {

void SetupCommands(CLI::App& app, int* exit_code) {
  app.description("sudoku-corpus: generate, solve and store Sudoku puzzle corpora");
  app.set_version_flag("--version", kToolVersion);
  app.require_subcommand(1);
  SetupGenerateCommand(app, exit_code);
  SetupSolveCommand(app, exit_code);
  SetupRateCommand(app, exit_code);
  SetupStatsCommand(app, exit_code);
  SetupExportCommand(app, exit_code);
  SetupVerifyCommand(app, exit_code);
  SetupMigrateCommand(app, exit_code);
  SetupMergeCommand(app, exit_code);
}

int RunSudokuCorpus(int argc, char** argv) {
  int exit_code = 0;
  CLI::App app;
  SetupCommands(app, &exit_code);
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
  } catch (const UsageError& e) {
    std::cerr << "sudoku-corpus: " << e.what() << "\n";
    return 2;
  } catch (const UserError& e) {
    std::cerr << "sudoku-corpus: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "sudoku-corpus: internal error: " << e.what() << "\n";
    return 70;
  }
  return exit_code;
}

}  // namespace sudoku::cli
