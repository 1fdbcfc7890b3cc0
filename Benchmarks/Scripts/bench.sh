#!/usr/bin/env bash
# `make bench`: every workload on ReactiveCore, OpenCombine and the
# hand-written baseline, then one comparison table with the goals of issues 8,
# 16 and 25.
#
#  1. package-benchmark (release build): wall-clock time and mallocs of each
#     workload on each side, exported as JSON (metricP90AbsoluteThresholds);
#  2. Scripts/instructions.sh: instructions per operation under callgrind;
#  3. InstructionProbe --memory: heap bytes kept per idle subscription;
#     InstructionProbe --elapsed: seconds to build and run the folded merges;
#  4. Scripts/report.py: the table, the size curves (Shared/Scaling.swift)
#     and the goals.
# Takes about 12 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
RESULTS=.build/bench-results
rm -rf "$RESULTS"
mkdir -p "$RESULTS"

# The build does not always see that an @inlinable body of the core changed:
# recompile the workloads, which are small, every time.
touch Shared/Workloads.swift
$SWIFT package --allow-writing-to-package-directory benchmark \
  --format metricP90AbsoluteThresholds --path "$RESULTS" --no-progress >"$RESULTS/benchmark.log" 2>&1 \
  || { cat "$RESULTS/benchmark.log"; exit 1; }
echo "package-benchmark: $(ls "$RESULTS"/*.json | wc -l) benchmarks measured"

SWIFT=$SWIFT ./Scripts/instructions.sh "$RESULTS/instructions.tsv" 2>"$RESULTS/instructions.log" \
  || { cat "$RESULTS/instructions.log"; exit 1; }

# instructions.sh built the release probe.
for side in reactivecore opencombine; do .build/release/InstructionProbe --memory "$side"; done >"$RESULTS/memory.tsv"
for side in reactivecore opencombine; do .build/release/InstructionProbe --elapsed "$side"; done >"$RESULTS/elapsed.tsv"

# The report, printed and written into Docs/Performance.md's results block
# (whether every goal is met or not: the page shows the last run as it is).
set +e
python3 Scripts/report.py table "$RESULTS/instructions.tsv" "$RESULTS" | tee "$RESULTS/report.txt"
status=${PIPESTATUS[0]}
set -e
python3 Scripts/report.py doc "$RESULTS/report.txt" ../Docs/Performance.md
exit "$status"
