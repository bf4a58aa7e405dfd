#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, to try scripts/slurm/submit.sh and to test it:
#   scripts/slurm/local-cluster.sh start|stop|status
# start installs Debian's slurm-wlm and munge if missing and runs munged, slurmctld and slurmd
# as root, as plain daemons (no systemd). Everything lives under $SUDOKU_SLURM_DIR (default
# /tmp/sudoku-slurm): slurm.conf, a munge key and socket of its own, state, spool and logs
# (log/). Slurm's commands find the cluster through SLURM_CONF=$SUDOKU_SLURM_DIR/slurm.conf;
# where this machine has no /etc/slurm/slurm.conf, start links it to that file so that they
# need no SLURM_CONF, and a real cluster's /etc/slurm/slurm.conf is never touched. slurmctld
# listens on $SUDOKU_SLURM_PORT (default 6817), slurmd on the next port.
# start does nothing when the cluster is up already, and otherwise returns once the node is
# idle; stop cancels the cluster's jobs and ends the daemons that start began.
# Exit codes: 0 done (status: running), 1 cannot start, with one line saying why (status: not
# running), 2 bad usage; --help prints this.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"

DIR="$(realpath -m "${SUDOKU_SLURM_DIR:-/tmp/sudoku-slurm}")"
PORT="${SUDOKU_SLURM_PORT:-6817}"
CONF="$DIR/slurm.conf"
SOCKET="$DIR/munge/munge.socket.2"
SYSTEM_CONF=/etc/slurm/slurm.conf
# Every Slurm command below, and the daemons, read this cluster's configuration.
export SLURM_CONF="$CONF"
SELF="scripts/slurm/local-cluster.sh"

starting=0
die() {
  log "local-cluster: $*"
  # A start that failed half-way leaves nothing running.
  if [ "$starting" -eq 1 ]; then end_daemons >/dev/null 2>&1 || true; fi
  exit 1
}

