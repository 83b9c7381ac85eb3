#!/usr/bin/env bash
# A private single-node Slurm cluster on this host, for trying `scmpexp sweep --slurm` and for its test.
#
#   experiments/slurm/local-slurm.sh start [DIR]    # munged, slurmctld and slurmd; prints SLURM_CONF=DIR/slurm.conf
#   experiments/slurm/local-slurm.sh status [DIR]   # exit 0 when the node accepts jobs
#   experiments/slurm/local-slurm.sh stop [DIR]     # stops the daemons this script started (by their pid files)
#
# Everything lives in DIR (default ${TMPDIR:-/tmp}/scmp-slurm): the configuration, a munge key and socket,
# the state, the spool and the logs, so a system-wide Slurm or munge is neither used nor disturbed. Clients
# find this cluster through SLURM_CONF=DIR/slurm.conf. It needs Debian's slurm-wlm and munge
# (apt-get install slurm-wlm munge). The ports are SCMP_SLURM_PORT and SCMP_SLURM_PORT + 1 (default 16817).
# Exit codes: 0 done, 1 the daemons did not come up (the logs in DIR say why), 3 Slurm or munge is not
# installed.
set -euo pipefail

cmd=${1:-}
dir=${2:-${TMPDIR:-/tmp}/scmp-slurm}
port=${SCMP_SLURM_PORT:-16817}

case "$cmd" in
  start|stop|status) ;;
  *) echo "usage: $0 start|stop|status [DIR]" >&2; exit 2 ;;
esac

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
export SLURM_CONF="$dir/slurm.conf"

# Stops the daemon whose pid file is $1, if it is running.
stop_pid() {
  local f=$1
  if [ -f "$f" ]; then
    local pid
    pid=$(cat "$f")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$f"
  fi
}

# Whether the node is up and idle or busy (it accepts jobs).
node_up() {
  local state
  state=$(sinfo -h -o %T 2>/dev/null | head -n 1) || return 1
  case "$state" in
    idle*|mixed*|allocated*|completing*) return 0 ;;
    *) return 1 ;;
  esac
}

if [ "$cmd" = stop ]; then
  stop_pid "$dir/slurmd.pid"
  stop_pid "$dir/slurmctld.pid"
  stop_pid "$dir/munged.pid"
  exit 0
fi

if [ "$cmd" = status ]; then
  if [ -f "$SLURM_CONF" ] && node_up; then
    echo "SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  exit 1
fi

for tool in munged slurmctld slurmd sbatch sinfo; do
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
    echo "local-slurm: $tool is not installed (apt-get install slurm-wlm munge)" >&2
    exit 3
  fi
done
PATH=$PATH:/usr/sbin

if [ -f "$SLURM_CONF" ] && node_up; then
  echo "SLURM_CONF=$SLURM_CONF"
  exit 0
fi
stop_pid "$dir/slurmd.pid"
stop_pid "$dir/slurmctld.pid"
stop_pid "$dir/munged.pid"

user=$(id -un)
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"

# munge: a key of our own and a socket in DIR. Running as root needs --force.
if [ ! -s "$dir/munge/munge.key" ]; then
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
fi
chmod 600 "$dir/munge/munge.key"
force=()
[ "$(id -u)" = 0 ] && force=(--force)
munged "${force[@]}" --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/munged.seed" \
  > "$dir/munged.out" 2>&1 || { echo "local-slurm: munged did not start: $(tail -n 1 "$dir/munged.out")" >&2; exit 1; }

# Slurm: one node with every CPU of this host, no accounting, no cgroups (they need privileges a container
# often lacks), process tracking through /proc.
cat > "$SLURM_CONF" <<EOF
ClusterName=scmp-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$user
SlurmdUser=$user
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
MinJobAge=300
KillWait=5
Waittime=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -f "$SLURM_CONF" > "$dir/slurmctld.out" 2>&1 \
  || { echo "local-slurm: slurmctld did not start: $(tail -n 1 "$dir/slurmctld.out")" >&2; exit 1; }
slurmd -f "$SLURM_CONF" > "$dir/slurmd.out" 2>&1 \
  || { echo "local-slurm: slurmd did not start: $(tail -n 1 "$dir/slurmd.out")" >&2; exit 1; }

for _ in $(seq 60); do
  if node_up; then
    echo "SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 0.5
done
echo "local-slurm: the node did not come up within 30 s; see $dir/slurmctld.log and $dir/slurmd.log" >&2
exit 1
