// The runner's command line.

import Foundation
import OpenCombineScenarios
import ReactiveCoreScenarios

/// The default seed of the random chains: fixed, so that CI compares the same
/// chains every run (`--seed` draws others).
let defaultSeed: UInt64 = 20_261_124

/// The library a child process runs.
enum Side: String, CaseIterable {
  case reactiveCore = "ReactiveCore"
  case openCombine = "OpenCombine"

  /// The cases of this side, as the shared scenarios list them.
  func cases(_ arguments: Arguments) -> [Case] {
    if let name = arguments.only, name.hasPrefix("random/"), let seed = UInt64(name.dropFirst("random/".count)) {
      switch self {
      case .reactiveCore:
        return [Case(ReactiveCoreScenarios.randomCase(seed: seed))]
      case .openCombine:
        return [Case(OpenCombineScenarios.randomCase(seed: seed))]
      }
    }
    let all: [Case] =
      switch self {
      case .reactiveCore:
        ReactiveCoreScenarios.cases(seed: arguments.seed, chains: arguments.chains).map(Case.init)
      case .openCombine:
        OpenCombineScenarios.cases(seed: arguments.seed, chains: arguments.chains).map(Case.init)
      }
    guard let only = arguments.only else { return all }
    return all.filter { $0.name == only || $0.name.hasPrefix(only + "/") }
  }
}

struct Arguments {
  var seed = defaultSeed
  var chains = 300
  var only: String?
  var verbose = false
  var child: Side?
  var from = 0
  /// The arguments a child needs to list the same cases.
  var forChild: [String] = []

  init(_ words: ArraySlice<String>) {
    var words = words
    while let word = words.popFirst() {
      switch word {
      case "--seed":
        let text = words.popFirst() ?? ""
        seed = text == "random" ? UInt64.random(in: 0...UInt64.max) : required(UInt64(text), "bad seed \(text)")
        forChild += ["--seed", String(seed)]
      case "--chains":
        let text = words.popFirst() ?? ""
        chains = required(Int(text), "bad chain count \(text)")
        forChild += ["--chains", text]
      case "--case":
        let name = required(words.popFirst(), "--case needs a name")
        only = name
        forChild += ["--case", name]
      case "--verbose": verbose = true
      case "--child": child = required(Side(rawValue: words.popFirst() ?? ""), "bad side")
      case "--from": from = required(Int(words.popFirst() ?? ""), "bad --from")
      default: usage("unknown argument \(word)")
      }
    }
  }
}

/// A case of either side, seen by the runner.
struct Case {
  let name: String
  let run: (_ emit: @escaping (String) -> Void) -> Void

  init(_ side: ReactiveCoreScenarios.Case) {
    name = side.name
    run = side.run
  }

  init(_ side: OpenCombineScenarios.Case) {
    name = side.name
    run = side.run
  }
}

func required<Value>(_ value: Value?, _ problem: String) -> Value {
  guard let value else { usage(problem) }
  return value
}

func usage(_ problem: String) -> Never {
  print("Differential: \(problem)")
  print("usage: Differential [--seed N|random] [--chains N] [--case NAME] [--verbose]")
  exit(2)
}
