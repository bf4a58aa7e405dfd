// RunParams: the generation parameters of a run, stored in runs.params as a JSON object.
// `generate` writes them with ToParamsJson and `generate --resume` reads them back with
// ParseParamsJson. Both directions live in run_params.cc, so they cannot drift apart.
//
// The JSON object has exactly these keys:
//   {"count": 1000, "clues": [26, 56], "freedom": [0, 729], "level": null | "hard",
//    "minimal": false, "max_attempts": 1000, "grid_method": "search", "symmetry": "none"}
#ifndef SUDOKU_CLI_RUN_PARAMS_H_
#define SUDOKU_CLI_RUN_PARAMS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "sudoku/generator.h"
#include "sudoku/status.h"

namespace sudoku::cli {

struct RunParams {
  int64_t count = 0;           // puzzles requested. Default: 0
  std::string level;           // --level as given, "" when none (then stored as null). Default: ""
  GeneratorOptions generator;  // bands, minimality, max_attempts. Default: see GeneratorOptions
};

// The JSON object above, on one line.
std::string ToParamsJson(const RunParams& params);

// Parses what ToParamsJson wrote. Fails with a one-line reason (no path) when the text is not
// such an object: a key missing, unknown or of the wrong type, or a grid_method or symmetry this
// build does not make. Does not check the bands (CheckGeneratorOptions does).
Status ParseParamsJson(std::string_view json, RunParams* params);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_RUN_PARAMS_H_
