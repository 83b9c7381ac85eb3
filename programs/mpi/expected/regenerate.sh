#!/bin/sh
# Regenerates the expected outputs of the MPI programs that run under any MPI: each is compiled with the
# host's MPICH (mpicc) and run with mpiexec on 4 and 16 processes; its stdout and exit status are kept as
# NAME.nP.out and NAME.nP.status. MpiProgramsTest runs the same programs on 2x2 and 4x4 meshes and compares.
# Usage: programs/mpi/expected/regenerate.sh   (needs mpicc and mpiexec, e.g. Debian's mpich)
set -e
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in datatypes probe bsend persistent completion errors fatal storm bigmsg bigpingpong pmpi; do
    mpicc -O1 -w -o "$work/$name" "$src/$name.c"
    for n in 4 16; do
        status=0
        mpiexec -n $n "$work/$name" > "$here/$name.n$n.out" 2> "$work/stderr" || status=$?
        echo $status > "$here/$name.n$n.status"
        echo "$name -n $n: exit $status"
    done
done
