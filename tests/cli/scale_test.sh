#!/usr/bin/env bash
# Scale-out tests, one CTest case per function: tests/cli/scale_test.sh CASE BINARY.
# Shards (`generate --shard K/N`) and `merge`, and the recipes that run shards under GNU parallel
# and Slurm. Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# shards_equal_single N COUNT SEED OPTIONS...: the merge of N shards is the single run.
shards_equal_single() {
  local n="$1" count="$2" seed="$3"
  shift 3
  rm -f single.db s*.db m.db
  "$BIN" generate --db single.db --count "$count" --seed "$seed" "$@" --quiet || fail "single run"
  local k files=()
  for k in $(seq 1 "$n"); do
    "$BIN" generate --db "s$k.db" --count "$count" --seed "$seed" --shard "$k/$n" "$@" --quiet ||
      fail "shard $k/$n"
    files+=("s$k.db")
  done
  "$BIN" merge --db m.db "${files[@]}" >merge.txt || fail "merge of $n shards"
  same_corpus single.db m.db
  "$BIN" verify --db m.db --quiet >/dev/null || fail "verify of the merged corpus"
}

# The merge of N shards is, row for row, the corpus of the same run on one machine: for N = 1,
# 2, 3 and 7 where many items are duplicates (one source grid, 79 clues: a few thousand
# puzzles, many equivalent, so shards also repeat each other's), and for minimal puzzles.
case_shards_merge() {
  need sqlite3
  echo 534678912672195348198342567859761423426853791713924856961537284287419635345286179 >g.txt
  local n
  for n in 1 2 3 7; do
    shards_equal_single "$n" 400 9 --grid-source g.txt --clues 79
  done
  [ "$(sqlite3 single.db 'select duplicates from runs')" -gt 0 ] || fail "no duplicates exercised"
  shards_equal_single 3 600 4 --minimal --threads 2
  # A shard is an ordinary corpus: its own puzzles verify, and it records its part.
  "$BIN" verify --db s2.db --quiet >/dev/null || fail "verify of a shard"
  sqlite3 s2.db 'select params from runs' | grep -q '"shard":\[2,3\]' || fail "shard params"
  # Bad shard specifications are refused in one line.
  expect_one_line_error 2 "$BIN" generate --db x.db --shard 4/3
  expect_one_line_error 2 "$BIN" generate --db x.db --shard 2
  expect_one_line_error 2 "$BIN" generate --db x.db --extend 5
  expect_one_line_error 2 "$BIN" generate --db x.db --shard 1/2
  grep -q -- '--shard 1/2 needs --seed' err.txt || fail "$(cat err.txt)"
  [ ! -e x.db ] || fail "a refused request created the database"
}

# Shards that together hold too few distinct puzzles (one source grid, 79 clues: shards repeat
# each other's puzzles) are completed by the merge itself, in one command: the items no shard
# made, in order, as one machine goes on; a run merged after them drops the puzzles made.
case_merge_makes_missing() {
  need sqlite3
  echo 534678912672195348198342567859761423426853791713924856961537284287419635345286179 >g.txt
  local opts=(--count 1000 --seed 9 --grid-source g.txt --clues 79) k files=()
  "$BIN" generate --db single.db "${opts[@]}" --quiet || fail "single run"
  "$BIN" generate --db later.db --count 1500 --seed 5 --grid-source g.txt --clues 79 --quiet ||
    fail "later run"
  for k in 1 2 3 4 5 6 7; do
    "$BIN" generate --db "s$k.db" "${opts[@]}" --shard "$k/7" --quiet || fail "shard $k/7"
    files+=("s$k.db")
  done
  "$BIN" merge --db m.db --threads 2 "${files[@]}" >merge.txt || fail "merge: $(cat merge.txt)"
  grep -Eq '^run 1: made items [0-9]+\.\.1203 here, which the shards lacked: [0-9]+ puzzles$' \
    merge.txt || fail "summary: $(cat merge.txt)"
  same_corpus single.db m.db
  "$BIN" verify --db m.db --quiet >/dev/null || fail "verify of the merged corpus"
  "$BIN" merge --db want.db single.db later.db >/dev/null || fail "merge of the single run"
  "$BIN" merge --db got.db "${files[@]}" later.db >/dev/null || fail "merge with a later run"
  same_corpus want.db got.db
  # Items it cannot make (the grid file is gone) are named as an extension to make.
  mv g.txt g.moved
  expect_one_line_error 1 "$BIN" merge --db x.db "${files[@]}"
  grep -q 'short of 1000; nothing was written. The merge cannot make them itself: its grid ' \
    err.txt || fail "$(cat err.txt)"
  grep -q 'Extend every shard and merge again: .* --resume --extend [0-9]' err.txt ||
    fail "$(cat err.txt)"
  [ ! -e x.db ] || fail "a merge that came up short wrote x.db"
}

# A killed shard is resumed like any run, and the merge is still the single run.
case_shard_resume() {
  need sqlite3
  "$BIN" generate --db single.db --count 30000 --seed 21 --quiet || fail single
  "$BIN" generate --db s1.db --count 30000 --seed 21 --shard 1/2 --quiet || fail "shard 1"
  "$BIN" generate --db s2.db --count 30000 --seed 21 --shard 2/2 --batch-size 200 --threads 1 \
    --quiet &
  local pid=$! i
  for i in $(seq 1 400); do
    [ "$(sqlite3 s2.db 'select written from runs' 2>/dev/null || echo 0)" -gt 0 ] 2>/dev/null && break
    sleep 0.05
  done
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  expect_one_line_error 1 "$BIN" merge --db m.db s1.db s2.db
  grep -q 'Finish s2.db run 1 (shard 2/2) first: sudoku-corpus generate --db s2.db --resume 1' \
    err.txt || fail "unfinished shard not named: $(cat err.txt)"
  [ ! -e m.db ] || fail "a failed merge left m.db"
  "$BIN" generate --db s2.db --resume --quiet || fail resume
  "$BIN" merge --db m.db s1.db s2.db >/dev/null || fail merge
  same_corpus single.db m.db
}

# Unrelated corpora keep every run (new ids, same parameters); equivalent puzzles are kept once;
# merging into an existing corpus appends in one transaction.
case_merge_corpora() {
  need sqlite3
  "$BIN" generate --db a.db --count 200 --seed 1 --quiet || fail a
  "$BIN" generate --db a.db --count 100 --seed 2 --minimal --quiet || fail a2
  "$BIN" generate --db b.db --count 250 --seed 1 --quiet || fail b  # its first 200 are a's run 1
  "$BIN" merge --db out.db a.db b.db >out.txt || fail merge
  grep -q 'merged 2 inputs into out.db (new): 350 puzzles in 3 runs, 200 skipped' out.txt ||
    fail "summary: $(cat out.txt)"
  [ "$(sqlite3 out.db 'select id, seed, requested, written, duplicates from runs' | tr '\n' ' ')" = \
    "1|1|200|200|0 2|2|100|100|0 3|1|250|50|200 " ] || fail "runs: $(sqlite3 out.db 'select * from runs')"
  [ "$(sqlite3 out.db 'select params from runs where id = 2')" = \
    "$(sqlite3 a.db 'select params from runs where id = 2')" ] || fail "parameters not kept"
  [ "$("$BIN" export --db out.db --columns canonical --format lines | sort -u | wc -l)" -eq 350 ] ||
    fail "a form is stored twice"
  # b's last 50 puzzles are its run's items 200..249, in order.
  sqlite3 b.db 'select givens from puzzles where item_index >= 200 order by id' >want.txt
  sqlite3 out.db 'select givens from puzzles where run_id = 3 order by id' >got.txt
  cmp -s want.txt got.txt || fail "run 3 is not b's new puzzles in order"
  "$BIN" verify --db out.db --quiet >/dev/null || fail verify
  # Into an existing corpus: new runs appended, equivalents of its puzzles skipped.
  "$BIN" generate --db c.db --count 100 --seed 3 --quiet || fail c
  "$BIN" merge --db out.db c.db a.db >out.txt || fail "merge into an existing corpus"
  grep -q 'merged 2 inputs into out.db: 100 puzzles in 3 runs, 300 skipped' out.txt ||
    fail "summary: $(cat out.txt)"
  [ "$(sqlite3 out.db 'select count(*) from puzzles')" -eq 450 ] || fail "rows"
  "$BIN" verify --db out.db --quiet >/dev/null || fail "verify after appending"
}

# Bad inputs get one line naming the file, and the output is not touched.
case_merge_errors() {
  need sqlite3
  "$BIN" generate --db a.db --count 50 --seed 1 --quiet || fail a
  "$BIN" generate --db out.db --count 20 --seed 7 --quiet || fail out
  local before
  before="$(cksum <out.db)"
  expect_one_line_error 1 "$BIN" merge --db out.db a.db a.db
  grep -q 'a.db: given twice' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" merge --db out.db out.db
  grep -q 'is the output itself' err.txt || fail "$(cat err.txt)"
  echo "not a database" >text.db
  expect_one_line_error 1 "$BIN" merge --db out.db a.db text.db
  grep -q 'text.db: not a SQLite database' err.txt || fail "$(cat err.txt)"
  sqlite3 other.db 'create table t(x)'
  expect_one_line_error 1 "$BIN" merge --db out.db other.db
  grep -q 'other.db: not a sudoku corpus' err.txt || fail "$(cat err.txt)"
  cp a.db newer.db
  sqlite3 newer.db 'pragma user_version = 99'
  expect_one_line_error 1 "$BIN" merge --db out.db newer.db
  grep -q 'newer.db: schema version 99 is newer' err.txt || fail "$(cat err.txt)"
  "$BIN" generate --db big.db --count 3000 --seed 2 --quiet || fail big
  cp big.db damaged.db
  dd if=/dev/urandom of=damaged.db bs=4096 seek=40 count=20 conv=notrunc 2>/dev/null
  expect_one_line_error 1 "$BIN" merge --db out.db damaged.db
  grep -q 'damaged.db: the database is damaged (SQLite quick_check: ' err.txt || fail "$(cat err.txt)"
  "$BIN" generate --db s1.db --count 60 --seed 5 --shard 1/3 --quiet || fail shard
  expect_one_line_error 1 "$BIN" merge --db out.db s1.db
  grep -q 'shards 2, 3 of 3 are missing' err.txt || fail "$(cat err.txt)"
  # A shard of another seed or other options is named as such, not as missing shards.
  "$BIN" generate --db s2.db --count 60 --seed 6 --shard 2/3 --quiet || fail shard
  "$BIN" generate --db s2m.db --count 60 --seed 5 --shard 2/3 --minimal --quiet || fail shard
  "$BIN" generate --db s3.db --count 60 --seed 5 --shard 3/3 --quiet || fail shard
  expect_one_line_error 1 "$BIN" merge --db out.db s1.db s2.db s3.db
  grep -q 's2.db run 1 (shard 2/3) is not a shard of the run of s1.db run 1 (shard 1/3): seed 5 vs 6' \
    err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" merge --db out.db s1.db s2m.db s3.db
  grep -q 'is not a shard of the run of s1.db run 1 (shard 1/3): options .*"minimal" false vs true' \
    err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" merge --db new.db nosuch.db
  grep -q 'nosuch.db: no such corpus database' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" merge --db out.db
  [ "$(cksum <out.db)" = "$before" ] || fail "a refused merge changed out.db"
  ls new.db* >/dev/null 2>&1 && fail "a refused merge left new.db files"
  return 0
}

# A merge killed half-way leaves no output (a new one) or the output as it was (an existing
# one); the next merge names the leftover files, and after they are removed it completes.
case_merge_interrupt() {
  need sqlite3
  "$BIN" generate --db a.db --count 80000 --seed 1 --threads 2 --quiet || fail a
  "$BIN" generate --db out.db --count 50 --seed 9 --quiet || fail out
  local before pid target
  before="$(cksum <out.db)"
  for target in new.db out.db; do
    "$BIN" merge --db "$target" a.db >/dev/null 2>&1 &
    pid=$!
    # Killed as soon as its staging file appears (a fixed sleep raced a loaded machine both
    # ways); the merge of 80,000 rows still has most of its work ahead then.
    local deadline=$((SECONDS + 60))
    while [ ! -e "$target.merging-rows" ] && kill -0 "$pid" 2>/dev/null; do
      [ "$SECONDS" -lt "$deadline" ] || fail "the merge into $target made no staging file in 60 s"
    done
    kill -KILL "$pid" 2>/dev/null || fail "the merge into $target ended before it was killed"
    wait "$pid" 2>/dev/null
    [ -e "$target.merging-rows" ] || fail "the merge into $target left no staging file"
    expect_one_line_error 1 "$BIN" merge --db "$target" a.db
    grep -q "$target: an interrupted merge left .*$target.merging-rows.*Remove them with: rm -f " \
      err.txt || fail "$(cat err.txt)"
    [ -e "$target.merging-rows" ] || fail "the refused merge removed the leftovers"
    # The command the message gives is the one that clears them.
    (eval "$(sed 's/.*Remove them with: //' err.txt)") || fail "the command failed: $(cat err.txt)"
    ls "$target".merging* >/dev/null 2>&1 && fail "the command left $(ls "$target".merging*)"
  done
  [ ! -e new.db ] || fail "a killed merge left a half-written new.db"
  [ "$(cksum <out.db)" = "$before" ] || fail "a killed merge changed out.db"
  [ "$(sqlite3 out.db 'pragma integrity_check')" = ok ] || fail "integrity"
  "$BIN" merge --db new.db a.db >/dev/null || fail "merge after cleaning up"
  [ "$(sqlite3 new.db 'select count(*) from puzzles')" -eq 80000 ] || fail "rows"
}

# Merges into one output at the same time never destroy each other's files: a second one
# refuses while the first runs and removes nothing; of two started together one finishes; a
# file that appears at the output's path while a merge runs is kept, and so is the merge's.
case_merge_concurrent() {
  need sqlite3
  need flock
  "$BIN" generate --db a.db --count "$(scaled 80000 8000)" --seed 1 --threads 2 --quiet || fail a
  # A running merge holds its file locked (flock stands in for it): refused, file kept.
  exec 9>new.db.merging
  flock -n 9 || fail "cannot lock new.db.merging"
  expect_one_line_error 1 "$BIN" merge --db new.db a.db
  grep -q 'new.db: another merge into it is running' err.txt || fail "$(cat err.txt)"
  [ -e new.db.merging ] || fail "a refused merge removed the running merge's file"
  exec 9>&-
  rm -f new.db.merging
  # Two at once: one writes the output, the other refuses or finds it written; nothing is lost.
  "$BIN" merge --db new.db a.db >m1.txt 2>&1 &
  local first=$!
  "$BIN" merge --db new.db a.db >m2.txt 2>&1
  local second=$?
  wait "$first"
  local first_rc=$?
  [ "$first_rc" -eq 0 ] || [ "$second" -eq 0 ] || fail "both merges failed: $(cat m1.txt m2.txt)"
  [ "$(sqlite3 new.db 'select count(*) from puzzles')" -eq "$(sqlite3 a.db 'select count(*) from puzzles')" ] ||
    fail "the output lost rows: $(cat m1.txt m2.txt)"
  ls new.db.merging* >/dev/null 2>&1 && fail "merges left $(ls new.db.merging*)"
  "$BIN" verify --db new.db >/dev/null || fail "verify of the output"
  # A file that appears at the output's path while the merge runs is not replaced.
  "$BIN" generate --db other.db --count 20 --seed 9 --quiet || fail other
  "$BIN" merge --db late.db a.db >/dev/null 2>err.txt &
  local pid=$!
  local deadline=$((SECONDS + 60))
  while [ ! -e late.db.merging-rows ] && kill -0 "$pid" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "no staging file in 60 s"
  done
  cp other.db late.db
  wait "$pid" && fail "the merge replaced a file that appeared at its output path"
  grep -q 'late.db: appeared while the merge ran; the merged corpus is left in late.db.merging' \
    err.txt || fail "$(cat err.txt)"
  cmp -s other.db late.db || fail "late.db was changed"
  [ "$(sqlite3 late.db.merging 'select count(*) from puzzles')" -gt 0 ] ||
    fail "the merged corpus is not in late.db.merging"
}

# A run still being written is not merged (its counts and rows disagree until it ends), and
# verify names a run row whose counts disagree with its rows.
case_merge_live_input() {
  need sqlite3
  "$BIN" generate --db live.db --count 10000000 --seed 3 --threads 1 --quiet &
  LIVE_PID=$!  # global: the trap runs after this function returns
  trap 'kill -KILL "$LIVE_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
  local pid=$LIVE_PID
  local deadline=$((SECONDS + 60))
  until [ "$(sqlite3 live.db 'select count(*) from puzzles' 2>/dev/null)" -gt 0 ] 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the run wrote nothing in 60 s"
    sleep 0.2
  done
  expect_one_line_error 1 "$BIN" merge --db out.db live.db
  grep -q 'live.db run 1: is being written by another process' err.txt || fail "$(cat err.txt)"
  kill -INT "$pid"
  wait "$pid"
  [ ! -e out.db ] || fail "a refused merge made out.db"
  "$BIN" merge --db out.db live.db >/dev/null || fail "merge once the run stopped"
  "$BIN" verify --db out.db >/dev/null || fail "verify of the merge"
  cp out.db bad.db
  sqlite3 bad.db 'update runs set duplicates = -3'
  "$BIN" verify --db bad.db >out.txt && fail "verify passed negative duplicates"
  grep -q '^run 1: duplicates -3 is negative' out.txt || fail "$(cat out.txt)"
  cp out.db bad.db
  sqlite3 bad.db 'update runs set next_item = 5, written = (select count(*) from puzzles),
    duplicates = 0'
  "$BIN" verify --db bad.db >out.txt && fail "verify passed rows past next_item"
  grep -q '^run 1: written .* exceed next_item 5\|past next_item 5' out.txt || fail "$(cat out.txt)"
}

# Inputs the merge may not write (another user's files in a folder it cannot write) are read,
# as export and stats read them. Needs an unprivileged user: as root, setpriv to nobody.
case_merge_read_only() {
  need sqlite3
  "$BIN" generate --db a.db --count 300 --seed 1 --quiet || fail a
  mkdir ro out
  cp a.db ro/
  chmod 555 ro
  chmod 444 ro/a.db
  chmod 777 out
  chmod 755 "$WORK"
  local as_user=()
  if [ "$(id -u)" -eq 0 ]; then
    need setpriv
    as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
    "${as_user[@]}" "$BIN" --version >/dev/null 2>&1 ||
      { echo "SKIP: nobody cannot run $BIN" >&2; exit 77; }
  fi
  "${as_user[@]}" "$BIN" merge --db out/m.db ro/a.db >/dev/null 2>err.txt ||
    fail "merge of a read-only input: $(cat err.txt)"
  [ "$(sqlite3 out/m.db 'select count(*) from puzzles')" -eq 300 ] || fail "rows"
  ls ro | grep -qv '^a.db$' && fail "the merge made files beside a read-only input: $(ls ro)"
  return 0
}

