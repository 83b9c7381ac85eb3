#!/bin/sh
# End-to-end test of clib on SCMP: builds clib with scmpcc/scmpas/scmpar, links e2e/e2e.c with
# scmpld, runs it on scmpsim, and compares its output and exit status with the same program built by the
# host gcc against the host build of clib (which must be identical: same algorithms, IEEE doubles).
# Usage: clib/hosttest/e2e.sh   (tools from bin/, i.e. cli/target/scmp.jar; or SCMP_BIN=dir with
# scmpcc scmpas scmpar scmpld scmpsim in it). Prints "e2e: N passed, M failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
clib=$(cd "$here/.." && pwd)
bin=${SCMP_BIN:-$(cd "$clib/../bin" && pwd)}
# the sysroot build (scmp.cc.SysrootBuilder) compiles clib with -O1; SCMP_CFLAGS="-O0" tests the other way
CFLAGS=${SCMP_CFLAGS:--O1}
OUT=${OUT:-$here/build}
E2E="$OUT/e2e"
mkdir -p "$E2E/obj"
export OUT
"$here/build.sh" || exit 1
ARCH="-m32 -msse2 -mfpmath=sse -ffp-contract=off -fno-pic -fno-pie -fno-stack-protector"

# the expected output: e2e.c built against clib's headers and the host build of clib
gcc $ARCH -O1 -std=c99 -ffreestanding -fno-builtin -nostdinc -I"$clib/include" -w -c "$here/e2e/e2e.c" -o "$E2E/e2e_host.o" &&
  ld -m elf_i386 -r -o "$E2E/e2e_raw.o" "$E2E/e2e_host.o" "$OUT/clib_raw.o" &&
  objcopy --prefix-symbols=scmp_ "$E2E/e2e_raw.o" "$E2E/e2e_pref.o" &&
  gcc $ARCH -no-pie "$here/e2e/hostmain.c" "$E2E/e2e_pref.o" "$OUT/shim.o" -lm -o "$E2E/e2e_host" || {
  echo "e2e: 0 passed, 1 failed (host build)"; exit 1; }
(cd "$E2E" && ./e2e_host > expected.txt 2>&1); hst=$?

# the SCMP build of clib
fail=0
objs=""
for f in $(awk '$1=="libc"||$1=="libm"||$1=="rt"{print $1":"$2}' "$clib/SOURCES"); do
  lib=${f%%:*}; src=$clib/${f#*:}
  obj="$E2E/obj/${lib}_$(basename "$src" | tr . _).o"
  case "$src" in
    *.s) "$bin/scmpas" -o "$obj" "$src" || fail=1 ;;
    *.c) "$bin/scmpcc" $CFLAGS -nostdinc -I "$clib/include" -c -o "$obj" "$src" || fail=1 ;;
  esac
  echo "$lib $obj" >> "$E2E/objs.tmp"
done
[ $fail -eq 0 ] || { echo "e2e: 0 passed, 1 failed (scmpcc/scmpas could not build clib)"; rm -f "$E2E/objs.tmp"; exit 1; }
rm -f "$E2E/libc.a" "$E2E/libm.a" "$E2E/librt.a"
for lib in libc libm rt; do
  "$bin/scmpar" rcs "$E2E/lib$lib.a" $(awk -v l=$lib '$1==l{print $2}' "$E2E/objs.tmp") || fail=1
done
rm -f "$E2E/objs.tmp"
"$bin/scmpas" -o "$E2E/crt0.o" "$clib/src/crt0.s" &&
  "$bin/scmpcc" $CFLAGS -nostdinc -I "$clib/include" -c -o "$E2E/e2e.o" "$here/e2e/e2e.c" &&
  "$bin/scmpld" -o "$E2E/e2e.elf" "$E2E/crt0.o" "$E2E/e2e.o" "$E2E/liblibc.a" "$E2E/liblibm.a" "$E2E/librt.a" || {
  echo "e2e: 0 passed, 1 failed (SCMP build)"; exit 1; }
(cd "$E2E" && "$bin/scmpsim" e2e.elf > actual.txt 2>&1); sst=$?

# the parts only SCMP has (setjmp, special registers, host files): a fixed expected output, exit status 5
"$bin/scmpcc" $CFLAGS -nostdinc -I "$clib/include" -c -o "$E2E/scmp_only.o" "$here/e2e/scmp_only.c" &&
  "$bin/scmpld" -o "$E2E/scmp_only.elf" "$E2E/crt0.o" "$E2E/scmp_only.o" "$E2E/liblibc.a" "$E2E/liblibm.a" "$E2E/librt.a" || {
  echo "e2e: 0 passed, 1 failed (SCMP build of scmp_only.c)"; exit 1; }
(cd "$here/e2e" && "$bin/scmpsim" --mesh 2x1 --file=scmp_only.c "$E2E/scmp_only.elf" scmp_only.c > "$E2E/scmp_only.txt" 2>&1); ost=$?

pass=0
if [ "$ost" -eq 5 ] && cmp -s "$here/e2e/scmp_only.expected" "$E2E/scmp_only.txt"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "  scmp_only: exit status $ost (want 5); output differences:"
  diff "$here/e2e/scmp_only.expected" "$E2E/scmp_only.txt" | head -20
fi
if [ "$sst" -eq "$hst" ]; then pass=$((pass + 1)); else echo "  exit status: SCMP $sst, host $hst"; fail=$((fail + 1)); fi
if cmp -s "$E2E/expected.txt" "$E2E/actual.txt"; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "  output differs ($(diff "$E2E/expected.txt" "$E2E/actual.txt" | grep -c '^<') lines); first differences:"
  diff "$E2E/expected.txt" "$E2E/actual.txt" | head -20
fi
echo "e2e: $pass passed, $fail failed"
[ $fail -eq 0 ]
