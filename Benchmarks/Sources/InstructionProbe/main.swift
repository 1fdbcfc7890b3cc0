// Runs one workload of one side once, for callgrind:
//
//     InstructionProbe <reactivecore|opencombine|baseline> <workload> <n>
//
// Instructions per operation are the difference between two runs with
// different n, divided by the difference of n: start-up and first-use costs
// (metadata, lazy globals, thread creation) cancel out.
// `InstructionProbe --list` prints the names of the workloads: those that
// package-benchmark also times (`workloads`), the size families
// (`scalingWorkloads`), and the ends of subscriptions and the awaits of
// issue 35 (`lifecycleWorkloads`), which run under callgrind only.
// `InstructionProbe --memory <side>` prints, for each kind of idle
// subscription, the heap bytes that one more of it keeps (glibc's
// `mallinfo2` through HeapStatistics, before and after creating 10,000, divided by 10,000).
// `InstructionProbe --depth <side> <kind> <depth> <KiB>` runs one chain
// built in a loop (`deepChain`) on a thread with a stack of that size; the
// process dies if the stack overflows (Scripts/depth.sh searches the limit).
// `InstructionProbe --elapsed <side>` runs the folded merges once each and
// prints the seconds each took.
// `InstructionProbe --time <side> <workload> <n> [runs]` times `runs` runs of
// `n` operations instead and prints the median and minimum nanoseconds per
// operation: a quick wall-clock check outside package-benchmark.

import BaselineWorkloads
import Dispatch
import Foundation
import HeapStatistics
import OpenCombineWorkloads
import ReactiveCoreWorkloads

#if canImport(Glibc)
import Glibc
#endif

let sides: [String: [(name: String, run: @Sendable (Int) -> Int)]] = [
  "reactivecore": ReactiveCoreWorkloads.workloads + ReactiveCoreWorkloads.scalingWorkloads
    + ReactiveCoreWorkloads.lifecycleWorkloads,
  "opencombine": OpenCombineWorkloads.workloads + OpenCombineWorkloads.scalingWorkloads
    + OpenCombineWorkloads.lifecycleWorkloads,
  "baseline": BaselineWorkloads.workloads + BaselineWorkloads.lifecycleWorkloads,
]

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--list" {
  // Every workload of any side, in the order of ReactiveCore's list, then
  // those only the others have.
  var names: [String] = []
  for side in ["reactivecore", "opencombine", "baseline"] {
    for workload in sides[side]! where !names.contains(workload.name) {
      names.append(workload.name)
    }
  }
  for name in names {
    let onSides = ["reactivecore", "opencombine", "baseline"].filter { side in
      sides[side]!.contains { $0.name == name }
    }
    print(name, onSides.joined(separator: ","))
  }
  exit(0)
}
let onceSides: [String: [(name: String, run: @Sendable () -> Int)]] = [
  "reactivecore": ReactiveCoreWorkloads.foldedMerges,
  "opencombine": OpenCombineWorkloads.foldedMerges,
]
if arguments.count >= 3, arguments[1] == "--elapsed", let once = onceSides[arguments[2]] {
  // Each workload once, from start to end: building, subscribing and running
  // a folded chain is what a program does once.
  for workload in once where CommandLine.arguments.count < 4 || workload.name == CommandLine.arguments[3] {
    let start = ContinuousClock.now
    let checksum = workload.run()
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    let elapsed = Double(seconds) + Double(attoseconds) / 1e18
    print("\(workload.name)\t\(arguments[2])\t\(elapsed)\t\(checksum)")
  }
  exit(0)
}
let idleSides: [String: [(name: String, make: @Sendable (Int) -> [AnyObject])]] = [
  "reactivecore": ReactiveCoreWorkloads.idleSubscriptions,
  "opencombine": OpenCombineWorkloads.idleSubscriptions,
]
if arguments.count == 3, arguments[1] == "--memory", let kinds = idleSides[arguments[2]] {
  let n = 10_000
  for kind in kinds {
    _ = kind.make(100)  // first use: metadata, lazy globals
    let before = heap_bytes_in_use()
    let kept = kind.make(n)
    let after = heap_bytes_in_use()
    // The array holding them costs 8 bytes per element: not the subscription's.
    let perSubscription = (Double(after) - Double(before)) / Double(n) - 8
    print("\(kind.name)\t\(arguments[2])\t\((perSubscription * 10).rounded() / 10)")
    withExtendedLifetime(kept) {}
  }
  exit(0)
}
if arguments.count >= 5, arguments[1] == "--time", let workloads = sides[arguments[2]],
  let workload = workloads.first(where: { $0.name == arguments[3] }), let n = Int(arguments[4])
{
  let runs = arguments.count > 5 ? Int(arguments[5]) ?? 25 : 25
  var samples: [Double] = []
  var checksum = 0
  for _ in 0...runs {  // the first run warms up and is not counted
    let start = ContinuousClock.now
    checksum = workload.run(n)
    let elapsed = ContinuousClock.now - start
    let (seconds, attoseconds) = elapsed.components
    samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(n))
  }
  let sorted = samples.dropFirst().sorted()
  func tenths(_ x: Double) -> Double { (x * 10).rounded() / 10 }
  print("median \(tenths(sorted[sorted.count / 2])) ns, min \(tenths(sorted[0])) ns per op (checksum \(checksum))")
  exit(0)
}
if arguments.count == 6, arguments[1] == "--depth", let depth = Int(arguments[4]), let kiB = Int(arguments[5]) {
  // One chain of a kind at a depth, on a thread with a stack of `kiB` KiB:
  // exits 0 if it ran, dies (stack overflow) if it did not.
  let run: @Sendable (String, Int) -> Int? =
    arguments[2] == "opencombine" ? OpenCombineWorkloads.deepChain : ReactiveCoreWorkloads.deepChain
  let kind = arguments[3]
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    print(run(kind, depth).map(String.init) ?? "no chain \(kind)")
    done.signal()
  }
  thread.stackSize = kiB * 1024
  thread.start()
  done.wait()
  exit(0)
}
guard arguments.count == 4, let workloads = sides[arguments[1]], let n = Int(arguments[3]) else {
  print("usage: InstructionProbe <reactivecore|opencombine|baseline> <workload> <n> | --list")
  exit(2)
}
guard let workload = workloads.first(where: { $0.name == arguments[2] }) else {
  print("no workload \(arguments[2]) on \(arguments[1])")
  exit(2)
}
print(workload.run(n))
