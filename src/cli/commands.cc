#include "commands.h"

#include "cli_util.h"
#include "cmd_export.h"
#include "cmd_generate.h"
#include "cmd_merge.h"
#include "cmd_migrate.h"
#include "cmd_rate.h"
#include "cmd_solve.h"
#include "cmd_stats.h"
#include "cmd_verify.h"

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

}  // namespace sudoku::cli
