#!/usr/bin/env bash
# Runs MPICH's own MPI tests (test/mpi of https://github.com/pmodels/mpich) on the simulator, as MPICH's
# runtests does (docs/testing.md, "Public suites"): the MTest helpers (util/mtest.c, mtest_common.c,
# mtest_single.c, dtypes.c, and run_mpitests.c, the main() of the tests that define run()) are built once
# into a library, each test of a category's testlist is built with
# scmpcc -O1 and run with scmpsim -n N (N from the testlist, with the testlist's arguments), and passes when
# it exits with 0 and prints " No Errors" (or " No errors") and nothing else; a test the testlist marks
# resultTest=TestStatus or TestErrFatal passes when it exits with a non-zero status, as in runtests.
# Prints one row per test and a summary per category; a test that needs an MPI function or constant libmpi does not have is counted as "unsupported"
# with the names it needs, and what the suite cannot run here is skipped with its reason.
#
# Usage: scripts/mpich-tests.sh [-p PROTOCOL] [-o OUT] [-t SECONDS] [-c MAX_CYCLES] [-s BYTES] [-T TESTS] [-S] DIR [CATEGORY...]
#   DIR          a checkout of MPICH (or its test/mpi directory)
#   CATEGORY     test/mpi subdirectories (default: pt2pt coll group comm datatype topo rma attr errhan init basic)
#   -p PROTOCOL  scmpsim --mpi-protocol (default: scmpsim's default, ours)
#   -o OUT       keep each failing test's build and run output in OUT/ (default: a temporary directory)
#   -t SECONDS   wall-clock limit per build and per run (default 120); -c N: scmpsim --max-cycles (default
#                4*10^9; a testlist's timeLimit=S, mpiexec's limit in seconds, makes it S*10^9 when that is
#                less: the simulated machine's seconds at 1 GHz)
#   -s BYTES     scmpsim --stack, the stack per thread context (default 128K: some tests keep 80 KB arrays
#                on the stack, which a Unix process allows and scmpsim's default 64K does not; more takes
#                heap from the tests that build types of megabytes)
#   -T TESTS     only the tests named (comma-separated, CATEGORY/NAME or NAME)
#   -B           build only: a test that builds counts as "built" and is not run
#   -S           keep each run's scmpsim --stats in OUT/ (ENTRY.stats.json) and print its simulated cycles
#                (of a run that ended, or reached the cycle limit) and wall-clock seconds in the row
# SCMP_BIN names another bin/ directory than this checkout's.
#
# Deviations from MPICH's runtests, each printed as a skip reason: the env= variants of a test set MPICH's own
# control variables and are run once; tests marked strict=false use MPICH extensions; GPU, thread, spawn,
# MPI-IO, dtpools and benchmark tests are skipped. The MTest helpers need two MPI-2 names libmpi does not
# define (MPI_UNIVERSE_SIZE, asked only when spawning is considered, and MPI_Type_get_envelope, used to tell a
# predefined datatype in MTestIsBasicDtype), and MPI_Info_create/set/free (MTestGetWin's hints for one of its
# windows); the build gives each that mpi.h lacks a local stand-in, printed at the start.
set -uo pipefail

protocol=
out=
limit=120
max_cycles=4000000000
only=
build_only=
stats=
stack=128K
usage() { sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while getopts "p:o:t:c:s:T:BSh" opt; do
  case $opt in
    p) protocol=$OPTARG ;;
    o) out=$OPTARG ;;
    t) limit=$OPTARG ;;
    c) max_cycles=$OPTARG ;;
    s) stack=$OPTARG ;;
    T) only=",$OPTARG," ;;
    B) build_only=1 ;;
    S) stats=1 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
src=$1
shift
[ -d "$src/test/mpi" ] && src=$src/test/mpi
[ -f "$src/util/mtest.c" ] && [ -f "$src/include/mpitest.h" ] || { echo "mpich-tests: no test/mpi (util/mtest.c) under $1" >&2; exit 2; }
src=$(cd "$src" && pwd)
categories=${*:-pt2pt coll group comm datatype topo rma attr errhan init basic}

