#!/usr/bin/env bash
# Regenerates programs/mpi/NAME.4.expected and NAME.16.expected from MPICH, the differential oracle of the
# MPI programs in standard form (main calls MPI_Init; scmpsim -n 4 / -n 16 runs them): each program is built
# with mpicc and run with `mpiexec -n 4` and `-n 16`; the file holds its standard output (rank 0 prints). MPIR_CVAR_DEVICE_COLLECTIVES=none keeps MPICH 4.0's ch4 device
# collectives out: they crash in MPI_Reduce at a root other than 0 with a few thousand elements.
#
#   programs/mpi/update-expected.sh              regenerate every NAME.4.expected / NAME.16.expected
#   programs/mpi/update-expected.sh coll.c       one of them
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export MPIR_CVAR_DEVICE_COLLECTIVES=none

if [ $# -eq 0 ]; then
  set -- $(ls "$dir"/*.4.expected | sed 's/\.4\.expected$/.c/')
fi
for f in "$@"; do
  case "$f" in /*) ;; *) [ -f "$f" ] || f="$dir/$f" ;; esac
  mpicc -O1 -w -o "$work/prog" "$f"
  for n in 4 16; do
    out="${f%.c}.$n.expected"
    mpiexec -n $n "$work/prog" > "$out.tmp" < /dev/null
    mv "$out.tmp" "$out"
    echo "$out"
  done
done
