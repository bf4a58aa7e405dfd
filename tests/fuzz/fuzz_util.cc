#include "fuzz_util.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <streambuf>
#include <string>

namespace sudoku::fuzz {
namespace {

// A stream buffer that accepts and drops everything.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

std::string MakeScratchFolder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern =
      std::string(tmp != nullptr && tmp[0] != '\0' ? tmp : "/tmp") + "/sudoku-fuzz-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) {
    std::perror("sudoku fuzz: mkdtemp");
    std::abort();
  }
  static std::string folder;
  folder = pattern;
  std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(folder, ignored);
  });
  return pattern;
}

}  // namespace

std::string ScratchPath(const std::string& name) {
  static const std::string folder = MakeScratchFolder();
  return folder + "/" + name;
}

void WriteFile(const std::string& path, const uint8_t* data, size_t size) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr || (size > 0 && std::fwrite(data, 1, size, file) != size) ||
      std::fclose(file) != 0) {
    std::perror(("sudoku fuzz: cannot write " + path).c_str());
    std::abort();
  }
}

void SilenceOutput() {
  static NullBuffer null_buffer;
  std::cout.rdbuf(&null_buffer);
  std::cerr.rdbuf(&null_buffer);
  if (std::freopen("/dev/null", "w", stdout) == nullptr) {
    std::perror("sudoku fuzz: /dev/null");
    std::abort();
  }
}

void Check(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "sudoku fuzz: invariant broken: %s\n", what);
  std::abort();
}

}  // namespace sudoku::fuzz
