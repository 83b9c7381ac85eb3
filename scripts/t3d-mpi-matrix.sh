#!/usr/bin/env bash
# Runs every SCMP MPI test program (programs/mpi/*.c) on the T3D model at -n 4 and -n 16 and prints a table:
# program, n, T3D result, host seconds of the T3D run, simulated cycles (docs/mpi-t3d.md, "The test matrix").
#
# Each program is built with `scmpcc -O1 -mmachine=t3d` and run with `scmpsim -n N`, one run at a time, under
# `nice` and `timeout` (900 s, or $T3D_MATRIX_TIMEOUT). Its standard output is compared with MPICH's: the
# program's NAME.N.expected file, else programs/mpi/expected/NAME.nN.out with the exit status beside it; a
# program with neither is compared with its SCMP run (the same source built without -mmachine, `scmpsim -n N`),
# output and exit status. Programs that print timings of the machine (latency, collbench) are compared by the
# first word of each line (the operation or the message size) and the exit status.
#
# Results: ok; differs (output or status not the reference's); fault (the simulator reports a fault or a
# trap); hang (the simulator reports a deadlock where the reference does not end with one, or the run reaches
# its cycle limit); time-out; no build (the program does not compile for the T3D: it is about the SCMP chip and
# uses its own interface, getNodeId, the mesh); scmp only (it does not run under scmpsim -n on SCMP either, so
# there is nothing to compare with).
#
#   scripts/t3d-mpi-matrix.sh                  every program at 4 and 16
#   scripts/t3d-mpi-matrix.sh coll storm       those programs
#   T3D_MATRIX_N="16" scripts/t3d-mpi-matrix.sh bigmsg
#   T3D_MATRIX_KEEP=DIR scripts/t3d-mpi-matrix.sh   keeps each failing run's output, stderr and reference in DIR
#
# Needs the toolchain built (mvn -o -q package -DskipTests). Exits non-zero when a run is not ok.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
src="$root/programs/mpi"
limit="${T3D_MATRIX_TIMEOUT:-900}"
sizes="${T3D_MATRIX_N:-4 16}"
work="$(mktemp -d "${TMPDIR:-/tmp}/t3d-mpi-matrix.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ $# -eq 0 ]; then
    set -- $(cd "$src" && ls *.c | sed 's/\.c$//')
fi

# scmpsim options of the T3D run: nomem.c is about a node of 8 MB (SCMP's), which it fills; deadlock.c ends
# with the deadlock report (status 142) as on SCMP, the cycle limit only a guard should the livelock proof miss it
options() {
    case "$1" in
        nomem) echo --mem=8M ;;
        deadlock) echo --max-cycles=20000000 ;;
    esac
}

# the programs whose output is timings of the machine they run on
masked() { case "$1" in latency | collbench) return 0 ;; *) return 1 ;; esac; }
mask() { if masked "$1"; then awk '{ print $1 }'; else cat; fi; }

now() { date +%s.%N; }

printf '%-12s %3s  %-10s %8s %14s\n' program n result host_s cycles
bad=0
for name in "$@"; do
    name="${name%.c}"
    t3d="$work/$name.t3d"
    scmp="$work/$name.scmp"
    built=1
    nice "$root/bin/scmpcc" -O1 -mmachine=t3d -o "$t3d" "$src/$name.c" > "$work/cc.err" 2>&1 || built=0
    for n in $sizes; do
        if [ $built -eq 0 ]; then
            printf '%-12s %3s  %-10s %8s %14s\n' "$name" "$n" "no build" - -
            continue
        fi
        # the reference: MPICH's output (and status), else the SCMP run's
        ref_out="$work/ref.out"
        ref_status=0
        check_status=1
        if [ -f "$src/$name.$n.expected" ]; then
            cp "$src/$name.$n.expected" "$ref_out"
            check_status=0
        elif [ -f "$src/expected/$name.n$n.out" ]; then
            cp "$src/expected/$name.n$n.out" "$ref_out"
            ref_status=$(tr -d '[:space:]' < "$src/expected/$name.n$n.status")
        else
            [ -f "$scmp" ] || nice "$root/bin/scmpcc" -O1 -o "$scmp" "$src/$name.c" > "$work/cc.err" 2>&1
            ref_status=0
            nice timeout "$limit" "$root/bin/scmpsim" -n "$n" "$scmp" > "$ref_out" 2> "$work/ref.err" \
                || ref_status=$?
            if [ "$ref_status" -ne 0 ] && [ "$ref_status" -ne 142 ] && grep -q 'error' "$work/ref.err" \
                && ! [ -s "$ref_out" ]; then
                printf '%-12s %3s  %-10s %8s %14s\n' "$name" "$n" "scmp only" - -
                continue
            fi
        fi
        status=0
        start=$(now)
        nice timeout "$limit" "$root/bin/scmpsim" -n "$n" $(options "$name") --cycles "$t3d" > "$work/out" \
            2> "$work/err" || status=$?
        secs=$(echo "$(now) - $start" | bc)
        cycles=$(sed -n 's/^cycles: //p' "$work/err" | tail -1)
        if [ "$status" -eq 124 ] && options "$name" | grep -q max-cycles; then
            result=hang
        elif [ "$status" -eq 124 ]; then
            result=time-out
        elif grep -qi 'deadlock' "$work/err" && [ "$ref_status" -ne 142 ]; then
            result=hang
        elif grep -qiE '\b(fault|trap)\b' "$work/err" && [ "$status" != "$ref_status" ]; then
            result=fault
        elif ! cmp -s <(mask "$name" < "$work/out") <(mask "$name" < "$ref_out"); then
            result=differs
        elif [ $check_status -eq 1 ] && [ "$status" != "$ref_status" ]; then
            result=differs
        else
            result=ok
        fi
        if [ "$result" != ok ]; then
            bad=1
            cp "$work/out" "$work/err" "$ref_out" "${T3D_MATRIX_KEEP:-$work}/" 2> /dev/null || true
            if [ -n "${T3D_MATRIX_KEEP:-}" ]; then
                mv "$T3D_MATRIX_KEEP/out" "$T3D_MATRIX_KEEP/$name.n$n.out"
                mv "$T3D_MATRIX_KEEP/err" "$T3D_MATRIX_KEEP/$name.n$n.err"
                mv "$T3D_MATRIX_KEEP/ref.out" "$T3D_MATRIX_KEEP/$name.n$n.ref"
            fi
        fi
        printf '%-12s %3s  %-10s %8.1f %14s\n' "$name" "$n" "$result" "$secs" "${cycles:--}"
    done
done
exit $bad
