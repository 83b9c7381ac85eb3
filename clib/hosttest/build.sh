#!/bin/sh
# Builds the host test objects of clib: every C source of src/libc, src/libm and src/rt compiled by the
# host's gcc for i386 (ILP32 like SCMP; SSE2 doubles, no x87 excess precision, no FMA contraction), linked
# into one relocatable object whose symbols all get the prefix scmp_, so that tests can call both clib
# (scmp_printf) and glibc (printf) in one program. Output in $OUT (default clib/hosttest/build).
set -e
here=$(cd "$(dirname "$0")" && pwd)
clib=$(cd "$here/.." && pwd)
OUT=${OUT:-$here/build}
mkdir -p "$OUT/obj"

CC=${CC:-gcc}
ARCH="-m32 -msse2 -mfpmath=sse -ffp-contract=off -fno-pic -fno-pie -fno-stack-protector"
LIBFLAGS="$ARCH -O2 -std=c99 -ffreestanding -fno-builtin -nostdinc -I$clib/include \
  -fno-tree-loop-distribute-patterns -fno-strict-aliasing -Wall -Wextra -Wno-unused-function \
  -Wno-unused-parameter -Werror=implicit-function-declaration"

objs=""
for src in "$clib"/src/libc/*.c "$clib"/src/libm/*.c "$clib"/src/rt/*.c; do
  [ -f "$src" ] || continue
  dir=$(basename "$(dirname "$src")")
  obj="$OUT/obj/${dir}_$(basename "$src" .c).o"
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find "$clib/include" "$clib/src/internal" "$clib/src/rt/rt.h" -newer "$obj" 2>/dev/null | head -1)" ]; then
    $CC $LIBFLAGS -c "$src" -o "$obj"
  fi
  objs="$objs $obj"
done
ld -m elf_i386 -r -o "$OUT/clib_raw.o" $objs
objcopy --prefix-symbols=scmp_ "$OUT/clib_raw.o" "$OUT/clib.o"
# What clib's objects need from the host compiler's own runtime (libgcc: __muldc3 for the product of two
# complex numbers, ...) keeps its name: it is gcc's, not clib's.
redef=""
for s in $(nm -u "$OUT/clib_raw.o" | awk '{print $2}' | grep -E '^__[a-z]+[0-9]$'); do
  redef="$redef --redefine-sym scmp_$s=$s"
done
[ -z "$redef" ] || objcopy $redef "$OUT/clib.o"
$CC $ARCH -O1 -c "$here/shim.c" -o "$OUT/shim.o"
