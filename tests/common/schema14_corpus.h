// A corpus of generated minimal puzzles, written as this version writes it and aged to schema 14
// (UndoSchema16): the start of the tests of the migrations from older schemas.
#ifndef SUDOKU_TESTS_SCHEMA14_CORPUS_H_
#define SUDOKU_TESTS_SCHEMA14_CORPUS_H_

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/sqlite_query.h"
#include "sudoku/core/generator.h"
#include "sudoku/storage/store.h"

namespace sudoku::testing {

// Writes `count` minimal puzzles, item i made from seed first_seed + i, as one finished run of
// run seed `run_seed` into a new corpus at `path`, then undoes schema 16 on it.
inline void WriteSchema14Corpus(const std::string& path, int count, uint64_t first_seed,
                                uint64_t run_seed) {
  {
    std::unique_ptr<SqliteStore> store;
    ASSERT_TRUE(SqliteStore::Open(path, &store).ok());
    RunInfo info;
    info.seed = run_seed;
    info.params_json = "{}";
    info.tool_version = "sudoku-corpus test";
    info.requested = count;
    int64_t run_id = 0;
    ASSERT_TRUE(store->BeginRun(info, &run_id).ok());
    GeneratorOptions options;
    options.dig = DigOptions{17, 80, true};
    std::vector<PuzzleRecord> batch(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      ASSERT_TRUE(GeneratePuzzle(options, i, first_seed + static_cast<uint64_t>(i), &batch[i]));
    }
    BatchOutcome outcome;
    ASSERT_TRUE(store->WriteBatch(batch, &outcome).ok());
    ASSERT_EQ(outcome.stored, count);
    ASSERT_TRUE(store->EndRun("finished").ok());
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  UndoSchema16(db);
  sqlite3_close(db);
}

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_SCHEMA14_CORPUS_H_
