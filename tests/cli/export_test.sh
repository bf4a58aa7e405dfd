#!/usr/bin/env bash
# Export formats for apps and packagers, one CTest case per function:
# tests/cli/export_test.sh CASE BINARY. The app pack (--format sqlite), the Kaggle CSV, --columns,
# line ends, --limit 0 and the option names in --help; what -o PATH may replace and how its
# failures are told (src/cli/output_file.h).
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
SHARED_DATA="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/../shared/data"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# The corpus's rating in SE units, as every export writes it.
SE_RATING="printf('%.1f', rating)"

# The app pack: one rollback-journal SQLite file, its puzzles equal to the corpus's, at most
# 225 bytes a puzzle, found by level without a join or a scan.
case_pack() {
  need sqlite3
  "$BIN" generate --db c.db --count 5000 --seed 1 --threads 2 --quiet || fail generate
  "$BIN" export --db c.db --format sqlite -o app.db 2>err.txt || fail "export --format sqlite"
  [ -s app.db ] || fail "no app.db"
  # It says what it wrote: how many, where, how large.
  [ "$(cat err.txt)" = "sudoku-corpus: wrote 5000 puzzles to 'app.db' ($(($(wc -c <app.db) / 1000)) KB)" ] ||
    fail "stderr: $(cat err.txt)"
  for f in app.db-wal app.db-shm app.db-journal app.db.tmp-*; do
    [ ! -e "$f" ] || fail "$f left beside the pack"
  done
  [ "$(sqlite3 -readonly app.db 'pragma integrity_check')" = ok ] || fail "integrity_check"
  [ "$(sqlite3 -readonly app.db 'pragma journal_mode')" = delete ] || fail "not a rollback journal"
  [ "$(od -An -tu1 -j18 -N2 app.db | tr -s ' ')" = " 1 1" ] || fail "the header says WAL"
  [ "$(sqlite3 -readonly app.db 'pragma user_version')" = 2 ] || fail "user_version"
  [ "$(sqlite3 -readonly app.db 'pragma application_id')" = 1396985931 ] || fail "application_id"
  [ "$(sqlite3 -readonly app.db "select group_concat(name) from pragma_table_info('puzzles')")" = \
    id,givens,solution,rating,ep,ed,level,clues,hardest,techniques,hints ] || fail "puzzles columns"
  # 200 bytes, and the technique columns' 6, their table's page and EP and ED's 16
  # (docs/corpus.md).
  local bytes=$(($(wc -c <app.db) / 5000))
  [ "$bytes" -le 225 ] || fail "$bytes bytes a puzzle, more than 225"
  # Row for row the corpus's puzzles, the rating in SE units and the level by name.
  sqlite3 c.db "select id, givens, solution, $SE_RATING, level, clues from puzzles order by id" >want.txt
  sqlite3 -readonly app.db "select id, givens, solution, printf('%.1f', rating), name, clues
    from puzzles join levels using (level) order by id" >got.txt
  [ "$(wc -l <got.txt)" -eq 5000 ] || fail "the pack holds $(wc -l <got.txt) puzzles"
  cmp -s want.txt got.txt || fail "pack rows differ: $(diff want.txt got.txt | head -3)"
  sqlite3 c.db "select level, count(*) from puzzles group by level order by level" >want.txt
  sqlite3 -readonly app.db "select name, puzzles from levels where puzzles > 0 order by name" >got.txt
  cmp -s want.txt got.txt || fail "level counts: $(diff want.txt got.txt)"
  [ "$(sqlite3 -readonly app.db "select min_rating || '-' || max_rating from levels where name = 'easy'")" = 1.3-2.3 ] ||
    fail "easy band"
  [ "$(sqlite3 -readonly app.db "select value from meta where key = 'puzzles'")" = 5000 ] || fail "meta puzzles"
  [ "$(sqlite3 -readonly app.db "select value from meta where key = 'source'")" = c.db ] || fail "meta source"
  # The query docs/corpus.md gives apps: one easy puzzle, by the primary key.
  local query="select givens from puzzles where level = (select level from levels where name = 'easy')
    order by random() limit 1"
  local easy
  easy="$(sqlite3 -readonly app.db "$query")"
  [ "$(sqlite3 c.db "select level from puzzles where givens = '$easy'")" = easy ] || fail "easy query: $easy"
  sqlite3 -readonly app.db "explain query plan $query" | grep -q 'SEARCH puzzles USING PRIMARY KEY (level=?)' ||
    fail "a query by level scans: $(sqlite3 app.db "explain query plan $query")"
  # By id alone, SQLite skip-scans the key (sqlite_stat1) instead of reading the whole table.
  sqlite3 -readonly app.db "explain query plan select givens from puzzles where id = 7" |
    grep -q 'SEARCH puzzles USING PRIMARY KEY (ANY(level) AND ANY(rating) AND id=?)' ||
    fail "a query by id scans: $(sqlite3 app.db "explain query plan select givens from puzzles where id = 7")"
  # Filters and sampling select what the other formats select.
  "$BIN" export --db c.db --format sqlite --level hard --sample 40 --seed 3 -o hard.db || fail "filtered pack"
  "$BIN" export --db c.db --format lines --columns id,givens --level hard --sample 40 --seed 3 >want.txt
  sqlite3 -readonly hard.db "select id || ' ' || givens from puzzles order by id" >got.txt
  [ "$(wc -l <got.txt)" -eq 40 ] && cmp -s want.txt got.txt || fail "filtered pack differs"
  [ "$(sqlite3 -readonly hard.db "select value from meta where key = 'filter'")" = \
    "--level hard --sample 40 --seed 3" ] || fail "meta filter"
  # No pack on standard output, and never over the corpus.
  expect_one_line_error 2 "$BIN" export --db c.db --format sqlite
  grep -q -- '-o FILE' err.txt || fail "$(cat err.txt)"
  local before
  before="$(cksum <c.db)"
  expect_one_line_error 2 "$BIN" export --db c.db --format sqlite -o ./c.db
  expect_one_line_error 2 "$BIN" export --db c.db --format csv -o c.db
  [ "$(cksum <c.db)" = "$before" ] || fail "the corpus was changed"
  # A pack that cannot be written leaves no file, and an older pack as it was.
  cp app.db old.db
  (ulimit -f 200; trap '' XFSZ; "$BIN" export --db c.db --format sqlite -o old.db) 2>err.txt
  [ $? -eq 1 ] || fail "a pack that could not be written must exit 1: $(cat err.txt)"
  grep -q '^sudoku-corpus: old.db: ' err.txt || fail "the error does not name old.db: $(cat err.txt)"
  cmp -s app.db old.db || fail "a failed export changed the existing pack"
  (ulimit -f 200; trap '' XFSZ; "$BIN" export --db c.db --format sqlite -o new.db) 2>/dev/null
  [ ! -e new.db ] || fail "a failed export left new.db"
  ! ls ./*.tmp-* 2>/dev/null || fail "a failed export left temporary files"
}

# Kaggle CSV: the header and cells of the best-known Kaggle corpora, read back by solve.
case_kaggle() {
  need sqlite3
  "$BIN" generate --db c.db --count 200 --seed 2 --quiet || fail generate
  "$BIN" export --db c.db --format kaggle -o k.csv || fail "export --format kaggle"
  [ "$(head -1 k.csv)" = quizzes,solutions ] || fail "header: $(head -1 k.csv)"
  [ "$(grep -c $'\r' k.csv)" -eq 0 ] || fail "CR in a kaggle export"
  [ "$(tail -n +2 k.csv | grep -cE '^[0-9]{81},[1-9]{81}$')" -eq 200 ] || fail "kaggle rows"
  sqlite3 c.db "select replace(givens, '.', '0') || ',' || solution from puzzles order by id" |
    cmp -s - <(tail -n +2 k.csv) || fail "kaggle rows differ from the corpus"
  # The quizzes solve to the solutions beside them, each the only one.
  tail -n +2 k.csv | cut -d, -f1 >quizzes.txt
  "$BIN" solve quizzes.txt | awk '{print $3, $2}' >solved.txt || fail solve
  tail -n +2 k.csv | cut -d, -f2 | sed 's/$/ 1/' >want.txt
  cmp -s want.txt solved.txt || fail "solve disagrees: $(diff want.txt solved.txt | head -3)"
  # Its shape is that of the Kaggle file in ../shared/data, when there is one.
  local ref="$SHARED_DATA/kaggle_bryanpark_first10k.csv"
  if [ -r "$ref" ]; then
    [ "$(head -1 "$ref")" = "$(head -1 k.csv)" ] || fail "header differs from $ref"
    [ "$(sed -n 2p "$ref" | grep -cE '^[0-9]{81},[1-9]{81}$')" -eq 1 ] || fail "$ref row shape"
  fi
  "$BIN" export --db c.db --format kaggle --crlf --limit 3 >crlf.csv || fail "--crlf"
  [ "$(grep -c $'\r$' crlf.csv)" -eq 4 ] || fail "--crlf: $(od -c crlf.csv | head -3)"
}

# --columns for csv, jsonl and lines; LF line ends by default; ratings in SE units.
case_columns() {
  need sqlite3
  "$BIN" generate --db c.db --count 300 --seed 3 --quiet || fail generate
  "$BIN" export --db c.db --format csv --columns givens,rating,level >out.csv || fail "csv --columns"
  sqlite3 -csv -header c.db "select givens, $SE_RATING as rating, level from puzzles order by id" >want.csv
  cmp -s out.csv want.csv || fail "csv --columns: $(diff out.csv want.csv | head -3)"
  # Default CSV: every column, LF line ends; --crlf for RFC 4180's CRLF.
  "$BIN" export --db c.db --format csv >all.csv || fail "csv"
  [ "$(grep -c $'\r' all.csv)" -eq 0 ] || fail "default CSV has CR"
  [ "$(head -1 all.csv)" = id,run_id,givens,solution,clues,freedom,level,symmetry,grid_method,dig_order,canonical,clue_level,rating,ep,ed,hardest,guesses ] ||
    fail "default CSV header: $(head -1 all.csv)"
  "$BIN" export --db c.db --format csv --crlf >crlf.csv || fail "csv --crlf"
  [ "$(grep -c $'\r$' crlf.csv)" -eq 301 ] || fail "--crlf"
  tr -d '\r' <crlf.csv | cmp -s - all.csv || fail "--crlf changed more than line ends"
  # JSON Lines: the fields named, in that order; the rating is SE (6.6), as in CSV.
  "$BIN" export --db c.db --columns rating,id --limit 50 >out.jsonl || fail "jsonl --columns"
  sqlite3 c.db "select '{\"rating\":' || $SE_RATING || ',\"id\":' || id || '}' from puzzles order by id limit 50" |
    cmp -s - out.jsonl || fail "jsonl --columns: $(head -2 out.jsonl)"
  # lines: the givens alone by default; --columns givens,solution gives "givens solution".
  "$BIN" export --db c.db --format lines --columns givens,solution >out.txt || fail "lines --columns"
  sqlite3 c.db "select givens || ' ' || solution from puzzles order by id" | cmp -s - out.txt ||
    fail "lines --columns: $(head -1 out.txt)"
  # Bad names are refused, naming the name and the valid ones.
  expect_one_line_error 2 "$BIN" export --db c.db --format csv --columns givens,colour
  grep -q "'colour': unknown column; use id, run_id, givens" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" export --db c.db --columns id,givens,id
  expect_one_line_error 2 "$BIN" export --db c.db --columns givens,
  expect_one_line_error 2 "$BIN" export --db c.db --format kaggle --columns givens
  expect_one_line_error 2 "$BIN" export --db c.db --format sqlite --columns givens -o p.db
  expect_one_line_error 2 "$BIN" export --db c.db --format jsonl --crlf
  [ ! -e p.db ] || fail "a refused export wrote p.db"
}

# --limit 0 exports nothing, in every format: no puzzle, only a header or an empty pack.
case_limit_zero() {
  need sqlite3
  "$BIN" generate --db c.db --count 50 --seed 4 --quiet || fail generate
  [ "$("$BIN" export --db c.db --limit 0 | wc -c)" -eq 0 ] || fail "jsonl --limit 0"
  [ "$("$BIN" export --db c.db --format lines --limit 0 | wc -c)" -eq 0 ] || fail "lines --limit 0"
  [ "$("$BIN" export --db c.db --format kaggle --limit 0)" = quizzes,solutions ] || fail "kaggle --limit 0"
  [ "$("$BIN" export --db c.db --format csv --limit 0 | wc -l)" -eq 1 ] || fail "csv --limit 0"
  "$BIN" export --db c.db --format sqlite --limit 0 -o none.db || fail "sqlite --limit 0"
  [ "$(sqlite3 -readonly none.db 'select count(*) from puzzles')" = 0 ] || fail "sqlite --limit 0 wrote puzzles"
  [ "$(sqlite3 -readonly none.db "select value from meta where key = 'puzzles'")" = 0 ] || fail "meta"
}

# --help names each option's value and lists the formats.
case_help() {
  "$BIN" export --help >help.txt || fail "export --help"
  for want in '--limit N' '--sample N' '--columns LIST' '-o,--output FILE' '--crlf' \
              '-f,--format FORMAT:{jsonl,csv,lines,kaggle,sqlite,pdf,svg}'; do
    grep -qF -- "$want" help.txt || fail "export --help lacks '$want': $(cat help.txt)"
  done
}

# -o through a symlink writes the file it names and keeps the link, also a dangling one.
case_output_symlink() {
  "$BIN" generate --db c.db --count 30 --seed 5 --quiet || fail generate
  "$BIN" export --db c.db --format lines -o want.txt || fail "export"
  mkdir real
  echo old >real/target.txt
  ln -s real/target.txt link.txt
  "$BIN" export --db c.db --format lines -o link.txt || fail "export through a symlink"
  [ -L link.txt ] || fail "the symlink was replaced by a file"
  cmp -s want.txt real/target.txt || fail "the symlink's target was not written"
  chmod 640 real/target.txt
  "$BIN" export --db c.db --format lines -o link.txt || fail "export through a symlink again"
  [ "$(stat -c %a real/target.txt)" = 640 ] || fail "the target's mode became $(stat -c %a real/target.txt)"
  ln -s ../real/new.txt real/dangling.txt  # relative to the link's folder
  "$BIN" export --db c.db --format sqlite -o real/dangling.txt || fail "export through a dangling symlink"
  [ -L real/dangling.txt ] && [ -s real/new.txt ] || fail "the dangling symlink's file was not made"
  [ "$(ls real | grep -c '\.tmp-')" -eq 0 ] || fail "temporary files left: $(ls real)"
}

# A character device and a FIFO are written in place and stay what they are: nothing is
# renamed over them; /dev/full says why it cannot be written.
case_output_device() {
  "$BIN" generate --db c.db --count 30 --seed 5 --quiet || fail generate
  "$BIN" export --db c.db --format lines -o want.txt || fail "export"
  mkfifo fifo
  cat fifo >got.txt &
  local reader=$!
  "$BIN" export --db c.db --format lines -o fifo || { kill "$reader"; fail "export to a FIFO"; }
  [ -p fifo ] || { kill "$reader"; fail "the FIFO was replaced"; }
  wait "$reader"
  cmp -s want.txt got.txt || fail "the FIFO's reader got other lines"
  expect_one_line_error 2 "$BIN" export --db c.db --format sqlite -o fifo
  [ -p fifo ] || fail "the FIFO was replaced by a pack"
  expect_one_line_error 1 "$BIN" export --db c.db -o /dev/full
  grep -qF "cannot write '/dev/full': No space left on device" err.txt || fail "$(cat err.txt)"
  [ -c /dev/full ] || fail "/dev/full is no longer a device"
  if [ "$(id -u)" -eq 0 ]; then  # a null device of our own, as root may replace /dev/null
    mknod null c 1 3 || fail "mknod"
    "$BIN" export --db c.db -o null || fail "export to a null device"
    [ -c null ] || fail "the device was replaced by a file"
    [ "$(ls | grep -c '\.tmp-')" -eq 0 ] || fail "temporary files left: $(ls)"
  fi
}

# The side files of a SQLite database are never written: its WAL, its shared memory, its journal.
case_output_side_files() {
  "$BIN" generate --db c.db --count 30 --seed 5 --quiet || fail generate
  "$BIN" generate --db other.db --count 10 --seed 6 --quiet || fail generate
  local side
  for side in c.db-wal c.db-shm c.db-journal other.db-wal; do
    expect_one_line_error 2 "$BIN" export --db c.db -o "$side"
    grep -q "side file of the SQLite database" err.txt || fail "$side: $(cat err.txt)"
    [ ! -e "$side" ] || fail "$side was written"
  done
  ln -s c.db-wal wal-link
  expect_one_line_error 2 "$BIN" export --db c.db --format sqlite -o wal-link
  [ ! -e c.db-wal ] || fail "c.db-wal was written through a symlink"
  "$BIN" verify --db c.db >/dev/null || fail "the corpus does not verify"
  "$BIN" export --db c.db -o lonely.db-wal || fail "-wal of no database is an ordinary name"
}

# A name that cannot be written is refused before the corpus is read (here: it does not exist),
# with the reason; nothing is left behind.
case_output_checked_first() {
  mkdir folder
  expect_one_line_error 2 "$BIN" export --db missing.db -o ""
  grep -q -- "-o needs a file name" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" export --db missing.db -o folder
  grep -q "is a folder" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" export --db missing.db -o nowhere/x.jsonl
  grep -qF "cannot write 'nowhere/x.jsonl': No such file or directory" err.txt || fail "$(cat err.txt)"
  [ -z "$(ls folder)" ] && [ "$(ls | grep -c '\.tmp-')" -eq 0 ] || fail "files left: $(ls . folder)"
  expect_one_line_error 1 "$BIN" solve missing.txt
  grep -qF "cannot open 'missing.txt' for reading: No such file or directory" err.txt ||
    fail "$(cat err.txt)"
  # Standard output that cannot take the export says why.
  "$BIN" generate --db c.db --count 30 --seed 5 --quiet || fail generate
  "$BIN" export --db c.db >/dev/full 2>err.txt
  [ $? -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] || fail "export >/dev/full: $(cat err.txt)"
  grep -qF "cannot write standard output: No space left on device" err.txt || fail "$(cat err.txt)"
}

# SIGTERM, and SIGINT (Ctrl-C), during an export remove its temporary file; an existing output
# stays as it was.
case_output_interrupt() {
  "$BIN" generate --db c.db --count 100000 --seed 5 --clues 55-60 --quiet || fail generate
  echo old >out.jsonl
  set -m  # background jobs get SIGINT as a foreground one would
  local signal pid code try
  for signal in TERM INT; do
    for try in 1 2 3; do
      "$BIN" export --db c.db --columns givens,solution,techniques -o out.jsonl &
      pid=$!
      while kill -0 "$pid" 2>/dev/null && ! compgen -G 'out.jsonl.tmp-*' >/dev/null; do :; done
      kill -"$signal" "$pid" 2>/dev/null
      wait "$pid"
      code=$?
      [ "$code" -eq 0 ] || break  # else the export ended before the signal: again
      echo old >out.jsonl
    done
    [ "$code" -eq $((128 + $(kill -l "$signal"))) ] || fail "SIG$signal: exit code $code"
    [ "$(ls | grep -c '\.tmp-')" -eq 0 ] || fail "SIG$signal left temporary files: $(ls)"
    [ "$(cat out.jsonl)" = old ] || fail "SIG$signal changed the existing output"
  done
  # SIGKILL leaves the temporary file; the next export to that path removes it and says so,
  # but not the one of an export still running (it holds its file locked).
  "$BIN" export --db c.db --columns givens,solution,techniques -o out.jsonl &
  pid=$!
  while kill -0 "$pid" 2>/dev/null && ! compgen -G 'out.jsonl.tmp-*' >/dev/null; do :; done
  kill -KILL "$pid" 2>/dev/null
  wait "$pid"
  local left
  left="$(compgen -G 'out.jsonl.tmp-*')" || fail "SIGKILL left no temporary file to test with"
  echo live >out.jsonl.tmp-LiVe00
  need flock
  exec 9<>out.jsonl.tmp-LiVe00  # held locked by this shell, as a live export holds its file
  flock 9 || fail "flock"
  "$BIN" export --db c.db --limit 1 -o out.jsonl 2>err.txt 9>&- || fail "export after SIGKILL"
  exec 9>&-
  [ ! -e "$left" ] || fail "the leftover $left is still there"
  grep -q "removed '$left', left by an export that was killed" err.txt || fail "$(cat err.txt)"
  [ -e out.jsonl.tmp-LiVe00 ] || fail "removed a temporary file another export holds"
  [ "$(wc -l <out.jsonl)" -eq 1 ] || fail "out.jsonl: $(wc -l <out.jsonl) lines"
}

"case_$CASE"
