#include "cmd_migrate.h"

#include <cstdio>
#include <memory>

#include "cli_util.h"
#include "sudoku/storage/store.h"

namespace sudoku::cli {

void SetupMigrateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<MigrateOptions>();
  CLI::App* cmd =
      app.add_subcommand("migrate", "Upgrade a corpus from an older sudoku-corpus to this schema");
  cmd->add_option("--db", options->db, "Corpus database file")
      ->capture_default_str()
      ->type_name("FILE");
  cmd->add_flag("-q,--quiet", options->quiet, "No summary line");
  cmd->callback([options, exit_code] { *exit_code = RunMigrate(*options); });
}

int RunMigrate(const MigrateOptions& options) {
  if (options.db.empty() || options.db == ":memory:") {
    throw UsageError("--db '" + options.db + "': not a file");
  }
  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store, OpenMode::kMustExist));
  if (!options.quiet) {
    if (store->opened_version() == StoreSchemaVersion()) {
      std::printf("%s: already at schema %d\n", options.db.c_str(), StoreSchemaVersion());
    } else {
      std::printf("%s: schema %d -> %d\n", options.db.c_str(), store->opened_version(),
                  StoreSchemaVersion());
    }
  }
  return 0;
}

}  // namespace sudoku::cli
