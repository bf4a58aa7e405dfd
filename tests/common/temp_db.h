// A unique database path in the temp folder for one test, removed with its companion files
// (-wal, -shm, -journal, -lock) before and after the test.
#ifndef SUDOKU_TESTS_TEMP_DB_H_
#define SUDOKU_TESTS_TEMP_DB_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

namespace sudoku::testing {

class TempDb {
 public:
  // `prefix` tells the suites' files apart in the temp folder.
  explicit TempDb(const std::string& prefix) {
    static std::atomic<int> counter{0};
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = (std::filesystem::temp_directory_path() /
             (prefix + "_" + std::to_string(getpid()) + "_" + test->name() + "_" +
              std::to_string(counter++) + ".db"))
                .string();
    Remove();
  }
  ~TempDb() { Remove(); }
  TempDb(const TempDb&) = delete;
  TempDb& operator=(const TempDb&) = delete;
  const std::string& path() const { return path_; }

 private:
  void Remove() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal", "-lock"}) {
      std::filesystem::remove(path_ + suffix, ec);
    }
  }
  std::string path_;
};

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_TEMP_DB_H_
