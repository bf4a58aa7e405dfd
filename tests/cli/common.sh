# Shared by the CLI test scripts (sourced): failing, skipping, and the one-line error check.
fail() { echo "FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || { echo "SKIP: $1 not installed" >&2; exit 77; }; }
# expect_one_line_error CODE CMD...: CMD exits with CODE and prints exactly one line on stderr.
expect_one_line_error() {
  local want="$1"
  shift
  "$@" >out.txt 2>err.txt
  local got=$?
  [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want; stderr: $(cat err.txt)"
  [ "$(wc -l <err.txt)" -eq 1 ] || fail "'$*' printed $(wc -l <err.txt) lines on stderr: $(cat err.txt)"
  grep -q '^sudoku-corpus: ' err.txt || fail "error line lacks the program name: $(cat err.txt)"
}
count_rows() { sqlite3 "$1" "$2"; }
