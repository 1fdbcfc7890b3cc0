#!/usr/bin/env bash
# How deep a chain built in a loop may go before the thread's stack
# overflows, on ReactiveCore and OpenCombine, on 512 KiB (a secondary
# thread's default on Apple platforms) and 8 MiB (a main thread's) stacks.
#
#   Benchmarks/Scripts/depth.sh [OUTPUT.tsv]
#
# For each kind of InstructionProbe's `--depth` chains (`deepChain` in
# Shared/Scaling.swift), doubles the depth until the probe dies, then
# bisects to the deepest depth that ran (to within 2%). Output: kind, side,
# stack KiB, deepest depth that ran ("> N" if the search stopped at N).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
OUT=${1:-/dev/stdout}
LIMIT=${LIMIT:-4000000}
$SWIFT build -c release --product InstructionProbe >&2
PROBE=.build/release/InstructionProbe

runs() {  # side kind depth kib
  "$PROBE" --depth "$1" "$2" "$3" "$4" >/dev/null 2>&1
}

deepest() {  # side kind kib
  local low=0 high=1000
  while runs "$1" "$2" "$high" "$3"; do
    low=$high
    high=$((high * 2))
    if [ "$high" -gt "$LIMIT" ]; then echo "> $low"; return; fi
  done
  while [ $((high - low)) -gt $((low / 50 + 1)) ]; do
    local middle=$(((low + high) / 2))
    if runs "$1" "$2" "$middle" "$3"; then low=$middle; else high=$middle; fi
  done
  echo "$low"
}

{
  for kind in erasedMap append catch resend; do
    for kib in 512 8192; do
      for side in reactivecore opencombine; do
        printf '%s\t%s\t%s\t%s\n' "$kind" "$side" "$kib" "$(deepest "$side" "$kind" "$kib")"
      done
    done
  done
} >"$OUT"
