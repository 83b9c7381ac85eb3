#!/bin/sh
# Checks that the compiler and the assembler of this working tree produce byte-identical output to those of
# another revision (default: main): for a change to them that is meant to be a pure refactoring.
#
#   tests/scripts/toolchain-identity.sh [REVISION]
#
# Both trees are built (mvn -o package -DskipTests; the other one from `git archive` in a temporary directory),
# then ToolchainOutput.java runs with each build's jar: the assembly and objects of every program at
# -O0/-O1/-O2/-g, and the diagnostics on mutated programs. Those, and the sysroots the builds compiled (crt0.o,
# libc.a, libm.a, libscmp.a, libmpi.a and their objects), must be identical. Lines that spell __TIME__ (the
# compiler's test of the preprocessor prints it) are ignored.
set -eu
rev=${1:-main}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/toolchain-identity.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "building $rev in $tmp/base"
mkdir "$tmp/base"
git -C "$root" archive "$rev" | tar -x -C "$tmp/base"
(cd "$tmp/base" && mvn -o -q package -DskipTests) > "$tmp/base.log" 2>&1 || { tail -20 "$tmp/base.log"; exit 1; }
echo "building the working tree"
(cd "$root" && mvn -o -q package -DskipTests) > "$tmp/work.log" 2>&1 || { tail -20 "$tmp/work.log"; exit 1; }

for side in base work; do
  tree=$tmp/base
  [ "$side" = work ] && tree=$root
  echo "compiling the corpus and its mutants with the $side build"
  java -Xss16m -cp "$tree/cli/target/scmp.jar" "$root/tests/scripts/ToolchainOutput.java" "$root" "$tmp/out/$side" "$tmp/mutants"
  mkdir -p "$tmp/out/$side/sysroot"
  cp -r "$tree/clib/target/classes/scmp/sysroot" "$tmp/out/$side/sysroot/clib"
  cp -r "$tree/mpi/target/classes/scmp/sysroot" "$tmp/out/$side/sysroot/mpi"
done

time_line='^	\.byte [0-9]*, [0-9]*, 58, [0-9]*, [0-9]*, 58, [0-9]*, [0-9]*, 0$'
if diff -r -x 'compiler_src_test_c_preprocess.c.gO2.o' -I "$time_line" "$tmp/out/base" "$tmp/out/work" > "$tmp/diff"; then
  echo "identical: $(ls "$tmp/out/work/corpus" | wc -l) corpus outputs, $(grep -c '^=== ' "$tmp/out/work/c-mutants.txt")" \
    "C mutants, $(grep -c '^=== ' "$tmp/out/work/asm-mutants.txt") assembly mutants, the sysroots"
else
  echo "DIFFERENT:"
  head -40 "$tmp/diff"
  exit 1
fi
