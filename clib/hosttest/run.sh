#!/bin/sh
# Host test harness of clib (the SCMP C library), one command: clib/hosttest/run.sh [TEST...]
# Compiles clib's C sources with the host's gcc for i386 (ILP32 like SCMP), with every clib symbol
# renamed scmp_* so that each test can compare clib against glibc in one process, and runs the test cases
# in clib/hosttest/cases (all of them, or the named ones: run.sh printf strtod). Environment: HT_SCALE=k
# multiplies the number of random cases, HT_SEED=n changes the random sequence.
# Prints one "NAME: N passed, M failed" line per test and a total line; exits non-zero on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$here/build}
export OUT
CC=${CC:-gcc}
ARCH="-m32 -msse2 -mfpmath=sse -ffp-contract=off -fno-pic -fno-pie -fno-stack-protector"

# gcc must be able to build and link 32-bit x86 programs (Debian: gcc-multilib).
probe() {
  mkdir -p "$OUT"
  printf '#include <errno.h>\nint main(void){return sizeof(long)!=4 || EDOM == 0;}\n' > "$OUT/probe.c"
  $CC $ARCH "$OUT/probe.c" -o "$OUT/probe" 2>/dev/null && "$OUT/probe"
}
if ! probe; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "run.sh: installing gcc-multilib for -m32 ..." >&2
    (apt-get update -qq && apt-get install -y -qq gcc-multilib) >/dev/null 2>&1
  fi
  if ! probe; then
    echo "run.sh: '$CC -m32' cannot build 32-bit programs; install gcc-multilib (apt-get install gcc-multilib)." >&2
    echo "        The harness needs ILP32 (long and pointers of 32 bits, as on SCMP)." >&2
    exit 2
  fi
fi

"$here/build.sh" || { echo "run.sh: building clib for the host failed" >&2; exit 1; }

if [ $# -gt 0 ]; then
  cases=""
  for t in "$@"; do cases="$cases $here/cases/t_$t.c"; done
else
  cases=$(ls "$here"/cases/t_*.c)
fi

total_pass=0
total_fail=0
status=0
for src in $cases; do
  name=$(basename "$src" .c)
  exe="$OUT/$name"
  if ! $CC $ARCH -no-pie -O1 -std=gnu99 -fno-builtin -w -I"$here/cases" "$src" "$OUT/clib.o" "$OUT/shim.o" -lm -o "$exe"; then
    echo "$name: build failed"
    total_fail=$((total_fail + 1))
    status=1
    continue
  fi
  log="$OUT/$name.log"
  (cd "$OUT" && "$exe") > "$log" 2>&1
  rc=$?
  cat "$log"
  # add up the "N passed, M failed" lines of this test
  p=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log" | awk '{s+=$1} END {print s+0}')
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "$name: exited with status $rc"
    f=1
  fi
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
  [ "$f" -eq 0 ] || status=1
done
# SOURCES must list exactly the files of crt0, sys, libc, libm and rt (the SCMP build reads it; other
# groups, such as another library under src/, are not checked here)
listed=$(awk '$1 !~ /^#/ && NF == 2 && $2 ~ /^src\/(crt0\.s|sys\/|libc\/|libm\/|rt\/)/ {print $2}' "$here/../SOURCES" | sort)
present=$(cd "$here/.." && { echo src/crt0.s; find src/sys src/libc src/libm src/rt -name '*.c' -o -name '*.s'; } | sort)
if [ "$listed" = "$present" ]; then
  echo "sources: 1 passed, 0 failed"
  total_pass=$((total_pass + 1))
else
  echo "sources: 0 passed, 1 failed (clib/SOURCES does not match src/):"
  echo "$listed" > "$OUT/listed.txt"; echo "$present" > "$OUT/present.txt"
  diff "$OUT/listed.txt" "$OUT/present.txt" | head
  total_fail=$((total_fail + 1))
  status=1
fi
echo "clib: $total_pass passed, $total_fail failed"
exit $status
