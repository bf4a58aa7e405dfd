// Records for the store's benchmarks (store_benchmark.cc, store_scale.cc): real minimal puzzles
// from the generator with their scores, ratings and technique uses (row size as in a run); only
// the canonical form is altered to be unique per item, keeping the real form's shape (leading
// empty cells).
#ifndef SUDOKU_BENCH_STORE_RECORDS_H_
#define SUDOKU_BENCH_STORE_RECORDS_H_

#include <cstdint>
#include <vector>

#include "sudoku/core/generator.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"
#include "sudoku/pipeline/sink.h"

namespace sudoku::bench {

inline constexpr int kPoolSize = 512;  // distinct generated records; items reuse them in turn

// Minimal puzzles as a run makes them (default options, --minimal), made once.
inline const std::vector<PuzzleRecord>& RecordPool() {
  static const std::vector<PuzzleRecord> pool = [] {
    GeneratorOptions options;
    options.dig.minimal = true;
    std::vector<PuzzleRecord> records(kPoolSize);
    for (int i = 0; i < kPoolSize; ++i) {
      GeneratePuzzle(options, i, ItemSeed(2024, static_cast<uint64_t>(i)), &records[i]);
    }
    return records;
  }();
  return pool;
}

// Item `item_index`: a pool record, whose canonical form gets the number `form` (base 9, digits
// 1-9; the item's own number unless given) in its last 12 cells, so that every item has a form
// of its own. Runs appended to a corpus take forms after the corpus's (store_scale.cc).
inline PuzzleRecord MakeRecord(int64_t item_index, int64_t form = -1) {
  PuzzleRecord r = RecordPool()[static_cast<size_t>(item_index % kPoolSize)];
  r.item_index = item_index;
  uint64_t n = static_cast<uint64_t>(form < 0 ? item_index : form);
  for (int cell = kCells - 12; cell < kCells; ++cell, n /= 9) {
    r.canonical[cell] = static_cast<uint8_t>(1 + n % 9);
  }
  return r;
}

// Items first.. of a run; their forms are numbered from first_form + first.
inline void NextBatch(int64_t first, std::vector<PuzzleRecord>* batch, int64_t first_form = 0) {
  for (size_t i = 0; i < batch->size(); ++i) {
    const int64_t item = first + static_cast<int64_t>(i);
    (*batch)[i] = MakeRecord(item, first_form + item);
  }
}

}  // namespace sudoku::bench

#endif  // SUDOKU_BENCH_STORE_RECORDS_H_
