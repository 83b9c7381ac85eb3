#!/bin/bash
# The kernels under qemu-riscv64 (user mode) and under scmpsim's compiled engine, the same C at -O2 on both
# (docs/performance.md, "The kernels against qemu-riscv64"). Prints a markdown table. Needs qemu-riscv64 and
# riscv64-linux-gnu-gcc (Debian: qemu-user, gcc-riscv64-linux-gnu), which the CI does not install; without them it
# says so and exits 0. Run from anywhere after `mvn -q package -DskipTests`. Debian's gcc-riscv64-linux-gnu
# conflicts with the gcc-multilib the C library's host test needs; both can stay by installing the cross
# compiler's other packages (apt-get install cpp-12-riscv64-linux-gnu binutils-riscv64-linux-gnu
# libgcc-12-dev-riscv64-cross libc6-dev-riscv64-cross) and unpacking its driver alone (apt-get download
# gcc-12-riscv64-linux-gnu; dpkg -x gcc-12-riscv64-linux-gnu_*.deb /), then putting a riscv64-linux-gnu-gcc that
# runs /usr/bin/riscv64-linux-gnu-gcc-12 on the PATH.
#
#   programs/kernels/qemu-compare.sh [PERCENT]
#
# Each kernel is built with -DREPEAT=N so that it runs about a billion SCMP instructions at -O1 (PERCENT scales N,
# default 100): crc32 800 passes over its 64 KiB, matmul 350 products, sieve 100 sieves, sort 80 sorts. OPT (default
# -O2) is the optimisation level of both compilers. For each kernel:
#   - qemu: best of three runs of the riscv64 binary (riscv64-linux-gnu-gcc $OPT -static), wall and CPU (user+sys);
#   - scmpsim: best of two whole runs (`bin/scmpsim --engine jit --mesh 1x1 --cycles`), wall and CPU: the JVM's start,
#     its compilation of the simulator and of the guest's regions included;
#   - steady state: `bin/scmpsim bench --program --engine jit --runs 3`, the best timed run after a warm-up run in
#     the same JVM (CPU time of the benchmark thread), turned into seconds for the kernel's instructions;
#   - the ratios scmpsim/qemu of the CPU times, whole process and steady state.
# The outputs of both runs must agree (else the script stops with exit status 1). SCMPSIM, when set, is the command
# that runs the simulator instead of bin/scmpsim (to compare two builds: SCMPSIM="java -XX:+UseParallelGC -Xss16m
# -cp OTHER.jar scmp.cli.SimMain").
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin="$here/../../bin"
percent=${1:-100}
opt=${OPT:--O2}
sim=${SCMPSIM:-$bin/scmpsim}
for tool in qemu-riscv64 riscv64-linux-gnu-gcc; do
  if ! command -v "$tool" > /dev/null 2>&1; then
    echo "qemu-compare.sh: $tool is not installed (Debian: apt-get install qemu-user gcc-riscv64-linux-gnu); nothing compared"
    exit 0
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIMEFORMAT='%R %U %S'

# best_of RUNS OUTFILE COMMAND...: runs the command RUNS times, its stdout into OUTFILE; prints "WALL CPU" of the
# run with the least CPU time
best_of() {
  local runs=$1 out=$2 best_w= best_c= r t w u s c
  shift 2
  for ((r = 0; r < runs; r++)); do
    t=$( { time "$@" > "$out" 2> "$tmp/stderr"; } 2>&1 ) || { cat "$tmp/stderr" >&2; echo "qemu-compare.sh: $* failed" >&2; exit 1; }
    read -r w u s <<< "$t"
    c=$(awk "BEGIN{printf \"%.3f\", $u + $s}")
    if [ -z "$best_c" ] || awk "BEGIN{exit !($c < $best_c)}"; then
      best_c=$c
      best_w=$w
    fi
  done
  echo "$best_w $best_c"
}

echo "| kernel | repeat | instructions (SCMP) | qemu wall / CPU (s) | scmpsim wall / CPU (s) | scmpsim steady state (M instructions/s, s) | CPU scmpsim/qemu, whole / steady |"
echo "|---|---|---|---|---|---|---|"
for kr in crc32:800 matmul:350 sieve:100 sort:80; do
  k=${kr%:*}
  n=$(( ${kr#*:} * percent / 100 ))
  [ "$n" -ge 1 ] || n=1
  riscv64-linux-gnu-gcc "$opt" -static -DREPEAT=$n "$here/$k.c" -o "$tmp/$k.rv" || exit 1
  "$bin/scmpcc" "$opt" -DREPEAT=$n "$here/$k.c" -o "$tmp/$k.scmp" || exit 1
  q=$(best_of 3 "$tmp/$k.qemu.out" qemu-riscv64 "$tmp/$k.rv") || exit 1
  read -r qw qc <<< "$q"
  s=$(best_of 2 "$tmp/$k.scmp.out" $sim --engine jit --mesh 1x1 --cycles "$tmp/$k.scmp") || exit 1
  read -r sw sc <<< "$s"
  if ! cmp -s "$tmp/$k.qemu.out" "$tmp/$k.scmp.out"; then
    echo "qemu-compare.sh: $k: the outputs differ" >&2
    diff "$tmp/$k.qemu.out" "$tmp/$k.scmp.out" >&2
    exit 1
  fi
  insns=$(sed -n 's/^instructions: //p' "$tmp/stderr")
  $sim bench --program "$tmp/$k.scmp" --engine jit --runs 3 > "$tmp/bench" 2>&1 || { cat "$tmp/bench" >&2; exit 1; }
  rate=$(sed -n 's/^program: best \([0-9.]*\) million.*/\1/p' "$tmp/bench")
  steady=$(awk "BEGIN{printf \"%.2f\", $insns / ($rate * 1e6)}")
  echo "| $k | $n | $insns | $qw / $qc | $sw / $sc | $rate, $steady | $(awk "BEGIN{printf \"%.1f / %.1f\", $sc / $qc, $steady / $qc}") |"
done
