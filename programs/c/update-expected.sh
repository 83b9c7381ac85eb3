#!/usr/bin/env bash
# Regenerates programs/c/NAME.expected from the host's gcc: each program's standard output followed by a
# final line "exit N". The C corpus is written so that an ILP32 build (gcc -m32) and an LP64 one give the same
# output; -m32 is used when the host can build 32-bit programs, always with SSE2 doubles (no x87 excess
# precision) and no FMA contraction, so that floating point behaves as on SCMP.
#
#   programs/c/update-expected.sh              regenerate every .expected
#   programs/c/update-expected.sh a.c b.c      regenerate some
#   programs/c/update-expected.sh --print a.c  print what a.expected should hold (the tests use this)
#   programs/c/update-expected.sh --lp64 ...   build for the host's 64-bit ABI even when -m32 works (to check
#                                              that a program's output does not depend on the data model)
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

flags=(-std=gnu99 -O0 -w -fno-builtin -ffp-contract=off)
lp64=0
if [ "${1:-}" = "--lp64" ]; then
  lp64=1
  shift
fi
echo 'int main(void){return 0;}' > "$work/probe.c"
if [ $lp64 = 0 ] && gcc -m32 -msse2 -mfpmath=sse "$work/probe.c" -o "$work/probe" 2>/dev/null && "$work/probe"; then
  flags+=(-m32 -msse2 -mfpmath=sse)
fi

# expected FILE.c: prints the program's output and "exit N"
expected() {
  local src="$1" exe="$work/prog"
  gcc "${flags[@]}" -o "$exe" "$src" -lm
  local status=0
  (cd "$work" && "$exe" > "$work/out" < /dev/null) || status=$?
  # (a last line without a newline gets one, as the test does, so that "exit N" stays on its own line)
  sed -e '$a\' "$work/out"
  echo "exit $status"
}

if [ "${1:-}" = "--print" ]; then
  shift
  for f in "$@"; do expected "$f"; done
  exit 0
fi

if [ $# -eq 0 ]; then
  set -- "$dir"/*.c
fi
for f in "$@"; do
  out="${f%.c}.expected"
  expected "$f" > "$out.tmp"
  mv "$out.tmp" "$out"
  echo "$(basename "$out"): $(wc -l < "$out") lines"
done
