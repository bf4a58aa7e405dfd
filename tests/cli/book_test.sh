#!/usr/bin/env bash
# Puzzle books, `export --format pdf|svg`, one CTest case per function:
# tests/cli/book_test.sh CASE BINARY. The PDF is read back with poppler-utils (pdfinfo for the
# page count, pdftotext -layout for the digits of each grid row); the SVG folder is counted and
# one file read.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# pages FILE: the page count pdfinfo reports.
pages() { pdfinfo "$1" | awk '/^Pages:/ { print $2 }'; }

# A corpus of 30 puzzles, made once per case.
make_corpus() { "$BIN" generate --db c.db --count 30 --seed 5 --quiet || fail generate; }

# ceil A B
ceil() { echo $((($1 + $2 - 1) / $2)); }

# N puzzles at each --per-page: ceil(N / per-page) puzzle pages, then ceil(N / 12) solution
# pages, or none with --no-solutions; no puzzle makes one page.
case_pages() {
  need pdfinfo
  make_corpus
  local per n want
  for per in 1 2 4 6; do
    for n in 1 7 13; do
      "$BIN" export --db c.db --format pdf --per-page "$per" --limit "$n" -o b.pdf ||
        fail "pdf --per-page $per --limit $n"
      want=$(($(ceil "$n" "$per") + $(ceil "$n" 12)))
      [ "$(pages b.pdf)" = "$want" ] || fail "$n puzzles, $per a page: $(pages b.pdf) pages, not $want"
      "$BIN" export --db c.db --format pdf --per-page "$per" --limit "$n" --no-solutions -o b.pdf ||
        fail "pdf --no-solutions"
      want=$(ceil "$n" "$per")
      [ "$(pages b.pdf)" = "$want" ] || fail "$n puzzles, $per a page, no solutions: $(pages b.pdf), not $want"
    done
  done
  "$BIN" export --db c.db --format pdf --paper letter -o letter.pdf || fail "--paper letter"
  pdfinfo letter.pdf | grep -q 'Page size: *612 x 792 pts' || fail "letter: $(pdfinfo letter.pdf)"
  pdfinfo b.pdf | grep -q 'Page size: *595.2' || fail "a4: $(pdfinfo b.pdf)"
  "$BIN" export --db c.db --format pdf --limit 0 -o none.pdf || fail "pdf --limit 0"
  [ "$(pages none.pdf)" = 1 ] || fail "an empty book has $(pages none.pdf) pages"
  for f in *.tmp-*; do [ ! -e "$f" ] || fail "$f left behind"; done
}

# expected_rows PER COLUMNS PAGE: the digits pdftotext -layout should give for the grid rows of
# PAGE (1-based), one line per row of the slots side by side, the givens of puzzles.txt.
expected_rows() {
  awk -v per="$1" -v cols="$2" -v page="$3" '
    { puzzle[NR] = $1 }
    END {
      first = (page - 1) * per + 1
      for (slot_row = 0; slot_row * cols < per; slot_row++) {
        for (r = 0; r < 9; r++) {
          line = ""
          for (c = 0; c < cols; c++) {
            k = first + slot_row * cols + c
            if (k in puzzle) { row = substr(puzzle[k], r * 9 + 1, 9); gsub(/[.0]/, "", row); line = line row }
          }
          if (line != "") print line
        }
      }
    }' puzzles.txt
}

# Each puzzle's givens, in the right rows of its page: every line of a page that holds only digits
# is one grid row (of the grids side by side), in order.
case_givens() {
  need pdftotext
  make_corpus
  "$BIN" export --db c.db --format lines --sample 11 --seed 2 >puzzles.txt || fail lines
  local per cols page
  for per in 1 2 4 6; do
    cols=1
    [ "$per" -ge 4 ] && cols=2
    "$BIN" export --db c.db --format pdf --per-page "$per" --sample 11 --seed 2 --title "Test book" \
      -o b.pdf || fail "pdf --per-page $per"
    for ((page = 1; page <= $(ceil 11 "$per"); page++)); do
      pdftotext -layout -f "$page" -l "$page" b.pdf - | grep -E '^[ 1-9]+$' | tr -d ' ' >got.txt
      expected_rows "$per" "$cols" "$page" >want.txt
      cmp -s got.txt want.txt ||
        fail "$per a page, page $page: $(diff want.txt got.txt | head -5)"
      pdftotext -f "$page" -l "$page" b.pdf - | grep -q '^Test book$' || fail "no title on page $page"
    done
  done
  # Captions: each puzzle's number, level and SE rating, as `export` gives them.
  pdftotext b.pdf - >text.txt
  "$BIN" export --db c.db --format csv --columns level,rating --sample 11 --seed 2 | tail -n +2 |
    awk -F, '{ printf "No. %d · %s · SE %s\n", NR, $1, $2 }' >captions.txt
  while read -r caption; do
    grep -qF "$caption" text.txt || fail "no caption '$caption'"
  done <captions.txt
  grep -q 'Test book · Solutions' text.txt || fail "no solution pages"
}

