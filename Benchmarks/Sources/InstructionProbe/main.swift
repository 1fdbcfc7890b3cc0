// Runs one workload of one side once, for callgrind:
//
//     InstructionProbe <reactivecore|opencombine|baseline> <workload> <n>
//
// Instructions per operation are the difference between two runs with
// different n, divided by the difference of n: start-up and first-use costs
// (metadata, lazy globals, thread creation) cancel out.
// `InstructionProbe --list` prints the names of the workloads.

import BaselineWorkloads
import OpenCombineWorkloads
import ReactiveCoreWorkloads

#if canImport(Glibc)
import Glibc
#endif

let sides: [String: [(name: String, run: @Sendable (Int) -> Int)]] = [
  "reactivecore": ReactiveCoreWorkloads.workloads,
  "opencombine": OpenCombineWorkloads.workloads,
  "baseline": BaselineWorkloads.workloads,
]

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--list" {
  for workload in BaselineWorkloads.workloads {
    let onSides = ["reactivecore", "opencombine", "baseline"].filter { side in
      sides[side]!.contains { $0.name == workload.name }
    }
    print(workload.name, onSides.joined(separator: ","))
  }
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
