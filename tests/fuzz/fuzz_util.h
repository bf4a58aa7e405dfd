// Helpers shared by the fuzz targets: a scratch folder for inputs that the code under test reads
// from a file (as the commands do), and silenced standard streams.
#ifndef SUDOKU_TESTS_FUZZ_FUZZ_UTIL_H_
#define SUDOKU_TESTS_FUZZ_FUZZ_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace sudoku::fuzz {

// The path of `name` in this process's scratch folder ($TMPDIR or /tmp), made on first use and
// removed at a normal exit (one folder per process, so parallel fuzzing jobs do not collide).
std::string ScratchPath(const std::string& name);

// Replaces the file at `path` with the `size` bytes at `data`. Aborts when it cannot: a target
// that silently tested nothing would look like a clean run.
void WriteFile(const std::string& path, const uint8_t* data, size_t size);

// Sends std::cout, std::cerr and stdout to nowhere. The commands under test print a line per
// input line, which would bury libFuzzer's own output and slow every run; libFuzzer and the
// sanitizers write their reports to file descriptor 2 directly, so those still show.
void SilenceOutput();

// Aborts with `what` on stderr when `condition` is false: a broken invariant is a finding.
void Check(bool condition, const char* what);

}  // namespace sudoku::fuzz

#endif  // SUDOKU_TESTS_FUZZ_FUZZ_UTIL_H_
