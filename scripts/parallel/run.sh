#!/usr/bin/env bash
# Runs the N shards of one run with GNU parallel, then merges them into OUT:
#   scripts/parallel/run.sh --shards N [--jobs J] [--sshlogin LOGINS] [--remove-shards] \
#     --db OUT GENERATE-OPTIONS...
# Shard K writes OUT.shardK.db with `sudoku-corpus generate --shard K/N GENERATE-OPTIONS...
# --quiet`; GENERATE-OPTIONS must include --seed. The merge runs once every shard succeeded and
# writes OUT, the corpus one machine would make with the same options.
# GNU parallel (installed with apt-get if missing) keeps a job log in OUT.joblog: after a
# failure, the same command again reruns only the shards that failed (--resume-failed), and a
# shard's file left by a failed or killed attempt is finished with `generate --resume` instead
# of being started again (by hand: sudoku-corpus generate --db OUT.shardK.db --resume).
# --jobs: shards at once (default: one per core); on this machine each shard runs cores/J worker
# threads unless the options set --threads.
# --sshlogin: GNU parallel's machines to run shards on (e.g. 8/node1,8/node2,:); the binary and
# OUT's folder must have the same paths on all of them (shared storage), as the merge runs here.
# After the merge the shard files OUT.shardK.db and OUT.joblog stay beside OUT (the run's parts,
# which `merge` can combine again); --remove-shards removes them once the merge has succeeded.
# The binary: $SUDOKU_CORPUS, else this checkout's Release build (built or brought up to date),
# else, when the checkout has no build, sudoku-corpus on PATH; the log says which.
# Exit codes: 0 merged, 1 a shard or the merge failed, 2 bad arguments; --help prints this.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"

bad() {
  log "parallel/run.sh: $*; usage: scripts/parallel/run.sh --shards N [--jobs J]" \
    "[--sshlogin LOGINS] [--remove-shards] --db OUT GENERATE-OPTIONS... (--help: more)"
  exit 2
}
refuse() {
  log "parallel/run.sh: $*"
  exit 2
}
fail() {
  log "parallel/run.sh: $*"
  exit 1
}

