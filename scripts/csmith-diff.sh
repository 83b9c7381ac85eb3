#!/usr/bin/env bash
# Differential test of scmpcc + scmpsim against gcc -m32 on random programs from csmith (docs/testing.md,
# "csmith"). For each seed: csmith writes a program, gcc -m32 builds and runs it on the host (the reference;
# a program that gcc's build does not finish in time is skipped, as csmith programs may loop for long),
# scmpcc builds it at -O0, -O1 or -O2 (by seed, or at the level -l gives) and scmpsim runs it; the
# "checksum = X" lines must agree.
# A program that differs, fails to compile, or traps is kept in OUT/fail/ with both outputs.
#
# Usage: scripts/csmith-diff.sh [-n SEEDS] [-s FIRST_SEED] [-o OUT] [-t HOST_TIMEOUT] [-c MAX_CYCLES] [-l 0|1|2]
# Needs csmith and libcsmith-dev (apt-get install csmith libcsmith-dev gcc-multilib) and a build
# (mvn -q package -DskipTests). SCMP_BIN names another bin/ directory (for example a copy of the tools
# made before a long run, so that rebuilding meanwhile does not change them); CSMITH_OPTS adds options to
# csmith (for example --no-packed-struct, to leave out the #pragma pack that csmith uses by default).
set -uo pipefail

seeds=500
first=1
out=csmith-out
host_timeout=5
max_cycles=2000000000
level=
while getopts "n:s:o:t:c:l:h" opt; do
  case $opt in
    n) seeds=$OPTARG ;;
    s) first=$OPTARG ;;
    o) out=$OPTARG ;;
    t) host_timeout=$OPTARG ;;
    c) max_cycles=$OPTARG ;;
    l) level=$OPTARG ;;
    *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done

bin=${SCMP_BIN:-$(cd "$(dirname "$(readlink -f "$0")")/../bin" && pwd)}
inc=${CSMITH_INCLUDE:-/usr/include/csmith}
for tool in csmith gcc; do
  command -v $tool >/dev/null || { echo "csmith-diff: $tool not found (apt-get install csmith libcsmith-dev gcc-multilib)" >&2; exit 2; }
done
[ -f "$inc/csmith.h" ] || { echo "csmith-diff: $inc/csmith.h not found (apt-get install libcsmith-dev)" >&2; exit 2; }

mkdir -p "$out/fail"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0 skipped=0 mismatches=0
log="$out/results.tsv"
printf 'seed\topt\tresult\n' >"$log"
last=$((first + seeds - 1))
for seed in $(seq "$first" "$last"); do
  opt=-O${level:-$((seed % 3))}
  src=$work/s$seed.c
  # In the work directory: csmith writes platform.info into the current one.
  (cd "$work" && csmith ${CSMITH_OPTS:-} --seed "$seed" -o "$src" >/dev/null 2>&1) || { echo "csmith-diff: csmith failed for seed $seed" >&2; continue; }
  if ! gcc -m32 -w -O1 -I"$inc" "$src" -o "$work/host" 2>"$work/gcc.err"; then
    result=skip-gcc-build
  elif ! timeout "$host_timeout" "$work/host" >"$work/want" 2>/dev/null; then
    result=skip-host-timeout
  elif ! "$bin/scmpcc" -w $opt -I"$inc" "$src" -o "$work/prog" >"$work/cc.out" 2>&1; then
    result=compile-error
  else
    "$bin/scmpsim" --max-cycles="$max_cycles" "$work/prog" >"$work/got" 2>"$work/sim.err"
    rc=$?
    if [ $rc = 124 ]; then
      result=skip-cycle-limit
    elif [ $rc != 0 ]; then
      result=run-error
    elif cmp -s "$work/want" "$work/got"; then
      result=ok
    else
      result=checksum-mismatch
    fi
  fi
  case $result in
    ok) compared=$((compared + 1)) ;;
    skip-*) skipped=$((skipped + 1)) ;;
    *)
      compared=$((compared + 1))
      mismatches=$((mismatches + 1))
      keep="$out/fail/seed$seed"
      mkdir -p "$keep"
      cp "$src" "$keep/program.c"
      for f in want got cc.out sim.err; do [ -f "$work/$f" ] && cp "$work/$f" "$keep/$f"; done
      echo "$opt" >"$keep/opt"
      echo "csmith-diff: seed $seed ($opt): $result, kept in $keep" >&2
      ;;
  esac
  printf '%s\t%s\t%s\n' "$seed" "$opt" "$result" >>"$log"
  rm -f "$work/want" "$work/got" "$work/prog" "$work/host"
done
echo "seeds: $seeds, compared: $compared, skipped: $skipped, mismatches: $mismatches"
[ "$mismatches" = 0 ]