# pids NAME: the live processes named NAME (munged, slurmctld, slurmd) that this cluster's start
# began, known by their command line naming this cluster's files. Pid files lag behind a
# daemon's start, and a zombie (exited, not reaped yet) still answers kill -0.
pids() {
  local mark="-f $CONF " pid
  [ "$1" != munged ] || mark="--socket=$SOCKET "
  for pid in $(pgrep -x "$1" || true); do
    [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" != Z ] || continue
    { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -qF -- "$mark" && echo "$pid"
  done
  return 0
}
running() { [ -n "$(pids "$1")" ]; }

# A controller that answers does so at once; one that is not there makes sinfo wait 10 s.
node_state() { timeout 3 sinfo -h -N -o %T 2>/dev/null | head -1; }

# The daemons and the configuration are checked first: sinfo waits for its time-out when no
# controller answers, and retries for 60 s when its configuration file is missing.
healthy() {
  running munged && running slurmctld && running slurmd && [ -f "$CONF" ] &&
    [[ "$(node_state)" =~ ^(idle|mixed|allocated)$ ]]
}

# last_error LOG: the line of a daemon's log that says best why it did not start: its last fatal
# one, else its last error but for the MPI plugins' (no PMIx here), which every start logs.
last_error() {
  local line
  line="$(grep -i 'fatal' "$1" 2>/dev/null | tail -1 || true)"
  [ -n "$line" ] || line="$(grep -i 'error' "$1" 2>/dev/null | grep -viE 'pmix|mpi' | tail -1 || true)"
  line="${line#\[*\] }"  # the time stamp
  echo "${line:-no error logged}"
}

ours_linked() { [ "$(readlink "$SYSTEM_CONF" 2>/dev/null)" = "$CONF" ]; }
# An earlier version of this script wrote the file itself, marked on its first line.
ours_written() {
  [ -f "$SYSTEM_CONF" ] && ! [ -L "$SYSTEM_CONF" ] &&
    head -1 "$SYSTEM_CONF" | grep -q '^# Written by .*scripts/slurm/local-cluster.sh'
}

write_config() {
  local node
  # slurmd -C describes this machine as Slurm sees it (name, CPUs, memory); a node configured
  # with more than it has would be drained.
  node="$(slurmd -C 2>/dev/null | head -1)" || true
  [[ "$node" == NodeName=* ]] || die "slurmd -C did not describe this machine"
  NODE_NAME="${node%% *}"
  NODE_NAME="${NODE_NAME#NodeName=}"
  cat >"$CONF" <<EOF
# Written by $SELF: a one-node cluster on this machine.
ClusterName=sudoku-local
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SOCKET
# No cgroups (a container has none to give): processes are tracked by parent pid and tasks are
# not confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
# No accounting database, so no sacct: finished jobs stay visible to scontrol for MinJobAge s.
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MinJobAge=300
# One core per task by default, so that the array's tasks share the node.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Schedule as soon as a job is submitted or ends, not up to 3 s later (the default), which is
# most of the time a short test takes.
SchedulerParameters=batch_sched_delay=0
MpiDefault=none
# There is no mail program to call.
MailProg=/bin/true
SwitchType=switch/none
ReturnToService=2
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
  # munged refuses a key that others can read, and a socket folder that others can write.
  if [ ! -s "$DIR/munge/munge.key" ]; then
    mungekey --create --keyfile="$DIR/munge/munge.key" 2>/dev/null ||
      dd if=/dev/urandom of="$DIR/munge/munge.key" bs=1024 count=1 2>/dev/null ||
      die "cannot make a munge key in $DIR/munge"
  fi
  chmod 0600 "$DIR/munge/munge.key"
  chmod 0711 "$DIR/munge"
  rm -f "$SOCKET" "$SOCKET.lock"
  munged --key-file="$DIR/munge/munge.key" --socket="$SOCKET" --pid-file="$DIR/run/munged.pid" \
    --log-file="$DIR/log/munged.log" --seed-file="$DIR/munge/munged.seed" \
    </dev/null >>"$DIR/log/munged.out" 2>&1 ||
    die "munged did not start: $(last_error "$DIR/log/munged.log")"
  local _
  for _ in $(seq 1 50); do
    munge -S "$SOCKET" -n 2>/dev/null | unmunge -S "$SOCKET" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  die "munged does not answer on $SOCKET"
}

# process_tree PID: PID and its descendants.
process_tree() {
  local child
  echo "$1"
  for child in $(pgrep -P "$1" || true); do process_tree "$child"; done
}

# end_daemons: cancels the cluster's jobs and ends what start began, leaving none behind.
end_daemons() {
  local name pid found _
  # A job's slurmstepd outlives slurmd: cancel the jobs first so that none runs on unseen. (Not
  # without the configuration file, which Slurm's commands would wait 60 s for.)
  if running slurmctld && [ -f "$CONF" ]; then
    squeue -h -o %A 2>/dev/null | xargs -r scancel 2>/dev/null || true
    for _ in $(seq 1 50); do
      [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  for name in slurmd slurmctld munged; do
    mapfile -t found < <(pids "$name")
    [ ${#found[@]} -gt 0 ] || continue
    kill "${found[@]}" 2>/dev/null || true
    for _ in $(seq 1 50); do
      running "$name" || break
      sleep 0.1
    done
    mapfile -t found < <(pids "$name")
    [ ${#found[@]} -eq 0 ] || kill -KILL "${found[@]}" 2>/dev/null || true
  done
  # Steps of this cluster that outlived their cancel (slurmd passed SLURM_CONF on to them), with
  # the job's processes under them.
  for pid in $(pgrep -x slurmstepd || true); do
    if { tr '\0' '\n' <"/proc/$pid/environ"; } 2>/dev/null | grep -qxF "SLURM_CONF=$CONF"; then
      mapfile -t found < <(process_tree "$pid")
      kill -KILL "${found[@]}" 2>/dev/null || true
    fi
  done
  rm -f "$DIR"/run/*.pid "$SOCKET" "$SOCKET.lock"
}

print_usage() {
  local use=""
  ours_linked || use="export SLURM_CONF=$CONF; "
  echo "Local Slurm cluster up: node $(sinfo -h -N -o '%N, %c CPUs, partition %R' | head -1)."
  echo "  config $CONF, logs $DIR/log"
  echo "  use:   ${use}sinfo; scripts/slurm/submit.sh --shards 4 --wait --db /tmp/big.db --count 10000 --seed 7"
  echo "  stop:  $SELF stop"
}

start() {
  [ "$(id -u)" -eq 0 ] || die "needs root: the daemons run as root"
  ensure_packages slurm-wlm munge
  if healthy; then
    log "local-cluster: already running"
    print_usage
    return 0
  fi
  # Whatever a half-finished start left running goes first: a fresh start is simpler to trust.
  end_daemons
  starting=1
  mkdir -p "$DIR/munge" "$DIR/state" "$DIR/spool" "$DIR/run" "$DIR/log"
  chmod 0755 "$DIR" "$DIR/run" "$DIR/log"
  write_config
  # Slurm's commands read /etc/slurm/slurm.conf unless SLURM_CONF says otherwise.
  if ours_written || { ! [ -e "$SYSTEM_CONF" ] && ! [ -L "$SYSTEM_CONF" ]; }; then
    mkdir -p "$(dirname "$SYSTEM_CONF")"
    ln -sfn "$CONF" "$SYSTEM_CONF"
  fi
  start_munge
  # -c: start with no jobs; stop ended them, and a fresh state has nothing stale to recover.
  slurmctld -c -f "$CONF" </dev/null >>"$DIR/log/slurmctld.out" 2>&1 ||
    die "slurmctld did not start: $(last_error "$DIR/log/slurmctld.log")"
  slurmd -f "$CONF" -N "$NODE_NAME" </dev/null >>"$DIR/log/slurmd.out" 2>&1 ||
    die "slurmd did not start: $(last_error "$DIR/log/slurmd.log")"
  local _ state=""
  for _ in $(seq 1 300); do
    running slurmctld ||
      die "slurmctld stopped: $(last_error "$DIR/log/slurmctld.log")"
    running slurmd || die "slurmd stopped: $(last_error "$DIR/log/slurmd.log")"
    state="$(node_state)"
    case "$state" in
      idle | mixed | allocated) break ;;
      # ReturnToService covers a node that was down for not answering, not a drained one.
      down* | drain*) scontrol update NodeName="$NODE_NAME" State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 0.2
  done
  case "$state" in
    idle | mixed | allocated) print_usage ;;
    *) die "node $NODE_NAME did not come up in 60 s (state '${state:-none}'): $(last_error "$DIR/log/slurmctld.log")" ;;
  esac
}

stop() {
  end_daemons
  if ours_linked; then rm -f "$SYSTEM_CONF"; fi
  log "local-cluster: stopped"
}

status() {
  if healthy; then
    sinfo
    squeue
  else
    local name up=()
    for name in munged slurmctld slurmd; do
      if running "$name"; then up+=("$name"); fi
    done
    log "local-cluster: not running${up[*]:+ (running: ${up[*]})}"
    return 1
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  -h | --help) script_help "$0" ;;
  *)
    log "usage: $SELF start|stop|status"
    exit 2
    ;;
esac
