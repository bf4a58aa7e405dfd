// Fuzzes the read side on damaged corpus files: `verify`, `stats` and `export` (and under them
// CorpusReader and CheckCorpus) must end in a message or a report, never a crash. An input is
//   - a whole database file, when it starts with SQLite's 16-byte header ("SQLite format 3"):
//     any page size, schema, index or row a file can hold; or
//   - a list of patches to a small valid corpus made at start-up by this build (its schema, two
//     runs, a few puzzles): each patch is a 4-byte little-endian offset (modulo the file size),
//     a 1-byte length and that many bytes written there; length 0 truncates the file at the
//     offset. A corpus wrong in a few bytes gets past the header checks and reaches the table
//     and index pages, as a damaged disk or a torn copy would.
// The empty input is the valid corpus itself, which `verify` must pass: a target whose base
// corpus were broken would otherwise fuzz nothing but error paths.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "cmd_export.h"
#include "cmd_stats.h"
#include "cmd_verify.h"
#include "fuzz_util.h"
#include "run_params.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/rng.h"
#include "sudoku/storage/store.h"

namespace {

using sudoku::fuzz::Check;

constexpr char kSqliteHeader[] = "SQLite format 3";  // 16 bytes with the NUL

void CheckOk(const sudoku::Status& status, const char* what) {
  if (!status.ok()) std::fprintf(stderr, "%s\n", status.message().c_str());
  Check(status.ok(), what);
}

// Appends `count` puzzles (easy ones: quick to make and to verify) as run `run` of `store`.
void WriteRun(sudoku::SqliteStore& store, uint64_t seed, int count, bool finish) {
  sudoku::RunParams params;
  params.count = count;
  params.generator.dig.min_clues = 40;
  params.generator.dig.max_clues = 50;
  params.generator.dig.symmetry = finish ? sudoku::Symmetry::kRot180 : sudoku::Symmetry::kNone;
  int64_t run_id = 0;
  CheckOk(store.BeginRun({.seed = seed,
                          .params_json = sudoku::ToParamsJson(params),
                          .tool_version = sudoku::cli::kToolVersion,
                          .requested = count},
                         &run_id),
          "BeginRun");
  std::vector<sudoku::PuzzleRecord> records(count);
  for (int i = 0; i < count; ++i) {
    Check(sudoku::GeneratePuzzle(params.generator, i, sudoku::ItemSeed(seed, i), &records[i]),
          "GeneratePuzzle");
  }
  sudoku::BatchOutcome outcome;
  CheckOk(store.WriteBatch(records, &outcome), "WriteBatch");
  if (finish) CheckOk(store.EndRun("finished"), "EndRun");  // else left 'running', as if killed
}

// The bytes of a valid corpus: a finished run and a run whose process died.
std::string MakeBaseCorpus() {
  const std::string path = sudoku::fuzz::ScratchPath("base.db");
  {
    std::unique_ptr<sudoku::SqliteStore> store;
    CheckOk(sudoku::SqliteStore::Open(path, &store), "SqliteStore::Open");
    WriteRun(*store, 7, 3, /*finish=*/true);
    WriteRun(*store, 8, 1, /*finish=*/false);
  }  // closing the last connection checkpoints the WAL into the file
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Check(bytes.size() > 1024, "the base corpus was written");
  return bytes;
}

const std::string& BaseCorpus() {
  static const std::string base = MakeBaseCorpus();
  return base;
}

// The database file an input stands for (see the top comment).
std::string DatabaseOf(const uint8_t* data, size_t size) {
  if (size >= sizeof(kSqliteHeader) &&
      std::memcmp(data, kSqliteHeader, sizeof(kSqliteHeader)) == 0) {
    return std::string(reinterpret_cast<const char*>(data), size);
  }
  std::string file = BaseCorpus();
  for (size_t at = 0; at + 5 <= size && !file.empty();) {
    uint32_t offset = 0;
    for (int i = 3; i >= 0; --i) offset = offset << 8 | data[at + i];
    const size_t length = data[at + 4];
    at += 5;
    offset %= file.size();
    if (length == 0) {
      file.resize(offset);
      continue;
    }
    const size_t n = std::min({length, size - at, file.size() - offset});
    file.replace(offset, n, reinterpret_cast<const char*>(data + at), n);
    at += length;
  }
  return file;
}

// Runs one command; a UserError (a one-line message naming the problem) is a fine outcome.
template <typename Command>
int Run(Command command) {
  try {
    return command();
  } catch (const sudoku::cli::UserError& e) {
    Check(e.what()[0] != '\0', "an error says what is wrong");
    return 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  sudoku::fuzz::SilenceOutput();
  BaseCorpus();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = sudoku::fuzz::ScratchPath("corpus.db");
  const std::string file = DatabaseOf(data, size);
  std::error_code ignored;
  std::filesystem::remove(path + "-wal", ignored);  // a stale WAL would be replayed into the file
  std::filesystem::remove(path + "-shm", ignored);
  sudoku::fuzz::WriteFile(path, reinterpret_cast<const uint8_t*>(file.data()), file.size());

  // verify's quick check, and for every fourth input its full integrity check (--full).
  const sudoku::cli::VerifyOptions to_verify{
      .db = path, .threads = 1, .quiet = true, .full = (size % 4) == 3};
  const int verified = Run([&] { return sudoku::cli::RunVerify(to_verify); });
  if (size == 0) Check(verified == 0, "verify passes the undamaged corpus");
  Run([&] { return sudoku::cli::RunStats({.db = path, .json = (size % 2) == 0}); });
  sudoku::cli::ExportOptions to_export{.db = path, .format = size % 3 == 0 ? "csv" : "jsonl"};
  if (size % 5 == 1) {
    to_export.sample = 3;
    to_export.seed = size;
  }
  Run([&] { return sudoku::cli::RunExport(to_export); });
  return 0;
}
