// Status: the outcome of a fallible operation (I/O, storage). OK, or an error message that
// carries the real cause (SQLite's own message, the file path) in one line a person can act on.
// Value type; thread-compatible.
#ifndef SUDOKU_STATUS_H_
#define SUDOKU_STATUS_H_

#include <string>
#include <utility>

namespace sudoku {

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  static Status Ok() { return Status(); }
  static Status Error(std::string message) { return Status(std::move(message)); }

  bool ok() const { return !failed_; }
  const std::string& message() const { return message_; }

 private:
  explicit Status(std::string message) : failed_(true), message_(std::move(message)) {}
  bool failed_ = false;
  std::string message_;
};

}  // namespace sudoku

#endif  // SUDOKU_STATUS_H_
