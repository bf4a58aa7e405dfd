#!/usr/bin/env bash
# Submits one run to Slurm as N shards and a merge:
#   scripts/slurm/submit.sh --shards N [--wait] [--partition P] --db OUT GENERATE-OPTIONS...
# A job array of N tasks (generate-shards.sbatch: task K writes OUT.shardK.db) and a merge job
# (merge.sbatch) that runs only if every task succeeded (--dependency=afterok); a merge whose
# dependency can no longer be met is cancelled at once (--kill-on-invalid-dep=yes) instead of
# waiting forever. Prints the two job ids. With --wait it waits for the merge and exits non-zero
# unless it completed, naming the tasks that did not: `sbatch --wait` alone would exit 0 for a
# cancelled job, so the script reads each job's state. OUT's folder must be on storage every
# node sees. GENERATE-OPTIONS must include --seed. The binary: $SUDOKU_CORPUS, else
# sudoku-corpus on PATH, else this checkout's Release build. Logs: OUT.shardK.log, OUT.merge.log.
# Exit codes: 0 submitted (with --wait: merged), 1 a job failed or was cancelled, 2 bad arguments.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/../common.sh"

usage() {
  echo "usage: scripts/slurm/submit.sh --shards N [--wait] [--partition P] --db OUT" \
    "GENERATE-OPTIONS..." >&2
  exit 2
}
shards="" wait=0 partition="" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards="${2:-}"; shift 2 || usage ;;
    --wait) wait=1; shift ;;
    --partition) partition="${2:-}"; shift 2 || usage ;;
    --db) out="${2:-}"; shift 2 || usage ;;
    --help | -h) usage ;;
    *) break ;;
  esac
done
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { log "--shards: expected a count of 1 or more"; usage; }
[ -n "$out" ] || { log "--db OUT is required"; usage; }
[ $# -gt 0 ] || { log "give the generate options of the run (with --seed)"; usage; }
printf '%s\n' "$@" | grep -qx -- '--seed' || printf '%s\n' "$@" | grep -q -- '^--seed=' ||
  { log "the generate options need --seed: every shard must take the same one"; usage; }
command -v sbatch >/dev/null 2>&1 || { log "sbatch not found: is this a Slurm login node?"; exit 1; }
out="$(realpath -m "$out")"
[ ! -e "$out" ] || { log "$out exists: submit.sh writes a new corpus"; exit 2; }
mkdir -p "$(dirname "$out")"
bin="$(realpath "$(corpus_binary)")"

common=(--parsable --export="ALL,SUDOKU_OUT=$out,SUDOKU_SHARDS=$shards,SUDOKU_CORPUS=$bin")
[ -z "$partition" ] || common+=(--partition "$partition")
array="$(sbatch "${common[@]}" --array="1-$shards" --output="$out.shard%a.log" \
  "$HERE/generate-shards.sbatch" "$@")" || { log "sbatch of the shards failed"; exit 1; }
array="${array%%;*}"
merge="$(sbatch "${common[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$out.merge.log" "$HERE/merge.sbatch")" ||
  { scancel "$array" || true; log "sbatch of the merge failed; shards cancelled"; exit 1; }
merge="${merge%%;*}"
echo "shards: job $array (array 1-$shards)"
echo "merge:  job $merge (after all shards succeed)"
[ "$wait" -eq 1 ] || exit 0

# The states of job $1 (one per array task), as scontrol shows them.
states() { scontrol -o show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2; }
terminal='^(COMPLETED|FAILED|CANCELLED|TIMEOUT|OUT_OF_MEMORY|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE)$'
while :; do
  state="$(states "$merge" | head -1)"
  [ -n "$state" ] || { log "job $merge is no longer known to Slurm; see $out.merge.log"; exit 1; }
  [[ "$state" =~ $terminal ]] && break
  sleep 2
done
if [ "$state" = COMPLETED ]; then
  log "merged into $out"
  exit 0
fi
failed="$(scontrol -o show job "$array" 2>/dev/null |
  awk '{ for (i = 1; i <= NF; i++) { if ($i ~ /^ArrayTaskId=/) t = substr($i, 13); if ($i ~ /^JobState=/) s = substr($i, 10) }
         if (s != "COMPLETED") printf "%s%s %s", (n++ ? ", " : ""), t, s }')"
log "the merge ended $state; shard tasks not completed: ${failed:-none} (logs: $out.shard*.log, $out.merge.log)"
exit 1
