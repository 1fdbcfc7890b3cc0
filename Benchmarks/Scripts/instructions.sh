#!/usr/bin/env bash
# Instructions (and mallocs) per operation of every workload on every side,
# counted by valgrind's callgrind: exact and repeatable, unlike time.
#
#   Benchmarks/Scripts/instructions.sh [OUTPUT.tsv]
#
# Builds the small release executable InstructionProbe, runs each workload of
# each side twice under callgrind (n = N1 and n = N2 operations), and reports
# (count(N2) - count(N1)) / (N2 - N1): start-up and first-use costs cancel out.
# It also checks that the three sides computed the same checksum. Output: a
# TSV (workload, side, instructions/op, mallocs/op, checksum, atomics/op) on
# stdout or in OUTPUT. Atomics are callgrind's "global bus events": the
# locked read-modify-write instructions (a lock taken or released, a retain,
# a release), which cost far more time than their count of instructions.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
N1=${N1:-1000}
N2=${N2:-3000}
OUT=${1:-/dev/stdout}
WORK=.build/callgrind
mkdir -p "$WORK"

# The build does not always see that an @inlinable body of the core changed:
# recompile the workloads, which are small, every time.
touch Shared/Workloads.swift
$SWIFT build -c release --product InstructionProbe >&2
# valgrind 3.19 cannot read the DWARF 5 debug info of the build: count a stripped copy.
PROBE=$WORK/InstructionProbe
cp .build/release/InstructionProbe "$PROBE"
strip -g "$PROBE"

# One measurement: workload side n -> "instructions mallocs atomics checksum".
measure() {
  local file="$WORK/$2.$1.$3.out"
  local checksum
  checksum=$(valgrind --tool=callgrind --collect-bus=yes --callgrind-out-file="$file" "$PROBE" "$2" "$1" "$3" 2>/dev/null | tail -1)
  echo "$(python3 Scripts/report.py callgrind "$file") $checksum"
}

run() {  # workload side
  local n1=$N1 n2=$N2
  # The sync chain costs little per element: more elements, the same time.
  if [ "$1" = syncChain ]; then n1=$((N1 * 4)); n2=$((N2 * 4)); fi
  read -r i1 m1 a1 c1 <<<"$(measure "$1" "$2" $n1)"
  read -r i2 m2 a2 c2 <<<"$(measure "$1" "$2" $n2)"
  python3 -c "print('$1\t$2\t%.1f\t%.2f\t%s\t%.1f' % (($i2 - $i1) / ($n2 - $n1), ($m2 - $m1) / ($n2 - $n1), '$c2', ($a2 - $a1) / ($n2 - $n1)))"
}

{
  printf 'workload\tside\tinstructions_per_op\tmallocs_per_op\tchecksum\tatomics_per_op\n'
  while read -r workload sides; do
    for side in ${sides//,/ }; do
      # Two at a time: the machine has two cores.
      run "$workload" "$side" > "$WORK/$workload.$side.tsv" &
      [ "$(jobs -rp | wc -l)" -ge 2 ] && wait -n
    done
  done < <("$PROBE" --list)
  wait
  while read -r workload sides; do
    for side in ${sides//,/ }; do cat "$WORK/$workload.$side.tsv"; done
  done < <("$PROBE" --list)
} > "$WORK/all.tsv"
# Every side must have computed the same checksum for a workload.
python3 Scripts/report.py checksums "$WORK/all.tsv"
cat "$WORK/all.tsv" > "$OUT"
