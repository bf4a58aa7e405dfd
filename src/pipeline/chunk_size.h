// How many items travel through the pipeline as one token. Private to src/pipeline; include as
// "pipeline/chunk_size.h".
#ifndef SUDOKU_PIPELINE_CHUNK_SIZE_H_
#define SUDOKU_PIPELINE_CHUNK_SIZE_H_

#include <algorithm>
#include <cstdint>

namespace sudoku::pipeline_internal {

// Items per token at most: amortizes the pipeline's per-token cost on fast items.
inline constexpr int kChunkItems = 16;
// What a chunk should take: the writer sees a chunk's records only when the whole chunk is made,
// so a chunk of slow items (controlled-bias digging: about 0.5 s each) would hold back every
// commit behind it for seconds.
inline constexpr int64_t kChunkTargetNanos = 100'000'000;

// The chunk size for items that took `item_nanos` each lately; 0, not measured yet: one, as the
// first tokens are all issued before any item is made (a run of fast items pays that for its
// first few hundred items only). The output does not depend on it: every item is made from its
// own seed, in item order.
inline int ChunkItems(int64_t item_nanos) {
  if (item_nanos <= 0) return 1;
  return static_cast<int>(std::clamp<int64_t>(kChunkTargetNanos / item_nanos, 1, kChunkItems));
}

}  // namespace sudoku::pipeline_internal

#endif  // SUDOKU_PIPELINE_CHUNK_SIZE_H_
