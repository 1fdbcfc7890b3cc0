#!/usr/bin/env bash
# Instructions (and mallocs) per operation of every workload on every side,
# counted by valgrind's callgrind: exact and repeatable, unlike time.
#
#   Benchmarks/Scripts/instructions.sh [OUTPUT.tsv]
#   ONLY='REGEX' Benchmarks/Scripts/instructions.sh   # only the workloads whose name matches
#
# Builds the small release executable InstructionProbe, runs each workload of
# each side twice under callgrind (n = N1 and n = N2 operations), and reports
# (count(N2) - count(N1)) / (N2 - N1): start-up and first-use costs cancel out.
# It also checks that the three sides computed the same checksum. Output: a
# TSV (workload, side, instructions/op, mallocs/op, checksum, atomics/op) on
# stdout or in OUTPUT. Atomics are callgrind's "global bus events": the
# locked read-modify-write instructions (a lock taken or released, a retain,
# a release), which cost far more time than their count of instructions.
#
# A measurement that fails (valgrind or the probe killed or crashed, an
# output that is not a count) is run once more; if it fails again, its
# workload gets no row, the others are still written to OUTPUT, and the
# script names what is missing and exits 1. Every row of the TSV is
# complete: a row is written to a file of its own, and only once both of its
# measurements are known good.
#
# Each run works in a directory of its own, .build/callgrind/run.XXXXXX
# (callgrind outputs, valgrind logs, the rows, all.tsv); at the end,
# .build/callgrind/last points to it and the previous run's is removed.
# Runs used to share .build/callgrind: two at once (a second
# `make bench`, or this script run by hand during one) truncated and rewrote
# each other's per-workload TSV files, the shorter row leaving the tail of the
# longer one after it (an empty line, or a stray fragment without tabs, which
# made `report.py checksums` fail with KeyError: 'side'), overwrote each
# other's callgrind outputs, and copied a new probe over the one the other's
# valgrind was running.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
N1=${N1:-1000}
N2=${N2:-3000}
OUT=${1:-/dev/stdout}
ONLY=${ONLY:-}
mkdir -p .build/callgrind
WORK=$(mktemp -d "$PWD/.build/callgrind/run.XXXXXX")
mkdir "$WORK/rows"

keep_last_run() {
  # The last run's files stay for inspection (callgrind_annotate). A
  # directory becomes "last" only once its run is over, so removing the
  # previous one never pulls the files from under a run still going.
  local previous
  previous=$(readlink .build/callgrind/last 2>/dev/null || true)
  ln -sfn "$(basename "$WORK")" .build/callgrind/last
  if [ -n "$previous" ] && [ "$previous" != "$(basename "$WORK")" ]; then rm -rf ".build/callgrind/$previous"; fi
}
trap keep_last_run EXIT

# The build does not always see that an @inlinable body of the core changed:
# recompile the workloads, which are small, every time.
touch Shared/Workloads.swift
$SWIFT build -c release --product InstructionProbe >&2
# valgrind 3.19 cannot read the DWARF 5 debug info of the build: count a stripped copy.
PROBE=$WORK/InstructionProbe
cp .build/release/InstructionProbe "$PROBE"
strip -g "$PROBE"

# What to measure: "workload side,side..." per line.
"$PROBE" --list | awk -v only="$ONLY" 'only == "" || $1 ~ only' >"$WORK/list"
if [ ! -s "$WORK/list" ]; then
  echo "instructions.sh: no workload matches '$ONLY'" >&2
  exit 1
fi

# One measurement: workload side n -> "instructions mallocs atomics checksum"
# on stdout; or a message on stderr and status 1.
measure() {
  local file="$WORK/$2.$1.$3.out" output figures checksum
  rm -f "$file"
  if ! output=$(valgrind --tool=callgrind --collect-bus=yes --callgrind-out-file="$file" \
    "$PROBE" "$2" "$1" "$3" 2>"$file.log"); then
    echo "instructions.sh: $1 on $2, n = $3: valgrind or the probe failed (see $file.log)" >&2
    return 1
  fi
  checksum=$(tail -n 1 <<<"$output")
  if ! figures=$(python3 Scripts/report.py callgrind "$file"); then
    echo "instructions.sh: $1 on $2, n = $3: no counts in $file" >&2
    return 1
  fi
  if ! [[ "$figures $checksum" =~ ^[0-9]+\ [0-9]+\ [0-9]+\ -?[0-9]+$ ]]; then
    echo "instructions.sh: $1 on $2, n = $3: not a measurement: '$figures $checksum'" >&2
    return 1
  fi
  echo "$figures $checksum"
}

# One workload on one side: its row in $WORK/rows/<workload>.<side>.tsv, or
# no file (and a message on stderr) if it could not be measured.
run() {  # workload side
  local n1=$N1 n2=$N2 first second attempt row="$WORK/rows/$1.$2.tsv"
  # The sync chain costs little per element: more elements, the same time.
  if [ "$1" = syncChain ]; then n1=$((N1 * 4)); n2=$((N2 * 4)); fi
  for attempt in 1 2; do
    if first=$(measure "$1" "$2" "$n1") && second=$(measure "$1" "$2" "$n2"); then
      # The row goes to a file of its own, renamed into place once whole.
      python3 -c '
import sys
workload, side, n1, n2, first, second = sys.argv[1:]
i1, m1, a1, _ = (int(x) for x in first.split())
i2, m2, a2, c2 = second.split()
i2, m2, a2, n = int(i2), int(m2), int(a2), int(n2) - int(n1)
print(f"{workload}\t{side}\t{(i2 - i1) / n:.1f}\t{(m2 - m1) / n:.2f}\t{c2}\t{(a2 - a1) / n:.1f}")
' "$1" "$2" "$n1" "$n2" "$first" "$second" >"$row.partial" && mv "$row.partial" "$row" && return 0
    fi
    if [ "$attempt" = 1 ]; then echo "instructions.sh: $1 on $2: measuring once more" >&2; fi
  done
  rm -f "$row.partial"
  return 1
}

# Two at a time: the machine has two cores. A job's outcome is its row file,
# not its exit status: the waits below never stop the script.
while read -r workload sides; do
  for side in ${sides//,/ }; do
    run "$workload" "$side" &
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
  done
done <"$WORK/list"
wait

missing=()
{
  printf 'workload\tside\tinstructions_per_op\tmallocs_per_op\tchecksum\tatomics_per_op\n'
  while read -r workload sides; do
    for side in ${sides//,/ }; do
      if [ -s "$WORK/rows/$workload.$side.tsv" ]; then
        cat "$WORK/rows/$workload.$side.tsv"
      else
        missing+=("$workload on $side")
      fi
    done
  done <"$WORK/list"
} >"$WORK/all.tsv"
# Every side must have computed the same checksum for a workload.
python3 Scripts/report.py checksums "$WORK/all.tsv"
cat "$WORK/all.tsv" >"$OUT"
if [ "${#missing[@]}" -gt 0 ]; then
  echo "instructions.sh: no figures for ${#missing[@]} workload(s), left out of the TSV:" >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi
