#!/usr/bin/env bash
# Runs the N shards of one run with GNU parallel, then merges them into OUT:
#   scripts/parallel/run.sh --shards N [--jobs J] [--sshlogin LOGINS] --db OUT GENERATE-OPTIONS...
# Shard K is written to OUT.shardK.db by `sudoku-corpus generate --shard K/N GENERATE-OPTIONS...`
# (GENERATE-OPTIONS must include --seed). GNU parallel's job log (OUT.joblog) records each shard,
# and running the same command again after a failure reruns only the shards that failed
# (--resume-failed); a shard killed half-way is finished by hand with
# `sudoku-corpus generate --db OUT.shardK.db --resume`. With --sshlogin the shards run on other
# machines (GNU parallel's syntax), each writing its file there: the files must then be on
# storage all of them share, as the merge runs here.
# The binary: $SUDOKU_CORPUS, else sudoku-corpus on PATH, else this checkout's Release build.
# OUT must not exist yet. Exit codes: 0 merged, 1 a shard or the merge failed, 2 bad arguments.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"

usage() {
  echo "usage: scripts/parallel/run.sh --shards N [--jobs J] [--sshlogin LOGINS] --db OUT" \
    "GENERATE-OPTIONS..." >&2
  exit 2
}
shards="" jobs="" sshlogin="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards="${2:-}"; shift 2 || usage ;;
    --jobs) jobs="${2:-}"; shift 2 || usage ;;
    --sshlogin) sshlogin="${2:-}"; shift 2 || usage ;;
    --db) out="${2:-}"; shift 2 || usage ;;
    --help | -h) usage ;;
    *) break ;;
  esac
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { log "--shards: expected a count of 1 or more"; usage; }
[ -z "$jobs" ] || [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { log "--jobs: expected a count"; usage; }
[ -n "$out" ] || { log "--db OUT is required"; usage; }
[ $# -gt 0 ] || { log "give the generate options of the run (with --seed)"; usage; }

if [ -e "$out" ]; then
  log "$out exists: the recipe writes a new corpus (merge it into another one afterwards with" \
    "sudoku-corpus merge)"
  exit 2
fi

ensure_packages parallel
bin="$(corpus_binary)"
parallel_args=(--joblog "$out.joblog" --resume-failed --halt never --line-buffer)
[ -z "$jobs" ] || parallel_args+=(--jobs "$jobs")
[ -z "$sshlogin" ] || parallel_args+=(--sshlogin "$sshlogin")
files=()
for k in $(seq 1 "$shards"); do files+=("$out.shard$k.db"); done

log "running $shards shards of: generate $*"
# A shard that already finished is skipped by the job log; one whose file holds an unfinished
# run is resumed rather than started again.
job="f=$(printf '%q' "$out").shard{}.db; b=$(printf '%q' "$bin");
  if [ -e \"\$f\" ]; then
    \"\$b\" generate --db \"\$f\" --resume --quiet 2>\"\$f.err\" ||
      grep -q 'no unfinished run to resume' \"\$f.err\" || { cat \"\$f.err\" >&2; exit 1; }
    rm -f \"\$f.err\"
  else
    \"\$b\" generate --db \"\$f\" --shard {}/$shards $(printf '%q ' "$@") --quiet
  fi"
if ! parallel "${parallel_args[@]}" "$job" ::: $(seq 1 "$shards"); then
  log "some shards failed (see $out.joblog); run the same command again to rerun them"
  exit 1
fi
log "merging into $out"
"$bin" merge --db "$out" "${files[@]}"
