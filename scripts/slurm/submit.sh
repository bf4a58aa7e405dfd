#!/usr/bin/env bash
# Submits one run to Slurm as N shards and a merge:
#   scripts/slurm/submit.sh --shards N [--wait] [--partition P] [--cpus-per-task C] \
#     [--remove-shards] --db OUT GENERATE-OPTIONS...
# Shard K (a task of a job array, generate-shards.sbatch) writes OUT.shardK.db with
# `sudoku-corpus generate --shard K/N GENERATE-OPTIONS...`; the merge job (merge.sbatch) runs
# only if every task succeeded (--dependency=afterok) and writes OUT, the corpus that one machine
# would make with the same options. A merge whose dependency can no longer be met is cancelled
# (--kill-on-invalid-dep=yes) rather than left pending for ever. GENERATE-OPTIONS must include
# --seed. OUT's folder must be on storage every node sees; job logs go beside OUT
# (OUT.shardK.log, OUT.merge.log). Prints the two job ids.
# --wait: waits until the merge and every shard have ended, and exits 1 unless the merge
# completed, naming each shard that did not. It reads the jobs' states with scontrol, since
# `sbatch --wait` exits 0 for a cancelled job and sacct needs accounting. Interrupting the wait
# leaves the jobs running.
# After a failure, the same command again reruns the shards: finished ones are kept, unfinished
# ones resumed. Other sbatch settings come from its environment (SBATCH_TIMELIMIT, SBATCH_ACCOUNT).
# After the merge the shard files OUT.shardK.db stay beside OUT (the run's parts, which `merge`
# can combine again), with the logs; --remove-shards has the merge job remove the shard files
# once it has succeeded (SUDOKU_REMOVE_SHARDS=1 in its environment).
# The binary: $SUDOKU_CORPUS, else this checkout's Release build (built or brought up to date),
# else, when the checkout has no build, sudoku-corpus on PATH; the log says which.
# Exit codes: 0 submitted (with --wait: merged), 1 a job failed or was cancelled, or submitting
# failed, 2 bad arguments; --help prints this.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/../common.sh"

bad() {
  log "submit.sh: $*; usage: scripts/slurm/submit.sh --shards N [--wait] [--partition P]" \
    "[--cpus-per-task C] [--remove-shards] --db OUT GENERATE-OPTIONS... (--help: more)"
  exit 2
}
refuse() {
  log "submit.sh: $*"
  exit 2
}
fail() {
  log "submit.sh: $*"
  exit 1
}

# The script's own options may stand anywhere; everything else is passed to generate.
shards="" wait=0 partition="" cpus="" out="" gen=() seed=0 remove_shards=0
while [ $# -gt 0 ]; do
  case "$1" in
    --shards | --partition | --cpus-per-task | --db)
      [ $# -ge 2 ] || bad "$1 needs a value"
      case "$1" in
        --shards) shards="$2" ;;
        --partition) partition="$2" ;;
        --cpus-per-task) cpus="$2" ;;
        --db) out="$2" ;;
      esac
      shift 2
      ;;
    --shards=*) shards="${1#*=}"; shift ;;
    --partition=*) partition="${1#*=}"; shift ;;
    --cpus-per-task=*) cpus="${1#*=}"; shift ;;
    --db=*) out="${1#*=}"; shift ;;
    --wait) wait=1; shift ;;
    --shard | --shard=* | --resume | --resume=* | --extend | --extend=*)
      bad "$1 is not a run's option: submit.sh gives each shard its --shard" ;;
    -q | --quiet) shift ;;  # every shard runs with --quiet
    --remove-shards) remove_shards=1; shift ;;
    -h | --help)
      script_help "${BASH_SOURCE[0]}"
      exit 0
      ;;
    *)
      case "$1" in --seed | --seed=*) seed=1 ;; esac
      gen+=("$1")
      shift
      ;;
  esac
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || bad "--shards needs a count of 1 or more"
[ -z "$cpus" ] || [[ "$cpus" =~ ^[1-9][0-9]*$ ]] || bad "--cpus-per-task needs a count"
[ -n "$out" ] || bad "--db OUT is required"
# Shards that drew their own seeds would not be parts of one run.
[ "$seed" -eq 1 ] || bad "the generate options need --seed"
command -v sbatch >/dev/null 2>&1 ||
  fail "sbatch not found: run this where Slurm jobs are submitted (or scripts/slurm/local-cluster.sh start)"
# Slurm's commands retry for 60 s before they give up on a missing configuration file.
conf="${SLURM_CONF:-/etc/slurm/slurm.conf}"
if [ -n "${SLURM_CONF:-}" ] || [ -L "$conf" ]; then
  [ -e "$conf" ] || fail "Slurm's configuration $conf is missing (is the cluster running?)"