# The script's own options may stand anywhere; everything else is passed to generate.
shards="" jobs="" sshlogin="" out="" gen=() seed=0 threads="" prev="" remove_shards=0
while [ $# -gt 0 ]; do
  case "$1" in
    --shards | --jobs | --sshlogin | --db)
      [ $# -ge 2 ] || bad "$1 needs a value"
      case "$1" in
        --shards) shards="$2" ;;
        --jobs) jobs="$2" ;;
        --sshlogin) sshlogin="$2" ;;
        --db) out="$2" ;;
      esac
      shift 2
      continue
      ;;
    --shards=*) shards="${1#*=}" ;;
    --jobs=*) jobs="${1#*=}" ;;
    --sshlogin=*) sshlogin="${1#*=}" ;;
    --db=*) out="${1#*=}" ;;
    --shard | --shard=* | --resume | --resume=* | --extend | --extend=*)
      bad "$1 is not a run's option: run.sh gives each shard its --shard" ;;
    -q | --quiet) ;;  # every shard runs with --quiet
    --remove-shards) remove_shards=1 ;;
    -h | --help)
      script_help "${BASH_SOURCE[0]}"
      exit 0
      ;;
    *)
      case "$1" in --seed | --seed=*) seed=1 ;; esac
      # A resumed shard is given the run's thread count again.
      case "$prev" in -j | --threads) threads="--threads=$1" ;; esac
      case "$1" in --threads=*) threads="$1" ;; -j?*) threads="--threads=${1#-j}" ;; esac
      prev="$1"
      gen+=("$1")
      ;;
  esac
  shift
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || bad "--shards needs a count of 1 or more"
[ -z "$jobs" ] || [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || bad "--jobs needs a count of 1 or more"
[ -n "$out" ] || bad "--db OUT is required"
# Shards that drew their own seeds would not be parts of one run.
[ "$seed" -eq 1 ] || bad "the generate options need --seed"
out="$(realpath -m "$out")"
[ ! -e "$out" ] || refuse "$out exists; run.sh makes a new corpus: remove it or choose another --db"

# GNU parallel identifies a job in its log by number only, so a log of another run would skip
# shards of this one: every job carries the run's fingerprint, checked against the log.
run="run-$(printf '%s\0' "$shards" "$out" "${gen[@]}" | cksum | cut -d' ' -f1)"
if [ -s "$out.joblog" ] && tail -n +2 "$out.joblog" | grep -qv -- " $run "; then
  refuse "$out.joblog is from another run (other shards or options); remove it and $out.shard*.db" \
    "to start over"
fi

ensure_packages parallel
mkdir -p "$(dirname "$out")"
path="$(corpus_binary)"
bin="$(realpath -e "$path" 2>/dev/null || true)"
[[ -n "$bin" && -x "$bin" ]] || fail "no sudoku-corpus binary at '$path'"

# Without --threads each shard would use every core; on this machine the J shards at once share
# them. Other machines' cores are not known here, so there generate's default stands.
fresh=""
if [ -z "$threads" ] && [ -z "$sshlogin" ]; then
  cores="$(nproc)"
  per=$((cores / ${jobs:-$cores}))
  threads="--threads=$((per > 0 ? per : 1))"
  fresh="$threads"
fi

# The job of shard K: makes OUT.shardK.db, or finishes the file an earlier attempt left (a
# finished one has nothing to resume). An exported function, which GNU parallel also takes to
# other machines (--env).
shard_job() {
  local k="$2" n="$3" out="$4" bin="$5" fresh="$6" again="$7" err
  shift 7
  local f="$out.shard$k.db"
  if [ ! -e "$f" ]; then
    "$bin" generate --db "$f" --shard "$k/$n" ${fresh:+"$fresh"} "$@" --quiet
    return
  fi
  err="$("$bin" generate --db "$f" --resume ${again:+"$again"} --quiet 2>&1 >/dev/null)" ||
    case "$err" in
      *"no unfinished run to resume"*) ;;
      *) printf '%s\n' "$err" >&2; return 1 ;;
    esac
}
export -f shard_job
opts=(--joblog "$out.joblog" --resume-failed --line-buffer --quote --env shard_job)
[ -z "$jobs" ] || opts+=(--jobs "$jobs")
[ -z "$sshlogin" ] || opts+=(--sshlogin "$sshlogin")

log "parallel/run.sh: $shards shards of: generate ${gen[*]}"
# parallel's exit status is the number of jobs that failed.
if ! parallel "${opts[@]}" shard_job "$run" {} "$shards" "$out" "$bin" "$fresh" "$threads" \
  "${gen[@]}" ::: $(seq 1 "$shards"); then
  failed="$(awk -F'\t' 'NR > 1 { bad[$1] = ($7 != 0 || $8 != 0) } END { for (k in bad) if (bad[k]) print k }' \
    "$out.joblog" | sort -n | paste -sd, -)"
  fail "shards that failed: ${failed:-?} (job log $out.joblog); the same command again reruns just those"
fi
log "parallel/run.sh: merging into $out"
files=()
for k in $(seq 1 "$shards"); do files+=("$out.shard$k.db"); done
"$bin" merge --db "$out" "${files[@]}" || fail "the merge into $out failed"
if [ "$remove_shards" -eq 1 ]; then
  for f in "${files[@]}"; do rm -f -- "$f" "$f-wal" "$f-shm" "$f-lock"; done
  rm -f -- "$out.joblog"
  log "parallel/run.sh: merged into $out; removed its $shards shard files and $out.joblog"
else
  log "parallel/run.sh: merged into $out; the shard files $out.shard*.db and $out.joblog stay" \
    "(--remove-shards removes them after the merge)"
fi
