#!/usr/bin/env bash
# The README's commands, and balanced corpora (`generate --level A,B,...`), one CTest case per
# function: tests/cli/readme_test.sh CASE BINARY.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# --- the README, as documentation tests ---

# README lines the test does not run, as "GLOB|why" (GLOB matches the whole command).
README_SKIPS=(
  'scripts/test.sh*|runs every test, this one among them'
  'cmake -S . -B build-deb*|a second full build (minutes); package.install and package.deb test these steps'
  'cmake --build build-deb*|a second full build (minutes); package.install and package.deb test these steps'
  '(cd build-deb*|installs system-wide; package.deb builds and unpacks the package, scripts/check-deb.sh installs it on a fresh Debian 12'
  'sudo cmake --install*|installs system-wide; package.install installs under a temporary prefix'
  'cd examples/player && npm ci && python3 -m http.server*|serves until stopped; player.browser plays the page in Chromium'
)
# README lines that need a program a machine may lack, as "GLOB|PROGRAM": skipped, and said so,
# where PROGRAM is not installed (scripts/test.sh installs them all).
README_NEEDS=(
  'scripts/parallel/*|parallel'
  'scripts/slurm/*|slurmctld'
  'scripts/slurm/*|munged'
)

# readme_commands FILE: prints "LINE<TAB>COMMAND" for each command of FILE's code blocks, in
# order: indented blocks (4 spaces or more after a blank line, in lists too) and fenced blocks
# of no language or a shell's. Blank lines and comments are dropped; a line ending in a
# backslash goes on with the next, under the first one's number.
readme_commands() {
  awk '
    function emit(n, text) {
      sub(/^[ \t]+/, "", text)
      if (pending != "") { text = pending " " text; n = pending_line; pending = "" }
      if (text ~ /\\$/) { pending = substr(text, 1, length(text) - 1); pending_line = n; return }
      if (text != "" && text !~ /^#/) printf "%d\t%s\n", n, text
    }
    /^[ \t]*```/ {
      if (!fenced) { fenced = 1; lang = $0; sub(/^[ \t]*```/, "", lang); shell = lang ~ /^(|sh|bash|shell|console)[ \t]*$/ }
      else fenced = 0
      indented = 0; blank = 0; next
    }
    fenced { if (shell) { line = $0; sub(/^[ \t]*\$ /, "", line); emit(NR, line) }; next }
    /^[ \t]*$/ { blank = 1; next }
    /^    / && (blank || indented) { indented = 1; blank = 0; emit(NR, $0); next }
    { indented = 0; blank = 0 }
  ' "$1"
}

# The checkout's files as a fresh clone has them (tracked and new ones, not ignored ones such
# as build folders and corpora), copied into $1.
copy_checkout() {
  mkdir -p "$1"
  if git -C "$REPO" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    local file
    git -C "$REPO" ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' file; do
        [ -e "$REPO/$file" ] && printf '%s\0' "$file"  # not a tracked file deleted since
      done | tar -C "$REPO" --null -T - -cf - | tar -C "$1" -xf - || fail "cannot copy $REPO"
  else
    tar -C "$REPO" --exclude='./build*' --exclude='*.db' --exclude='*.db-*' -cf - . |
      tar -C "$1" -xf - || fail "cannot copy $REPO"
  fi
}