fi
# Jobs may start in another folder, so every path they get is absolute.
out="$(realpath -m "$out")"
[ ! -e "$out" ] || refuse "$out exists; submit.sh makes a new corpus: remove it or choose another --db"
mkdir -p "$(dirname "$out")"
path="$(corpus_binary)"
bin="$(realpath -e "$path" 2>/dev/null || true)"
[[ -n "$bin" && -x "$bin" ]] || fail "no sudoku-corpus binary at '$path'"
existing=("$out".shard*.db)
if [ -e "${existing[0]}" ]; then
  log "submit.sh: ${#existing[@]} shard files exist beside $out: finished ones are kept," \
    "unfinished ones resumed (remove them to start over)"
fi

errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT
# The jobs take the binary from the environment sbatch passes on. Naming a variable in --export
# (ALL,VAR=value) would also have slurmd load the user's login environment (SLURM_GET_USER_ENV),
# seconds per job.
export SUDOKU_CORPUS="$bin"
export SUDOKU_REMOVE_SHARDS="$remove_shards"
# sbatch_id ARGS...: submits; prints the job id, or fails with sbatch's last line when refused.
sbatch_id() {
  local id
  id="$(sbatch --parsable --export=ALL "$@" 2>"$errors")" ||
    fail "sbatch refused $(basename "$script"): $(tail -1 "$errors")"
  echo "${id%%;*}"
}
opts=()
[ -z "$partition" ] || opts+=(--partition="$partition")
array_opts=("${opts[@]}" --array="1-$shards" --output="$out.shard%a.log")
[ -z "$cpus" ] || array_opts+=(--cpus-per-task="$cpus")
script="$HERE/generate-shards.sbatch"
array="$(sbatch_id "${array_opts[@]}" "$script" "$out" "$shards" "${gen[@]}")"
script="$HERE/merge.sbatch"
merge="$(sbatch_id "${opts[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out.merge.log" "$script" "$out" "$shards")" ||
  { scancel "$array" 2>/dev/null || true; exit 1; }
echo "shards: job $array (array 1-$shards)"
echo "merge: job $merge (runs after every shard succeeded)"
[ "$wait" -eq 1 ] || exit 0

terminal='^(COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE)$'
# states JOB: "TASK STATE REASON EXIT" for each record scontrol holds of JOB (a pending array's
# tasks may share one record, TASK then being a range such as 2-5).
states() {
  scontrol -o show job "$1" 2>/dev/null | awk '{
    t = "-"; s = r = e = ""
    for (i = 1; i <= NF; i++) {
      split($i, kv, "=")
      if (kv[1] == "ArrayTaskId") t = kv[2]
      else if (kv[1] == "JobState") s = kv[2]
      else if (kv[1] == "Reason") r = kv[2]
      else if (kv[1] == "ExitCode") e = kv[2]
    }
    if (s != "") print t, s, r, e
  }'
}
interval=1 said=0
while :; do
  merge_state="$(states "$merge" | awk '{ print $2 }')"
  merge_reason="$(states "$merge" | awk '{ print $3 }')"
  [ -n "$merge_state" ] || merge_state=UNKNOWN
  # Without --kill-on-invalid-dep (a site may ignore it) such a merge would wait for ever.
  if [ "$merge_state" = PENDING ] && [ "$merge_reason" = DependencyNeverSatisfied ]; then
    scancel "$merge" 2>/dev/null || true
    merge_state=CANCELLED
  fi
  if [ "$merge_state" = UNKNOWN ] || [[ "$merge_state" =~ $terminal ]]; then
    # Shards still running would race a rerun of this command for their files.
    if states "$array" | awk '{ print $2 }' | grep -qvE "$terminal"; then
      [ "$said" -eq 1 ] || log "submit.sh: the merge ended $merge_state; waiting for the shards still running"
      said=1
    else
      break
    fi
  fi
  sleep "$interval"
  [ "$interval" -ge 3 ] || interval=$((interval + 1))
done

if [ "$merge_state" = COMPLETED ]; then
  if [ "$remove_shards" -eq 1 ]; then
    log "submit.sh: merged $shards shards into $out and removed the shard files"
  else
    log "submit.sh: merged $shards shards into $out; the shard files $out.shard*.db stay" \
      "(--remove-shards removes them after the merge)"
  fi
  exit 0
fi
# One line: the merge's end, then each shard task that did not complete.
[ "$merge_state" != UNKNOWN ] || merge_state="UNKNOWN (Slurm no longer knows job $merge)"
failed="$(states "$array" | sort -n | awk '$2 != "COMPLETED" { printf "%s%s %s", (n++ ? ", " : ""), $1, $2 }')"
[ -n "$(states "$array")" ] || failed="unknown (Slurm no longer knows job $array)"
fail "the merge ended $merge_state; shard tasks not completed: ${failed:-none}" \
  "(logs: $out.shardK.log, $out.merge.log)"
