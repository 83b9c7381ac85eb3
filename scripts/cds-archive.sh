#!/bin/sh
# Makes the class-data sharing (AppCDS) archive the bin/ launchers use: scripts/cds-archive.sh JAR ARCHIVE.
#
# Each tool runs once on a small job with -XX:DumpLoadedClassList, with the JVM options its launcher uses; the
# classes they loaded (the JDK's and the tools') are then parsed, verified and stored in ARCHIVE, which every
# later tool call maps instead of reading and verifying those classes again (docs/performance.md, "Start-up").
# The JVM checks that the jar is the one the archive was made from and silently ignores an archive that does
# not match, so a stale or missing archive only costs speed. The cli module's build runs this after packaging
# the jar; it never fails the build: without an archive the tools start as before.
set -u
# The launchers name the jar by its physical path; the archive records the path it was made with.
jar="$(cd "$(dirname "$1")" && pwd -P)/$(basename "$1")"
archive=$2
root=$(cd "$(dirname "$0")/.." && pwd -P)
work=$(mktemp -d "${TMPDIR:-/tmp}/scmp-cds.XXXXXX") || exit 0
trap 'rm -rf "$work"' EXIT
rm -f "$archive"

quick="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss16m"
jit="-XX:+UseParallelGC -Xss16m"
n=0
# Runs one tool and keeps the list of the classes it loaded: train OPTIONS MAIN ARGS...
train() {
  opts=$1
  shift
  n=$((n + 1))
  # shellcheck disable=SC2086 # the options are words
  if ! java $opts -XX:DumpLoadedClassList="$work/$n.classes" -cp "$jar" "$@" > "$work/$n.log" 2>&1; then
    echo "cds-archive: the training run '$*' failed; the archive lacks its classes:" >&2
    tail -n 3 "$work/$n.log" >&2
  fi
}

train "$quick" scmp.cli.CcMain -O1 "$root/examples/hello.c" -o "$work/hello"
train "$quick" scmp.cli.CcMain -S "$root/examples/hello.c" -o "$work/hello.s"
train "$quick" scmp.cli.AsmMain "$work/hello.s" -o "$work/hello.o"
train "$quick" scmp.cli.ArMain rcs "$work/libh.a" "$work/hello.o"
train "$quick" scmp.cli.LinkMain --help
train "$quick" scmp.cli.DumpMain -d "$work/hello"
train "$jit" scmp.cli.SimMain --cycles "$work/hello"
train "$jit" scmp.cli.SimMain noc --mesh 2x2 --warmup 10 --measure 100 --drain 1000
train "$jit" scmp.cli.ExperimentsMain --help

cat "$work"/*.classes 2>/dev/null | grep -v '^#' | sort -u > "$work/all.classes"
if [ ! -s "$work/all.classes" ]; then
  echo "cds-archive: no class list; the tools will start without an archive" >&2
  exit 0
fi
# -Xlog:cds=error: the dump lists, as warnings, the few classes it cannot archive (lambda forms, classes of
# excluded interfaces); those load from the jar as before.
if ! java -Xshare:dump -Xlog:cds=error -XX:SharedClassListFile="$work/all.classes" \
    -XX:SharedArchiveFile="$archive" -cp "$jar" > "$work/dump.log" 2>&1; then
  echo "cds-archive: the archive could not be made; the tools will start without it:" >&2
  tail -n 5 "$work/dump.log" >&2
  rm -f "$archive"
fi
exit 0
