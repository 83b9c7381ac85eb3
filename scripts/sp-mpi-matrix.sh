#!/usr/bin/env bash
# Runs the SCMP MPI test programs of programs/mpi on the SP model under each stack (MPI-LAPI's base, counters and
# enhanced versions, and the native stack; optionally in interrupt mode) at -n 4 and -n 16, compares each run with
# MPICH's output, and prints one table row per run: program, processes, stack, PASS/FAIL/TIMEOUT, host seconds,
# simulated cycles. The oracle is programs/mpi/NAME.N.expected (standard output) for the programs in standard
# form, or programs/mpi/expected/NAME.nN.out and .status (standard output and exit status) for the point-to-point
# ones. Runs go one at a time, under nice, each with a host time limit.
#
#   scripts/sp-mpi-matrix.sh                               every program, -n 4 and 16, base counters enhanced native
#   scripts/sp-mpi-matrix.sh -s "native base-int" -n 4 coll ops
#
# A stack is base, counters, enhanced or native; a -int suffix adds MP_CSS_INTERRUPT=yes. -t SECONDS sets the limit
# per run (default 600); -k DIR keeps each failing run's stdout and stderr there. Exit status: 0 when every run
# passes, 1 otherwise.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
stacks="base counters enhanced native"
sizes="4 16"
limit=600
keep=""
while getopts "s:n:t:k:" o; do
  case "$o" in
    s) stacks="$OPTARG" ;;
    n) sizes="$OPTARG" ;;
    t) limit="$OPTARG" ;;
    k) keep="$OPTARG"; mkdir -p "$keep" ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
mpi="$root/programs/mpi"
if [ $# -eq 0 ]; then
  set -- $( (ls "$mpi"/*.4.expected | sed 's|.*/||; s/\.4\.expected$//'
             ls "$mpi"/expected/*.n4.out | sed 's|.*/||; s/\.n4\.out$//') | sort -u)
fi
work="$(mktemp -d)"
sim=""
trap '[ -n "$sim" ] && kill "$sim" 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

env_of() {
  case "$1" in
    base|counters|enhanced) echo "--env MPI_LAPI_VERSION=$1" ;;
    native) echo "--env MP_MPI_STACK=native" ;;
    *-int) echo "$(env_of "${1%-int}") --env MP_CSS_INTERRUPT=yes" ;;
    *) echo "unknown stack $1" >&2; exit 2 ;;
  esac
}

printf '%-12s %3s %-13s %-7s %8s %12s\n' program n stack result host_s cycles
fails=0
for p in "$@"; do
  exe="$work/$p"
  if ! "$root/bin/scmpcc" -O1 -mmachine=sp -o "$exe" "$mpi/$p.c" 2> "$work/cc.err"; then
    printf '%-12s %3s %-13s %-7s\n' "$p" - - NOBUILD
    cat "$work/cc.err" >&2
    fails=$((fails + 1))
    continue
  fi
  for n in $sizes; do
    if [ -f "$mpi/$p.$n.expected" ]; then
      want="$mpi/$p.$n.expected"; want_status=0
    elif [ -f "$mpi/expected/$p.n$n.out" ]; then
      want="$mpi/expected/$p.n$n.out"; want_status="$(tr -d ' \n' < "$mpi/expected/$p.n$n.status")"
    else
      continue
    fi
    for s in $stacks; do
      start=$(date +%s.%N)
      # shellcheck disable=SC2046
      timeout "$limit" nice "$root/bin/scmpsim" --machine sp -n "$n" $(env_of "$s") --stats="$work/stats.json" \
        "$exe" > "$work/out" 2> "$work/err" < /dev/null &
      sim=$!   # timeout runs in a process group of its own: killed on the way out if the script is stopped
      wait "$sim"
      status=$?
      sim=""
      secs=$(echo "$(date +%s.%N) - $start" | bc)
      cycles=$(grep -o '"cycles": *[0-9]*' "$work/stats.json" 2>/dev/null | head -1 | grep -o '[0-9]*$')
      if [ "$status" -eq 124 ]; then
        result=TIMEOUT
      elif [ "$status" -eq "$want_status" ] && cmp -s "$want" "$work/out"; then
        result=PASS
      else
        result=FAIL
      fi
      if [ "$result" != PASS ]; then
        fails=$((fails + 1))
        if [ -n "$keep" ]; then
          cp "$work/out" "$keep/$p.$n.$s.out"; cp "$work/err" "$keep/$p.$n.$s.err"
          echo "$status" > "$keep/$p.$n.$s.status"
        fi
      fi
      printf '%-12s %3s %-13s %-7s %8.1f %12s\n' "$p" "$n" "$s" "$result" "$secs" "${cycles:--}"
      rm -f "$work/stats.json"
    done
  done
done
exit $((fails > 0))
