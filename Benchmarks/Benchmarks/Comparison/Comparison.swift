// package-benchmark's side of `make bench`: every workload on every side, in
// one run, with wall-clock time and malloc counts. One iteration runs a
// workload `operations(name)` times; Scripts/bench.py divides by that count.
// Benchmarks are named "<workload>/<side>".

import BaselineWorkloads
import Benchmark
import OpenCombineWorkloads
import ReactiveCoreWorkloads

/// How many operations one iteration of a workload performs: 1M elements for
/// the sync chain (as issue 8 says), 100k of everything else.
func operations(_ name: String) -> Int {
  name == "syncChain" ? 1_000_000 : 100_000
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 1,
    maxDuration: .milliseconds(1500),
    maxIterations: 15
  )
  let sides = [
    ("ReactiveCore", ReactiveCoreWorkloads.workloads),
    ("OpenCombine", OpenCombineWorkloads.workloads),
    ("baseline", BaselineWorkloads.workloads),
  ]
  for (side, workloads) in sides {
    for workload in workloads {
      let count = operations(workload.name)
      let run = workload.run
      Benchmark("\(workload.name)/\(side)") { benchmark in
        for _ in benchmark.scaledIterations {
          blackHole(run(count))
        }
      }
    }
  }
}
