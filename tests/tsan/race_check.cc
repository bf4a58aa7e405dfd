// A deliberate data race, built only into the ThreadSanitizer build (tests/tsan): the parallel
// stage of a pipeline shaped like src/pipeline's (serial in-order source, parallel work, serial
// in-order sink) bumps a plain counter. Its CTest case passes only when TSan reports the race
// here, so a TSan set-up that hid races on TBB's worker threads (a suppression too wide, a
// runtime that lost its instrumentation) fails the suite instead of reporting a clean run.
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_pipeline.h>

#include <cstdio>

namespace {

long racy_counter = 0;  // written by concurrent runs of the parallel stage: the race

long Work(int token) {
  long sum = 0;
  for (int i = 0; i < 200000; ++i) sum += (i ^ token) & 7;  // keeps the stages overlapping
  ++racy_counter;
  return sum;
}

}  // namespace

int main() {
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, 4);
  int next = 0;
  long total = 0;
  const auto source = tbb::make_filter<void, int>(tbb::filter_mode::serial_in_order,
                                                  [&](tbb::flow_control& control) {
                                                    if (next == 256) control.stop();
                                                    return next++;
                                                  });
  const auto work = tbb::make_filter<int, long>(tbb::filter_mode::parallel,
                                                [](int token) { return Work(token); });
  const auto sink = tbb::make_filter<long, void>(tbb::filter_mode::serial_in_order,
                                                 [&](long value) { total += value; });
  tbb::parallel_pipeline(8, source & work & sink);
  std::printf("total %ld, counter %ld\n", total, racy_counter);
  return 0;
}