# --per-page 5 is a bad command line (2); an unwritable path (1) and a full disk (1) leave no
# file; book options with another format, and a PDF on standard output, are refused.
case_errors() {
  make_corpus
  expect_one_line_error 2 "$BIN" export --db c.db --format pdf --per-page 5 -o b.pdf
  grep -q -- '--per-page' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" export --db c.db --format pdf
  expect_one_line_error 2 "$BIN" export --db c.db --format csv --per-page 2
  expect_one_line_error 2 "$BIN" export --db c.db --format svg --no-solutions -o d
  expect_one_line_error 2 "$BIN" export --db c.db --format pdf --paper a5 -o b.pdf
  expect_one_line_error 1 "$BIN" export --db c.db --format pdf -o no-such-folder/b.pdf
  grep -qF "no-such-folder/b.pdf" err.txt || fail "$(cat err.txt)"
  # A disk that fills up (a file size limit of 48 KiB, more than SQLite's 32 KiB -shm file, less
  # than the 70 KiB book of 30 puzzles) fails the book and keeps the old file.
  echo old >b.pdf
  (ulimit -f 48; trap '' XFSZ; "$BIN" export --db c.db --format pdf --per-page 1 -o b.pdf) \
    >out.txt 2>err.txt
  local code=$?
  [ "$code" -eq 1 ] || fail "full disk: exit $code; $(cat err.txt)"
  [ "$(wc -l <err.txt)" -eq 1 ] && grep -q "^sudoku-corpus: .*b.pdf" err.txt || fail "$(cat err.txt)"
  [ "$(cat b.pdf)" = old ] || fail "the old b.pdf was changed"
  ls -A | grep -q '\.tmp-' && fail "temporary files left: $(ls -A)"
  [ ! -e d ] || fail "a refused svg export made d"
}

# One SVG a puzzle, NNNN.svg, in a folder made whole; each file the grid and its givens.
case_svg() {
  make_corpus
  "$BIN" export --db c.db --format svg --limit 12 -o web || fail "svg"
  [ "$(ls web | wc -l)" = 12 ] || fail "$(ls web | wc -l) files"
  [ "$(ls web | head -1)" = 0001.svg ] && [ "$(ls web | tail -1)" = 0012.svg ] || fail "$(ls web)"
  head -c 200 web/0003.svg | grep -q '<svg' || fail "0003.svg is not SVG: $(head -c 200 web/0003.svg)"
  grep -q 'width="296px" height="296px"' web/0003.svg || fail "size: $(head -3 web/0003.svg)"
  # One glyph drawn per given (cairo draws text as <use> of glyph shapes).
  local givens drawn
  givens="$("$BIN" export --db c.db --format lines --limit 3 | tail -1 | tr -d '.\n' | wc -c)"
  drawn="$(grep -o '<use xlink:href="#glyph' web/0003.svg | wc -l)"
  [ "$givens" = "$drawn" ] || fail "0003.svg draws $drawn digits for $givens givens"
  # An existing folder that is not empty is refused and left as it was; no half folder remains.
  expect_one_line_error 1 "$BIN" export --db c.db --format svg --limit 2 -o web
  [ "$(ls web | wc -l)" = 12 ] || fail "web was changed"
  mkdir empty
  "$BIN" export --db c.db --format svg --limit 2 -o empty/ || fail "svg into an empty folder"
  [ "$(ls empty | wc -l)" = 2 ] || fail "empty/: $(ls empty)"
  ls -A | grep -q '\.tmp-' && fail "temporary folders left: $(ls -A)"
  return 0
}

"case_$CASE"
