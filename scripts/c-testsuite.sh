#!/usr/bin/env bash
# Runs the single-exec tests of c-testsuite (https://github.com/c-testsuite/c-testsuite) as its own runners
# do (docs/testing.md, "Public suites"): each tests/single-exec/NNNNN.c is built with scmpcc at -O0 and at
# -O1, run with scmpsim in an empty directory it may write (--dir), and its standard output and error
# together must equal NNNNN.c.expected with exit status 0. Prints one row per test (the result at each
# level, the first line of the first failure's message) and a summary per level: pass, compile error, wrong
# output, fault (a trap, an abort, a non-zero status), time-out.
#
# Usage: scripts/c-testsuite.sh [-o OUT] [-l "LEVELS"] [-c MAX_CYCLES] [-t SECONDS] DIR [TEST...]
#   DIR        a checkout of c-testsuite (or its tests/single-exec directory)
#   TEST       test names (00042 or 00042.c) to run instead of all of them
#   -o OUT     keep each failing test's outputs in OUT/NNNNN-LEVEL.{cc,out,err} (default: a temporary directory)
#   -l LEVELS  optimisation levels (default "-O0 -O1")
#   -c N       scmpsim --max-cycles (default 10^10); -t S: wall-clock limit per step (default 120 s)
# SCMP_BIN names another bin/ directory than this checkout's.
set -uo pipefail

out=
levels="-O0 -O1"
max_cycles=10000000000
limit=120
while getopts "o:l:c:t:h" opt; do
  case $opt in
    o) out=$OPTARG ;;
    l) levels=$OPTARG ;;
    c) max_cycles=$OPTARG ;;
    t) limit=$OPTARG ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
dir=$1
shift
if [ -d "$dir/tests/single-exec" ]; then dir=$dir/tests/single-exec; fi
[ -d "$dir" ] && ls "$dir"/*.c.expected >/dev/null 2>&1 || { echo "c-testsuite: no tests/single-exec/*.c.expected under $1" >&2; exit 2; }

bin=${SCMP_BIN:-$(cd "$(dirname "$(readlink -f "$0")")/../bin" && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -n "$out" ] || out=$work/keep
mkdir -p "$out"

if [ $# -gt 0 ]; then
  tests=()
  for t in "$@"; do tests+=("$dir/${t%.c}.c"); done
else
  tests=("$dir"/*.c)
fi

declare -A count
first_line() { grep -m1 -v '^[[:space:]]*$' "$1" | cut -c1-110; }

printf '%-7s' test
for level in $levels; do printf ' %-13s' "$level"; done
printf ' %s\n' "first failure"
for src in "${tests[@]}"; do
  name=$(basename "$src" .c)
  row=$(printf '%-7s' "$name")
  why=
  for level in $levels; do
    keep=$out/$name$level
    if ! timeout "$limit" "$bin/scmpcc" -w $level "$src" -o "$work/prog" >"$work/cc" 2>&1; then
      result=compile-error
      cp "$work/cc" "$keep.cc"
      detail=$(first_line "$work/cc")
    else
      # a writable working directory of its own, as the suite's runners give (00187.c writes a file)
      rm -rf "$work/dir" && mkdir "$work/dir"
      (cd "$work/dir" && timeout "$limit" "$bin/scmpsim" --dir=. --max-cycles="$max_cycles" "$work/prog" \
        </dev/null >"$work/out" 2>"$work/err")
      rc=$?
      cat "$work/err" >>"$work/out"
      if [ $rc = 124 ]; then
        result=time-out
        detail="no end after $max_cycles cycles or $limit s"
      elif [ $rc = 0 ] && cmp -s "$work/out" "$src.expected"; then
        result=pass
        detail=
      elif [ $rc = 0 ]; then
        result=wrong-output
        detail=$(diff "$src.expected" "$work/out" | grep -m1 '^[<>]' | cut -c1-110)
      else
        result=fault
        detail="exit $rc: $(first_line "$work/err")"
      fi
      if [ $result != pass ]; then cp "$work/out" "$keep.out"; cp "$work/err" "$keep.err"; fi
    fi
    count[$level,$result]=$(( ${count[$level,$result]:-0} + 1 ))
    row+=$(printf ' %-13s' "$result")
    if [ $result != pass ] && [ -z "$why" ]; then why="$level: $detail"; fi
    rm -f "$work/prog"
  done
  printf '%s %s\n' "$row" "$why"
done

echo
total=${#tests[@]}
failed=0
for level in $levels; do
  printf '%s: %d tests:' "$level" "$total"
  for result in pass compile-error wrong-output fault time-out; do
    n=${count[$level,$result]:-0}
    printf ' %s %d' "$result" "$n"
    [ $result = pass ] || failed=$((failed + n))
  done
  echo
done
[ "$failed" = 0 ]
