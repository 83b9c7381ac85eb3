#!/bin/sh
# Dynamic instruction and cycle counts of the kernels at -O0 and -O1 (a markdown table for docs/performance.md).
# Run from anywhere after `mvn -q install -DskipTests`.
here=$(cd "$(dirname "$0")" && pwd)
bin="$here/../../bin"
tmp=$(mktemp -d)
echo "| kernel | -O0 instructions | -O0 cycles | -O1 instructions | -O1 cycles | -O1/-O0 instructions |"
echo "|---|---|---|---|---|---|"
for src in "$here"/*.c; do
  k=$(basename "$src" .c)
  row="| $k"
  for o in 0 1; do
    "$bin/scmpcc" -O$o "$src" -o "$tmp/$k" || exit 1
    "$bin/scmpsim" --mesh 1x1 --cycles "$tmp/$k" > /dev/null 2> "$tmp/err" || { cat "$tmp/err"; exit 1; }
    eval "i$o=$(sed -n 's/^instructions: //p' "$tmp/err")"
    eval "c$o=$(sed -n 's/^cycles: //p' "$tmp/err")"
    eval "row=\"\$row | \$i$o | \$c$o\""
  done
  echo "$row | $(awk "BEGIN{printf \"%.2f\", $i1/$i0}") |"
done
rm -rf "$tmp"
