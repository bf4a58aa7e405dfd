// Fuzzes ParseParamsJson, the reader of runs.params (a corpus file is input like any other:
// `generate --resume` and `merge` parse what they find there). A refusal is a Status with a
// message; accepted params written back with ToParamsJson parse again to the same JSON.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_util.h"
#include "run_params.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sudoku::fuzz::Check;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  sudoku::cli::RunParams params;
  const sudoku::Status status = sudoku::cli::ParseParamsJson(input, &params);
  if (!status.ok()) {
    Check(!status.message().empty(), "a refusal says why");
    return 0;
  }
  const std::string written = sudoku::cli::ToParamsJson(params);
  sudoku::cli::RunParams reread;
  Check(sudoku::cli::ParseParamsJson(written, &reread).ok(), "written params parse");
  Check(sudoku::cli::ToParamsJson(reread) == written, "params round-trip");
  return 0;
}
