#!/usr/bin/env bash
# A one-node Slurm on this machine, to try the Slurm recipe and to test it:
#   scripts/slurm/local-cluster.sh start|stop|status
# Installs Debian's slurm-wlm and munge if missing, and runs munged, slurmctld and slurmd as
# plain processes (no systemd), as root, with their state and logs under $SUDOKU_SLURM_DIR
# (default /tmp/sudoku-slurm). The configuration goes to /etc/slurm/slurm.conf, where Slurm's
# commands look for it; an existing slurm.conf that this script did not write (a real cluster's)
# is never replaced: start refuses instead. Exit codes: 0 done, 1 cannot start, 2 bad usage.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../common.sh"

DIR="${SUDOKU_SLURM_DIR:-/tmp/sudoku-slurm}"
CONF=/etc/slurm/slurm.conf
MARK="# Written by sudoku-corpus scripts/slurm/local-cluster.sh"

die() {
  log "local-cluster: $*"
  exit 1
}

node_state() { sinfo -h -o %T 2>/dev/null | head -1; }

# The pid in file $1, if that process is alive.
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

write_config() {
  if [ -f "$CONF" ] && ! head -1 "$CONF" | grep -qF "$MARK"; then
    die "$CONF exists and belongs to another Slurm setup; not replacing it"
  fi
  local node
  # slurmd -C reads this machine's hardware: the node's name, CPUs and memory as Slurm sees them.
  node="$(slurmd -C | head -1)"
  mkdir -p "$DIR/state" "$DIR/spool" /etc/slurm
  cat >"$CONF" <<EOF
$MARK
ClusterName=sudoku-local
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
# No cgroups here: processes are tracked by parent pid, tasks are not confined.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
# Finished jobs stay visible to scontrol for a while, so that a waiting script reads their state.
MinJobAge=600
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then return 0; fi
  # munged wants its key readable by its user only and its socket folder searchable by all.
  [ -f /etc/munge/munge.key ] || mungekey --create >/dev/null 2>&1 || die "cannot create a munge key"
  chown munge:munge /etc/munge/munge.key
  chmod 0600 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  chmod 0711 /run/munge
  runuser -u munge -- /usr/sbin/munged || die "munged did not start (see /var/log/munge)"
  local i
  for i in $(seq 1 50); do
    munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  die "munge does not answer"
}

start() {
  ensure_packages slurm-wlm munge
  if alive "$DIR/slurmctld.pid" && alive "$DIR/slurmd.pid" && [ "$(node_state)" = idle ]; then
    log "local-cluster: already running"
    return 0
  fi
  write_config
  start_munge
  alive "$DIR/slurmctld.pid" || slurmctld -i || die "slurmctld did not start (see $DIR/slurmctld.log)"
  alive "$DIR/slurmd.pid" || slurmd || die "slurmd did not start (see $DIR/slurmd.log)"
  local i state=""
  for i in $(seq 1 100); do
    state="$(node_state)"
    case "$state" in
      idle | mixed | allocated) break ;;
      down* | drain*) scontrol update NodeName=ALL State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 0.2
  done
  case "$state" in
    idle | mixed | allocated) ;;
    *) die "the node did not come up (state '${state:-none}'; see $DIR/slurmctld.log)" ;;
  esac
  log "local-cluster: one node up ($(sinfo -h -o '%n %c CPUs %m MB')); stop it with: $0 stop"
}

stop() {
  local daemon
  for daemon in slurmd slurmctld; do
    if alive "$DIR/$daemon.pid"; then
      kill "$(cat "$DIR/$daemon.pid")" 2>/dev/null || true
    fi
  done
  for daemon in slurmd slurmctld; do
    local i
    for i in $(seq 1 50); do
      alive "$DIR/$daemon.pid" || break
      sleep 0.1
    done
  done
  rm -f "$DIR"/*.pid
  log "local-cluster: stopped"
}

status() {
  if alive "$DIR/slurmctld.pid" && alive "$DIR/slurmd.pid"; then
    sinfo
  else
    log "local-cluster: not running"
    return 1
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *)
    echo "usage: scripts/slurm/local-cluster.sh start|stop|status" >&2
    exit 2
    ;;
esac
