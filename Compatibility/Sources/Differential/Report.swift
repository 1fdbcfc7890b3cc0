// Comparing two traces, and what the runner prints.

/// The tally of a run, and the differences it found.
struct Report {
  var scenarios = 0
  var chains = 0
  var identical = 0
  var explained: [(name: String, expectation: ExpectedDifference)] = []
  var unexplained: [String] = []
  var traps: [String] = []

  mutating func compare(name: String, reactiveCore: [String], openCombine: [String], arguments: Arguments) {
    if name.hasPrefix("random/") { chains += 1 } else { scenarios += 1 }
    if reactiveCore.last == "TRAP" || openCombine.last == "TRAP" { traps.append(name) }
    let showAll = arguments.verbose || arguments.only != nil
    if reactiveCore == openCombine {
      identical += 1
      if arguments.only != nil { printTrace(name: name, reactiveCore) }
      return
    }
    let traces = Traces(
      name: name,
      reactiveCore: reactiveCore,
      openCombine: openCombine,
      reactiveCoreTrap: trapMessages[.reactiveCore]?[name],
      openCombineTrap: trapMessages[.openCombine]?[name]
    )
    if let expectation = expectedDifferences.first(where: { $0.explains(traces) }) {
      explained.append((name, expectation))
      if showAll {
        print("\n≈ \(name): expected difference \"\(expectation.title)\"")
        printDiff(name: name, reactiveCore, openCombine)
      }
      return
    }
    unexplained.append(name)
    print("\n✘ \(name): UNEXPLAINED difference")
    printDiff(name: name, reactiveCore, openCombine)
  }

  func printSummary(arguments: Arguments) {
    print("")
    if !explained.isEmpty {
      print("Expected differences (explained in ExpectedDifferences.swift):")
      for expectation in expectedDifferences {
        let count = explained.filter { $0.expectation.title == expectation.title }.count
        guard count > 0 else { continue }
        print("  \(count) × \(expectation.title) [right: \(expectation.right.rawValue)]")
      }
    }
    if !unexplained.isEmpty {
      print("Unexplained differences, by operator (variants, or seeds of random chains):")
      var groups: [(operation: String, variants: [String])] = []
      for name in unexplained {
        let slash = name.lastIndex(of: "/") ?? name.endIndex
        let operation = String(name[..<slash])
        let variant = slash < name.endIndex ? String(name[name.index(after: slash)...]) : ""
        if let index = groups.firstIndex(where: { $0.operation == operation }) {
          groups[index].variants.append(variant)
        } else {
          groups.append((operation, [variant]))
        }
      }
      for group in groups {
        print("  \(group.operation): \(group.variants.joined(separator: " "))")
      }
    }
    if !traps.isEmpty { print("Cases with a trap on at least one side (run in a child process): \(traps.count)") }
    print(
      "Compared \(scenarios) scenarios and \(chains) random chains (seed \(arguments.seed)) on ReactiveCore "
        + "and OpenCombine: \(identical) identical, \(explained.count) explained differences, "
        + "\(unexplained.count) unexplained."
    )
    print("compat: \(identical + explained.count) passed, \(unexplained.count) failed")
  }
}

private func printTrace(name: String, _ trace: [String]) {
  print("\n= \(name): identical")
  for line in trace { print("   \(line)") }
}

/// A line diff of the two traces (longest common subsequence): common lines
/// are indented, `RC>` lines are ReactiveCore's only, `OC>` OpenCombine's.
private func printDiff(name: String, _ reactiveCore: [String], _ openCombine: [String]) {
  for side in Side.allCases {
    if let message = trapMessages[side]?[name] { print("   (\(side.rawValue) trapped: \(message))") }
  }
  let (left, right) = (reactiveCore, openCombine)
  var lengths = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
  for i in stride(from: left.count - 1, through: 0, by: -1) {
    for j in stride(from: right.count - 1, through: 0, by: -1) {
      lengths[i][j] = left[i] == right[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var (i, j) = (0, 0)
  while i < left.count || j < right.count {
    if i < left.count, j < right.count, left[i] == right[j] {
      print("      \(left[i])")
      i += 1
      j += 1
    } else if j == right.count || (i < left.count && lengths[i + 1][j] >= lengths[i][j + 1]) {
      print("   RC> \(left[i])")
      i += 1
    } else {
      print("   OC> \(right[j])")
      j += 1
    }
  }
}
