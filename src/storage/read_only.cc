// Read-only opening of a corpus: see read_only.h.
#include "storage/read_only.h"

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <system_error>

namespace sudoku::storage_internal {
namespace {

// True when SQLite could not create the WAL's companion files of `path` and none exist.
bool CannotHaveWalFiles(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(path + "-wal", ec) || fs::exists(path + "-shm", ec)) return false;
  const fs::path parent = fs::path(path).parent_path();
  const std::string dir = parent.empty() ? "." : parent.string();
  return access(dir.c_str(), W_OK) != 0;
}

}  // namespace

std::string ReadOnlyUri(const std::string& path) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      static constexpr char kHex[] = "0123456789ABCDEF";
      const auto byte = static_cast<unsigned char>(c);
      uri += '%';
      uri += kHex[byte >> 4];
      uri += kHex[byte & 15];
    } else {
      uri += c;
    }
  }
  return uri + (CannotHaveWalFiles(path) ? "?immutable=1" : "?mode=ro");
}

int OpenReadOnly(const std::string& path, int flags, sqlite3** db) {
  return sqlite3_open_v2(ReadOnlyUri(path).c_str(), db,
                         SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | flags, nullptr);
}

}  // namespace sudoku::storage_internal
