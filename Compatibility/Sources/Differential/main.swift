// The differential runner: every case of the shared scenarios runs on
// ReactiveCore and on OpenCombine, and their traces are compared line by
// line. Each side runs in a child process (this very executable, with
// `--child`), so that a trap ends one case, not the run: the parent sees the
// case that began and never ended, records it as a trap, and starts a new
// child at the next case.
//
//   Differential                      every case, default seed and chain count
//   Differential --seed 42 --chains 500
//   Differential --case 'zip/normal'  one case: both traces in full
//   Differential --case random/1234   one random chain, by its seed
//   Differential --verbose            every difference with its trace diff,
//                                     explained ones included
//
// Exit status: 0 when every difference is explained by ExpectedDifferences.swift,
// 1 otherwise.

import Foundation
import OpenCombineScenarios
import ReactiveCoreScenarios

let arguments = Arguments(CommandLine.arguments.dropFirst())

if let side = arguments.child {
  runChild(side: side, arguments: arguments)
  exit(0)
}

let sides = Side.allCases.map { side in (side, collectTraces(side: side, arguments: arguments)) }
let names = caseNames(side: .reactiveCore, arguments: arguments)
guard names == caseNames(side: .openCombine, arguments: arguments) else {
  print("Differential: the two sides list different cases (the shared sources must list the same)")
  exit(1)
}
var report = Report()
for name in names {
  let reactiveCore = sides[0].1[name] ?? ["(no trace)"]
  let openCombine = sides[1].1[name] ?? ["(no trace)"]
  report.compare(name: name, reactiveCore: reactiveCore, openCombine: openCombine, arguments: arguments)
}
report.printSummary(arguments: arguments)
exit(report.unexplained.isEmpty ? 0 : 1)
