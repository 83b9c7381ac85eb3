#!/bin/sh
# Simulation speed of the kernels at -O1 on both engines, side by side (a markdown table for
# docs/performance.md): scmpsim bench --program runs each kernel in one process, the engines alternating,
# best of five runs after a warm-up. Run from anywhere after `mvn -q package -DskipTests`.
here=$(cd "$(dirname "$0")" && pwd)
bin="$here/../../bin"
tmp=$(mktemp -d)
echo "| kernel | instructions | interpreter (M instructions/s) | compiled (M instructions/s) | compiled/interpreter |"
echo "|---|---|---|---|---|"
for src in "$here"/*.c; do
  k=$(basename "$src" .c)
  "$bin/scmpcc" -O1 "$src" -o "$tmp/$k" || exit 1
  "$bin/scmpsim" bench --program "$tmp/$k" --runs 5 > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
  n=$(sed -n 's/^  run 1 interp: \([0-9]*\) instructions.*/\1/p' "$tmp/out")
  line=$(grep '^program: best' "$tmp/out")
  i=$(echo "$line" | sed 's/.*best \([0-9.]*\) (interp).*/\1/')
  j=$(echo "$line" | sed 's/.*, \([0-9.]*\) (jit).*/\1/')
  echo "| $k | $n | $i | $j | $(awk "BEGIN{printf \"%.1f\", $j/$i}") |"
done
rm -rf "$tmp"