# generate_options: the run that the recipe tests split into shards.
RECIPE_RUN=(--count 3000 --seed 13 --minimal)

# GNU parallel runs the shards (scripts/parallel/run.sh) and the merge is the single run.
case_parallel() {
  need parallel
  need sqlite3
  "$BIN" generate --db single.db "${RECIPE_RUN[@]}" --quiet || fail single
  SUDOKU_CORPUS="$BIN" bash "$REPO/scripts/parallel/run.sh" --shards 3 --jobs 2 --db p.db \
    "${RECIPE_RUN[@]}" >out.txt 2>&1 || fail "parallel recipe: $(cat out.txt)"
  same_corpus single.db p.db
  [ -s p.db.joblog ] || fail "no joblog"
  # A failed shard fails the recipe; after the cause is gone, the same command reruns only
  # that shard (the job log) and merges.
  echo "not a corpus" >q.db.shard2.db
  SUDOKU_CORPUS="$BIN" bash "$REPO/scripts/parallel/run.sh" --shards 3 --jobs 2 --db q.db \
    "${RECIPE_RUN[@]}" >out.txt 2>&1 && fail "the recipe succeeded with a failed shard"
  [ ! -e q.db ] || fail "merged despite a failed shard"
  local first
  first="$(stat -c %Y q.db.shard1.db)"
  rm q.db.shard2.db
  sleep 1
  SUDOKU_CORPUS="$BIN" bash "$REPO/scripts/parallel/run.sh" --shards 3 --jobs 2 --db q.db \
    "${RECIPE_RUN[@]}" >out.txt 2>&1 || fail "rerun: $(cat out.txt)"
  [ "$(stat -c %Y q.db.shard1.db)" = "$first" ] || fail "the rerun made shard 1 again"
  same_corpus single.db q.db
}

# Slurm runs the shards as a job array and the merge as a dependent job
# (scripts/slurm/submit.sh --wait, on a one-node cluster started here); the result is the
# single run. Skips when this machine cannot run Slurm.
case_slurm() {
  need sqlite3
  local cluster="$REPO/scripts/slurm/local-cluster.sh"
  # The one-node cluster's own configuration, even where the machine has a real one.
  export SLURM_CONF="$(realpath -m "${SUDOKU_SLURM_DIR:-/tmp/sudoku-slurm}")/slurm.conf"
  if ! bash "$cluster" start >cluster.txt 2>&1; then
    echo "SKIP: cannot start a local Slurm cluster here: $(tail -1 cluster.txt)" >&2
    exit 77
  fi
  trap 'bash "$REPO/scripts/slurm/local-cluster.sh" stop >/dev/null 2>&1; rm -rf "$WORK"' EXIT
  "$BIN" generate --db single.db "${RECIPE_RUN[@]}" --quiet || fail single
  SUDOKU_CORPUS="$BIN" bash "$REPO/scripts/slurm/submit.sh" --shards 3 --wait --db "$WORK/s.db" \
    "${RECIPE_RUN[@]}" >out.txt 2>&1 || fail "submit.sh: $(cat out.txt)"
  grep -q '^shards: job [0-9]* (array 1-3)$' out.txt || fail "no job ids: $(cat out.txt)"
  same_corpus single.db s.db
  # A shard that fails (its file is not a corpus): the merge never runs, --wait says which.
  echo "not a corpus" >"$WORK/f.db.shard2.db"
  SUDOKU_CORPUS="$BIN" bash "$REPO/scripts/slurm/submit.sh" --shards 3 --wait --db "$WORK/f.db" \
    "${RECIPE_RUN[@]}" >out.txt 2>&1 && fail "submit.sh --wait succeeded with a failed shard"
  grep -q 'the merge ended CANCELLED; shard tasks not completed: 2 FAILED' out.txt ||
    fail "failure not reported: $(cat out.txt)"
  [ ! -e "$WORK/f.db" ] || fail "merged despite a failed shard"
}

"case_$CASE"