bin=${SCMP_BIN:-$(cd "$(dirname "$(readlink -f "$0")")/../bin" && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$out" ] || out=$work/keep
mkdir -p "$out" "$work/include"

# What MPICH's configure would write for this machine: no thread package, no MPI-IO, no spawn, strict MPI.
cat >"$work/include/mpitestconf.h" <<'EOF'
#define THREAD_PACKAGE_NAME THREAD_PACKAGE_NONE
#define HAVE_STDARG_H 1
#define HAVE_STRING_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_STDINT_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_LONG_LONG 1
#define HAVE_MPI_INIT_THREAD 1
#define HAVE_MPI_WIN_CREATE 1
#define USE_STRICT_MPI 1
#define POINTERINT_t int
EOF
: >"$work/include/mtest_mpix.h"      # autogen.sh's empty stub outside MPICH
cat >"$work/include/mtest_scmp_compat.h" <<'EOF'
/* Stand-ins for the MPI-2 names the MTest helpers use and libmpi does not define. */
#ifndef MPI_UNIVERSE_SIZE
#define MPI_UNIVERSE_SIZE MPI_KEYVAL_INVALID   /* MTestSpawnPossible: "unknown" */
#endif
#ifndef MPI_COMBINER_NAMED
#define MPI_COMBINER_NAMED 1
static int MPI_Type_get_envelope(MPI_Datatype t, int *ni, int *na, int *nt, int *combiner)
{
    *ni = *na = *nt = 0;
    *combiner = t >= MPI_CHAR && t <= MPI_LB ? MPI_COMBINER_NAMED : 0;   /* the predefined handles */
    return MPI_SUCCESS;
}
#endif
#ifndef MPI_MAX_INFO_KEY
/* MTestGetWin's hints: libmpi's only info object is MPI_INFO_NULL (the hints are not needed) */
static int MPI_Info_create(MPI_Info *info) { *info = MPI_INFO_NULL; return MPI_SUCCESS; }
static int MPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    (void)info; (void)key; (void)value;
    return MPI_SUCCESS;
}
static int MPI_Info_free(MPI_Info *info) { *info = MPI_INFO_NULL; return MPI_SUCCESS; }
#endif
EOF
cc() { timeout "$limit" "$bin/scmpcc" -O1 -w -I"$work/include" -I"$src/include" "$@"; }
objs=
for f in mtest mtest_common mtest_single dtypes run_mpitests; do
  printf '#include <mpi.h>\n#include "mtest_scmp_compat.h"\n#include "%s"\n' "$src/util/$f.c" >"$work/$f.c"
  if cc -c "$work/$f.c" -o "$work/$f.o" >"$work/$f.err" 2>&1; then
    objs="$objs $work/$f.o"
  else
    echo "mpich-tests: util/$f.c does not compile:"; sed 's/^/  /' "$work/$f.err" | head -20
  fi
done
"$bin/scmpar" rc "$work/libmtest.a" $objs || exit 2
# The stand-ins this libmpi needed: those whose guard its mpi.h leaves open.
printf '#include <mpi.h>\n#ifndef MPI_UNIVERSE_SIZE\nSI MPI_UNIVERSE_SIZE\n#endif\n#ifndef MPI_COMBINER_NAMED\nSI MPI_Type_get_envelope\n#endif\n#ifndef MPI_MAX_INFO_KEY\nSI MPI_Info_create/set/free\n#endif\n' >"$work/standins.c"
standins=$(cc -E "$work/standins.c" 2>/dev/null | sed -n 's/^SI //p' | tr '\n' ' ')
echo "MTest helpers built:$(echo " $objs" | sed "s| $work/| |g"); stand-ins: ${standins:-none}"
echo "scmpsim ${protocol:+--mpi-protocol=$protocol }-n N; $(date -u '+%Y-%m-%d %H:%M UTC')"
echo

# The C sources and -D flags of a test built from another test's source (NAME_SOURCES, NAME_CPPFLAGS).
makefile_build() {
  awk -v n="$2" '
    $1 == n "_SOURCES" || $1 == n "_SOURCES=" { for (i = 2; i <= NF; i++) if ($i ~ /\.c$/) s = s " " $i }
    $1 == n "_CPPFLAGS" || $1 == n "_CPPFLAGS=" { for (i = 2; i <= NF; i++) if ($i ~ /^-D/) d = d " " $i }
    END { print d "|" s }' "$1/Makefile.am"
}

declare -A count=() skips=() missing=()
printf '%-40s %3s  %-12s %s\n' test np result detail
for cat in $categories; do
  dir=$src/$cat
  list=$dir/testlist.in
  [ -f "$list" ] || list=$dir/testlist
  [ -f "$list" ] || { echo "mpich-tests: no testlist in $cat" >&2; continue; }
  declare -A seen=()
  while read -r name np rest; do
    case $name in ''|'#'*) continue ;; esac
    args=() skip= key="$name $np" expect_status= run_cycles=$max_cycles
    for word in $rest; do
      case ${word,,} in
        arg=*) args+=("${word#arg=}"); key="$key ${word#arg=}" ;;
        strict=false) skip="MPICH extension (strict=false)" ;;
        hasgpu=*) skip="GPU" ;;
        resulttest=testbench) skip="benchmark (no pass/fail)" ;;
        resulttest=teststatus|resulttest=testerrfatal) expect_status=nonzero ;;
        timelimit=*) [ "${word#*=}000000000" -lt "$max_cycles" ] && run_cycles=${word#*=}000000000 ;;
      esac
    done
    [[ "$key" == *memtype=device* || "$rest" == *@* ]] && skip="GPU or configure-time variant"
    [ -n "${seen[$key]:-}" ] && continue      # an env= variant: MPICH control variables only
    seen[$key]=1
    label="$cat/$name${args[*]:+ ${args[*]}}"
    if [ -n "$only" ] && [[ "$only" != *",$cat/$name,"* && "$only" != *",$name,"* ]]; then continue; fi
    case $name in @*) skip="configure-time directory ($name)" ;; esac
    defs= files=
    if [ -z "$skip" ]; then
      # the sources and flags Makefile.am gives the test (mutex_bench.c is built with mcs_mutex.c), else NAME.c
      IFS='|' read -r defs rel <<<"$(makefile_build "$dir" "$name")"
      for f in $rel; do files="$files $dir/$f"; done
      [ -n "$files" ] || [ ! -f "$dir/$name.c" ] || files=$dir/$name.c
      [ -n "$files" ] || skip="no source found"
    fi
    if [ -z "$skip" ]; then
      if grep -qE 'mtest_dtp\.h|dtpools' $files; then skip="dtpools (MPICH's datatype pool library)"
      elif grep -qE 'MTest_Start_thread|pthread_create|MPI_THREAD_MULTIPLE' $files; then skip="threads"
      elif grep -qE 'MPI_Comm_spawn|MPI_Open_port|MPI_Comm_accept' $files; then skip="spawn / dynamic processes"
      elif grep -qE 'MPI_File_' $files; then skip="MPI-IO"
      elif grep -qE 'MPI_Session_|MPIX_' $files; then skip="MPI-4 sessions or MPIX extensions"
      fi
    fi
    if [ -n "$skip" ]; then
      result=skip detail=$skip
      skips[$skip]=$(( ${skips[$skip]:-0} + 1 ))
    else
      keep=$out/${cat}_${name}_n$np${args[*]:+_$(echo "${args[*]}" | tr -c 'A-Za-z0-9=.,\n-' _)}
      if ! cc $defs $files -L"$work" -lmtest -o "$work/prog" >"$work/cc" 2>&1; then
        # an error that names an MPI identifier (undeclared, an unknown type, an undefined reference)
        need=$(grep 'error' "$work/cc" | grep -oE "['\`]MPI_[A-Za-z0-9_]+'" | grep -oE 'MPI_[A-Za-z0-9_]+' | sort -u | tr '\n' ' ')
        if [ -n "$need" ]; then
          result=unsupported detail="needs ${need% }"
          for m in $need; do missing[$m]=$(( ${missing[$m]:-0} + 1 )); done
        else
          result=compile-error detail=$(grep -m1 'error' "$work/cc" | sed "s|$src/||" | cut -c1-120)
        fi
        cp "$work/cc" "$keep.cc"
      elif [ -n "$build_only" ]; then
        result=built detail=
      else
        t0=$SECONDS
        rm -f "$keep.stats.json"
        timeout "$limit" nice "$bin/scmpsim" ${protocol:+--mpi-protocol=$protocol} --max-cycles="$run_cycles" \
          --stack="$stack" ${stats:+--stats="$keep.stats.json"} -n "$np" "$work/prog" "${args[@]}" </dev/null >"$work/out" 2>&1
        rc=$?
        cyc=
        if [ -n "$stats" ]; then
          cyc=$(grep -oE '"cycles" *: *[0-9]+' "$keep.stats.json" 2>/dev/null | head -1 | grep -oE '[0-9]+$')
          cyc="[${cyc:-?} cycles, $((SECONDS - t0)) s]"
        fi
        body=$(grep -v '^[[:space:]]*$' "$work/out")
        if [ -n "$expect_status" ]; then
          # runtests' TestStatus and TestErrFatal: the test ends the run with an error (a non-zero status,
          # MPI_ERRORS_ARE_FATAL, or mpiexec's time limit: here the cycle or wall-clock limit)
          if [ $rc != 0 ]; then result=pass detail="exit $rc, as the testlist expects"
          else result=fail detail="exit 0 where the testlist expects a non-zero status"; cp "$work/out" "$keep.out"; fi
        elif [ $rc = 0 ] && [[ "$body" =~ ^[[:space:]]*No\ [Ee]rrors[[:space:]]*$ ]]; then
          result=pass detail=$cyc
        elif [ $rc = 0 ] && [[ "$body" =~ ^([[:space:]]*Test\ Skipped[[:space:]]*)+$ ]]; then
          result=skip detail="the test skips itself (Test Skipped)"
          skips[$detail]=$(( ${skips[$detail]:-0} + 1 ))
        else
          case $rc in
            124) result=time-out detail="no end after $run_cycles cycles or $limit s $cyc" ;;
            139|134) result=fault detail=$(grep -m1 -E 'fault|abort' "$work/out" | cut -c1-120) ;;
            142) result=deadlock detail=$(grep -m1 . "$work/out" | cut -c1-120) ;;
            *) result=fail detail="exit $rc: $(grep -v -m1 -E '^[[:space:]]*(No Errors)?[[:space:]]*$' "$work/out" | cut -c1-110)" ;;
          esac
          cp "$work/out" "$keep.out"
        fi
      fi
      rm -f "$work/prog"
    fi
    count[$cat,$result]=$(( ${count[$cat,$result]:-0} + 1 ))
    printf '%-40s %3s  %-12s %s\n' "$label" "$np" "$result" "$detail"
  done <"$list"
  unset seen
done

echo
results="pass fail fault deadlock time-out compile-error unsupported skip"
[ -z "$build_only" ] || results="built compile-error unsupported skip"
printf '%-10s' category; for r in $results; do printf ' %8s' "$r"; done; echo
tp=0 tr=0
for cat in $categories; do
  printf '%-10s' "$cat"
  for r in $results; do printf ' %8s' "${count[$cat,$r]:-0}"; done; echo
  for r in $results; do [ $r = skip ] || tr=$((tr + ${count[$cat,$r]:-0})); done
  tp=$((tp + ${count[$cat,pass]:-0} + ${count[$cat,built]:-0}))
done
echo "passed $tp of $tr run or built (skips not counted)"
if [ ${#skips[@]} -gt 0 ]; then
  echo "skipped, by reason:"
  for s in "${!skips[@]}"; do printf '  %4d  %s\n' "${skips[$s]}" "$s"; done | sort -rn
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "MPI names the unsupported tests need (tests needing each):"
  for m in "${!missing[@]}"; do printf '  %4d  %s\n' "${missing[$m]}" "$m"; done | sort -k1,1rn -k2 | head -60
fi
[ "$tp" = "$tr" ]
