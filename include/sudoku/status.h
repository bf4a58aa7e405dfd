// Status: the outcome of a fallible operation at a library boundary. OK, or an error with a code
// (what kind of failure, for callers that decide by it) and a message that carries the real cause
// (SQLite's own message, the file path, the field and value at fault) in one line a person can
// act on. Library messages name things (`clue band 5-10`, `x.db`), never command-line flags: the
// CLI maps them. Expected outcomes ("not unique", "duplicate") are values, not errors.
// Value type; thread-compatible.
#ifndef SUDOKU_STATUS_H_
#define SUDOKU_STATUS_H_

#include <string>
#include <string_view>
#include <utility>

namespace sudoku {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,  // a value out of range or inconsistent with another (caller's mistake)
  kNotFound,         // a file, run or row that does not exist
  kCorruption,       // a file that is not a corpus, or a damaged one
  kNotSupported,     // a corpus of a newer schema, or a SQLite build without a needed feature
  kBusy,             // another process holds the database
  kIoError,          // reading or writing failed (disk full, read-only file, SQLite I/O error)
  kInternal,         // a broken invariant: a bug, or a file changed behind our back
};

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  static Status Ok() { return Status(); }
  static Status InvalidArgument(std::string message) {
    return Status(StatusCode::kInvalidArgument, std::move(message));
  }
  static Status NotFound(std::string message) {
    return Status(StatusCode::kNotFound, std::move(message));
  }
  static Status Corruption(std::string message) {
    return Status(StatusCode::kCorruption, std::move(message));
  }
  static Status NotSupported(std::string message) {
    return Status(StatusCode::kNotSupported, std::move(message));
  }
  static Status Busy(std::string message) { return Status(StatusCode::kBusy, std::move(message)); }
  static Status IoError(std::string message) {
    return Status(StatusCode::kIoError, std::move(message));
  }
  static Status Internal(std::string message) {
    return Status(StatusCode::kInternal, std::move(message));
  }
  // An error of `code` (REQUIRES: code != kOk).
  static Status FromCode(StatusCode code, std::string message) {
    return Status(code, std::move(message));
  }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

  // The same error with `more` appended to its message ("; then ..." style context).
  // REQUIRES: !ok().
  Status Append(std::string_view more) const { return Status(code_, message_ + std::string(more)); }

 private:
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

}  // namespace sudoku

#endif  // SUDOKU_STATUS_H_
