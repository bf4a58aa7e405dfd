// Fuzzes the run library's readers of runs.params (a corpus file is input like any other:
// `generate --resume` and `merge` parse what they find there): ParseParamsJson, and the lenient
// ReadShardOfRun and GridMethodOfRun of merge and stats. A refusal is a Status with a message;
// accepted params written back with ToParamsJson parse again to the same JSON.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_util.h"
#include "sudoku/run/params.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sudoku::fuzz::Check;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  sudoku::RunParams params;
  const sudoku::Status status = sudoku::ParseParamsJson(input, &params);
  // The storage layer's lenient readers take any text without crashing.
  sudoku::ShardOfRun shard;
  std::string method;
  (void)sudoku::ReadShardOfRun(input, &shard);
  (void)sudoku::GridMethodOfRun(input, &method);
  if (!status.ok()) {
    Check(!status.message().empty(), "a refusal says why");
    return 0;
  }
  const std::string written = sudoku::ToParamsJson(params);
  sudoku::RunParams reread;
  Check(sudoku::ParseParamsJson(written, &reread).ok(), "written params parse");
  Check(sudoku::ToParamsJson(reread) == written, "params round-trip");
  return 0;
}