# readme_skip COMMAND: prints why COMMAND is not run, or nothing.
readme_skip() {
  local entry glob
  for entry in "${README_SKIPS[@]}"; do
    glob="${entry%%|*}"
    # shellcheck disable=SC2053
    [[ "$1" == $glob ]] && { echo "${entry#*|}"; return; }
  done
  for entry in "${README_NEEDS[@]}"; do
    glob="${entry%%|*}"
    # shellcheck disable=SC2053
    [[ "$1" == $glob ]] && ! command -v "${entry#*|}" >/dev/null 2>&1 &&
      { echo "${entry#*|} is not installed"; return; }
  done
  if [[ "$1" == scripts/slurm/* ]] && [ -n "$SLURM_DOWN" ]; then echo "$SLURM_DOWN"; fi
}

# Runs every command of README.md, in order, from a fresh copy of the checkout, with
# scripts/run.sh and the scale-out scripts running BINARY (SUDOKU_CORPUS) instead of building.
# Fails at the first command that exits non-zero, naming its README line.
case_readme() {
  need sqlite3
  need gnuplot
  local copy="$WORK/checkout"
  copy_checkout "$copy"
  readme_commands "$copy/README.md" >commands.tsv
  [ "$(wc -l <commands.tsv)" -ge 10 ] || fail "found only $(wc -l <commands.tsv) README commands"
  SLURM_DOWN=""
  local line command why code start tenths skipped=() ran=0
  export SUDOKU_CORPUS="$BIN"
  # The one-node cluster of the Slurm lines: its configuration, and stopped however this ends.
  SLURM_CONF="$(realpath -m "${SUDOKU_SLURM_DIR:-/tmp/sudoku-slurm}")/slurm.conf"
  export SLURM_CONF
  trap 'grep -q "^scripts/slurm/local-cluster.sh start" ran.txt 2>/dev/null &&
          bash "$REPO/scripts/slurm/local-cluster.sh" stop >/dev/null 2>&1; rm -rf "$WORK"' EXIT
  while IFS=$'\t' read -r line command; do
    why="$(readme_skip "$command")"
    if [ -n "$why" ]; then
      skipped+=("README.md:$line: $command ($why)")
      continue
    fi
    echo "$command" >>ran.txt
    start=$(date +%s%N)
    (cd "$copy" && bash -o pipefail -c "$command") >out.txt 2>err.txt </dev/null
    code=$?
    tenths=$((($(date +%s%N) - start) / 100000000))
    echo "README.md:$line: $command ($((tenths / 10)).$((tenths % 10)) s)"
    if [ "$code" -ne 0 ] && [[ "$command" == "scripts/slurm/local-cluster.sh start"* ]]; then
      SLURM_DOWN="no one-node Slurm cluster here: $(tail -1 err.txt)"
      skipped+=("README.md:$line: $command ($SLURM_DOWN)")
      continue
    fi
    [ "$code" -eq 0 ] ||
      fail "README.md:$line: '$command' exited $code: $(tail -3 err.txt)"
    ran=$((ran + 1))
  done <commands.tsv
  echo "ran $ran README commands; skipped ${#skipped[@]}:"
  printf '  %s\n' "${skipped[@]}"
}

# --- balanced corpora: generate --level A,B,... ---

# Every stored column of every puzzle, by id, and the runs' identity and counts.
# "level count" per level of database $1, easiest first.
level_counts() {
  sqlite3 -separator ' ' "$1" 'select level, count(*) from puzzles group by level order by min(rating)'
}

# An equal number per level, one run per level, easiest first, the same at any thread count and
# from shards; lists in any order; refusals.
case_balanced() {
  need sqlite3
  local all="beginner easy medium hard expert extreme"
  "$BIN" generate --db t1.db --level all --count 600 --seed 3 --threads 1 >out.txt ||
    fail "generate --level all"
  [ "$(level_counts t1.db | tr '\n' ' ')" = "beginner 100 easy 100 medium 100 hard 100 expert 100 extreme 100 " ] ||
    fail "per level: $(level_counts t1.db | tr '\n' ' ')"
  [ "$(sqlite3 t1.db "select group_concat(json_extract(params, '$.level'), ' ') from runs order by id")" = "$all" ] ||
    fail "one run per level, easiest first: $(sqlite3 t1.db 'select id, params from runs')"
  [ "$(sqlite3 t1.db 'select count(*) from puzzles p join runs r on r.id = p.run_id
        where p.level <> json_extract(r.params, "$.level")')" -eq 0 ] || fail "a run holds another level"
  [ "$(sqlite3 t1.db "select count(distinct seed) from runs where seed <> '3'")" -eq 6 ] ||
    fail "each level needs a seed of its own: $(sqlite3 t1.db 'select seed from runs')"
  [ "$(grep -c '^[a-z]*: finished: 100 puzzles in ' out.txt)" -eq 6 ] || fail "summaries: $(cat out.txt)"
  grep -q '^finished: 600 puzzles of 6 levels in .* to t1.db, seed 3$' out.txt || fail "summary: $(cat out.txt)"
  "$BIN" generate --db t2.db --level all --count 600 --seed 3 --threads 2 --quiet || fail "--threads 2"
  same_corpus t1.db t2.db
  # The same runs, made by two shards and merged.
  "$BIN" generate --db s1.db --level all --count 600 --seed 3 --shard 1/2 --quiet || fail "shard 1/2"
  "$BIN" generate --db s2.db --level all --count 600 --seed 3 --shard 2/2 --quiet || fail "shard 2/2"
  "$BIN" merge --db m.db s1.db s2.db >/dev/null || fail "merge"
  same_corpus t1.db m.db
  # A list in any order is made easiest first; the first levels take what does not divide.
  "$BIN" generate --db o.db --level hard,easy --count 7 --seed 3 --quiet || fail "--level hard,easy"
  [ "$(level_counts o.db | tr '\n' ' ')" = "easy 4 hard 3 " ] || fail "hard,easy: $(level_counts o.db)"
  expect_one_line_error 2 "$BIN" generate --db e.db --level all --count 5
  grep -q -- '--count 5: less than one puzzle for each of 6 levels' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db e.db --level easy,easy
  grep -q 'easy is named twice' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db e.db --level easy,nope
  grep -q "'nope': unknown level" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db e.db --level easy,
  expect_one_line_error 2 "$BIN" generate --db e.db --level all --shard 1/2
  [ ! -e e.db ] || fail "a refused request created the database"
}

# Waits (up to ~20 s) until run $2 of database $1 has committed a batch.
wait_for_run_rows() {
  local written
  for _ in $(seq 400); do
    written=$(sqlite3 "$1" "select written from runs where id = $2" 2>/dev/null)
    [ -n "$written" ] && [ "$written" -gt 0 ] && return 0
    sleep 0.05
  done
  return 1
}

# A level set stopped any way is finished by `generate --resume`: the level it was making and
# the levels after it, the corpus an unstopped command writes, at any thread count.
case_balanced_resume() {
  need sqlite3
  local count per
  count=$(scaled 3000 1200)
  per=$((count / 6))
  local run=(--level all --count "$count" --seed 11)
  "$BIN" generate --db u.db "${run[@]}" --quiet || fail "uninterrupted"
  # SIGKILL while the hard level (run 4, the slowest) is being made.
  "$BIN" generate --db k.db "${run[@]}" --threads 1 --batch-size 50 --quiet &
  local pid=$!
  wait_for_run_rows k.db 4 || fail "run 4 committed no batch"
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  [ "$(sqlite3 k.db "select group_concat(status, ' ') from runs order by id")" = \
    "finished finished finished running" ] || fail "after SIGKILL: $(sqlite3 k.db 'select * from runs')"
  "$BIN" generate --db k.db --resume --threads 2 >out.txt || fail "--resume: $(cat out.txt)"
  grep -q "^resumed run 4: finished: .* $per of $per written, seed " out.txt || fail "$(cat out.txt)"
  grep -q "^expert: finished: $per puzzles in .* to k.db, run 5, seed " out.txt || fail "$(cat out.txt)"
  grep -q "^extreme: finished: $per puzzles in .* to k.db, run 6, seed " out.txt || fail "$(cat out.txt)"
  same_corpus u.db k.db
  expect_one_line_error 1 "$BIN" generate --db k.db --resume
  grep -q 'k.db: no unfinished run to resume' err.txt || fail "a finished set: $(cat err.txt)"
  # SIGINT: exit 130, and the summary says how to go on.
  "$BIN" generate --db i.db "${run[@]}" --threads 1 --batch-size 50 >int.txt &
  pid=$!
  wait_for_run_rows i.db 4 || fail "run 4 committed no batch"
  kill -INT "$pid"
  wait "$pid"
  local code=$?
  [ "$code" -eq 130 ] || fail "SIGINT exit code $code, expected 130"
  grep -q '^hard: interrupted: ' int.txt || fail "$(cat int.txt)"
  grep -q '^stopped at level hard: generate --db i.db --resume finishes it and the levels after it$' int.txt ||
    fail "$(cat int.txt)"
  # --resume takes the set from the corpus; run options are refused as for any run.
  expect_one_line_error 2 "$BIN" generate --db i.db "${run[@]}" --resume
  grep -q -- '--resume takes its parameters from run 4; drop ' err.txt || fail "$(cat err.txt)"
  "$BIN" generate --db i.db --resume 4 --quiet || fail "--resume 4"
  same_corpus u.db i.db
  # Stopped between two levels (no run is unfinished): the levels after the latest are made.
  sqlite3 i.db 'delete from puzzles where run_id >= 5; delete from runs where id >= 5' || fail "cut"
  "$BIN" generate --db i.db --resume >out.txt || fail "--resume between levels"
  [ "$(grep -c '^[a-z]*: finished: ' out.txt)" -eq 2 ] || fail "between levels: $(cat out.txt)"
  same_corpus u.db i.db
  # The same set twice in one corpus (the second is all new puzzles): the second, stopped, is
  # finished as the second.
  "$BIN" generate --db t.db --level all --count 600 --seed 11 --quiet || fail "first set"
  "$BIN" generate --db t.db --level all --count 600 --seed 11 --quiet || fail "second set"
  sqlite3 t.db '.backup whole.db' || fail "backup"
  sqlite3 t.db 'delete from puzzles where run_id >= 10; delete from runs where id >= 10' || fail "cut"
  "$BIN" generate --db t.db --resume --quiet || fail "--resume of the second set"
  same_corpus whole.db t.db
}

"case_$CASE"
