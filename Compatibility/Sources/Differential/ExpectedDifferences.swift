// The differences between the two sides that are understood: each names the
// cases it covers, which side matches Combine, and why. A difference that no
// entry explains fails the run. Never add an entry to silence a ReactiveCore
// bug: fix the bug. An entry is for OpenCombine departing from Combine, or
// for a deliberate difference of ReactiveCore (Docs/ReactiveCore.md,
// "Deliberate differences from Combine"). Each entry explains a difference
// only if the traces agree once that difference is set aside, so that it
// cannot hide another one in the same case.

/// Which side behaves as Combine does.
enum RightSide: String {
  case reactiveCore = "ReactiveCore"
  case openCombine = "OpenCombine"
}

/// Both traces of one case, and the trap message of each side, if it trapped.
struct Traces {
  let name: String
  let reactiveCore: [String]
  let openCombine: [String]
  let reactiveCoreTrap: String?
  let openCombineTrap: String?

  /// The variant part of the name (`normal` in `map/normal`).
  var variant: Substring { name.split(separator: "/").last ?? "" }

  /// Whether the case's upstream breaks the contract on purpose.
  var isMisbehaving: Bool {
    ["valueAfterCompletion", "secondCompletion", "valueWithoutDemand"].contains(String(variant))
  }
}

struct ExpectedDifference: Sendable {
  /// A short name, printed in the summary.
  let title: String
  let right: RightSide
  /// Why the sides differ and why `right` is right (Apple's documentation or
  /// Combine's observable behaviour).
  let reason: String
  /// Whether this difference, and nothing else, separates the two traces.
  let explains: @Sendable (Traces) -> Bool
}

let expectedDifferences: [ExpectedDifference] = [
  ExpectedDifference(
    title: "OpenCombine traps on negative demand",
    right: .reactiveCore,
    reason: """
      Apple's documentation of Subscribers.Demand's `-=`: "A negative demand is impossible; when an \
      operation would result in a negative value, Combine adjusts the value to .max(0)". OpenCombine \
      0.14.0 traps instead ("demand cannot be negative") when an upstream sends a value nobody asked for.
      """,
    explains: { traces in
      // Up to the trap, OpenCombine did what ReactiveCore did.
      traces.openCombine.last == "TRAP" && traces.reactiveCoreTrap == nil
        && traces.openCombineTrap?.contains("demand cannot be negative") == true
        && traces.reactiveCore.starts(with: traces.openCombine.dropLast())
    }
  ),
  ExpectedDifference(
    title: "OpenCombine's print logs a zero synchronous demand",
    right: .reactiveCore,
    reason: """
      Combine's `print` logs "request max: (n) (synchronous)" only for a non-zero demand returned by \
      the downstream's receive(_:) (a sink's output shows no such line); OpenCombine logs it for .max(0) too.
      """,
    explains: { traces in
      let zero = "print: P: request max: (0) (synchronous)"
      return traces.name.hasPrefix("print/")
        && afterEndIfMisbehaving(traces, traces.reactiveCore)
          == afterEndIfMisbehaving(traces, traces.openCombine.filter { $0 != zero })
    }
  ),
  ExpectedDifference(
    title: "OpenCombine's prefix/output finish one value late",
    right: .reactiveCore,
    reason: """
      Combine's `prefix(_:)`, `output(at:)` and `output(in:)` cancel the upstream and finish right after \
      the last value of their range (`subject.prefix(1)` is over as soon as the subject sends one \
      value; Docs/ReactiveCore.md, "Operators"). OpenCombine waits for the next value to do so.
      """,
    explains: { traces in
      let isOutput = ["prefix/", "output(at)/", "output(in)/"].contains { traces.name.hasPrefix($0) }
      let chain = traces.name.hasPrefix("random/") ? traces.reactiveCore.first ?? "" : ""
      let chainHasOutput = chain.contains("prefix(") || chain.contains("output(")
      return (isOutput || chainHasOutput) && lateFinishOnly(traces.reactiveCore, traces.openCombine)
    }
  ),
  ExpectedDifference(
    title: "ReactiveCore ignores what a misbehaving upstream sends after the end",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Deliberate differences from Combine"): where Combine breaks \
      its own contract (a value or a completion after a completion, a delivery after a failure), \
      ReactiveCore stays stricter and drops it. OpenCombine, like Combine, lets several operators \
      pass such events on. Set aside: what the subscriber receives after its first completion.
      """,
    explains: { traces in
      traces.isMisbehaving && !receives(traces.reactiveCore, after: "S.receive(completion:")
        && afterEnd(traces.reactiveCore) == afterEnd(traces.openCombine)
    }
  ),
  ExpectedDifference(
    title: "ReactiveCore delivers nothing after cancel",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Deliberate differences from Combine", and "Scheduling and \
      time": receive(on:), delay and timeout drop, on cancel, the events already scheduled): where \
      Combine may still deliver what was scheduled before a cancel(), ReactiveCore delivers nothing. \
      Set aside: what OpenCombine delivers to the subscriber after it cancelled.
      """,
    explains: { traces in
      !receives(traces.reactiveCore, after: "S.cancel")
        && afterCancel(traces.reactiveCore) == afterCancel(traces.openCombine)
    }
  ),

  // MARK: Single-upstream operators, time operators, subjects and sources

  ExpectedDifference(
    title: "ReactiveCore's delay describes itself as Delay",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Descriptions and reflection" and "Deliberate differences from \
      Combine"): Combine's Delay subscription is not CustomStringConvertible (OpenCombine's DelayTests, \
      run against Combine, check that it has no description and no custom mirror), so it shows its type \
      name; ReactiveCore's is described as "Delay". Set aside: the two description lines, then the \
      trace must agree as is, or up to what the other entries set aside (nothing after cancel, nothing \
      after the end from a misbehaving upstream).
      """,
    explains: { traces in
      guard traces.name.hasPrefix("delay") else { return false }
      let reactiveCore = traces.reactiveCore.map {
        $0 == "A1.subscribe(Delay)" ? "A1.subscribe(no description)" : $0
      }
      let openCombine = traces.openCombine.map {
        $0.hasPrefix("S.receive(subscription: Publishers.Delay<") ? "S.receive(subscription: Delay)" : $0
      }
      if reactiveCore == openCombine { return true }
      if !receives(reactiveCore, after: "S.cancel") && afterCancel(reactiveCore) == afterCancel(openCombine) {
        return true
      }
      return traces.isMisbehaving && !receives(reactiveCore, after: "S.receive(completion:")
        && afterEnd(reactiveCore) == afterEnd(openCombine)
    }
  ),
]

/// `afterEnd` for the variants whose upstream misbehaves (where ReactiveCore
/// deliberately drops what comes after the end), the trace itself otherwise.
private func afterEndIfMisbehaving(_ traces: Traces, _ trace: [String]) -> [String] {
  traces.isMisbehaving ? afterEnd(trace) : trace
}

/// Whether the subscriber receives anything after the first line that starts
/// with `marker`.
private func receives(_ trace: [String], after marker: String) -> Bool {
  guard let index = trace.firstIndex(where: { $0.hasPrefix(marker) }) else { return false }
  return trace[(index + 1)...].contains { $0.hasPrefix("S.receive(") }
}

/// The trace without what the subscriber receives after it cancelled.
private func afterCancel(_ trace: [String]) -> [String] {
  guard let cancel = trace.firstIndex(of: "S.cancel") else { return trace }
  return Array(trace[...cancel])
    + trace[(cancel + 1)...].filter { !$0.hasPrefix("S.receive(") && !$0.hasPrefix("S returns") }
}

/// The trace without what the subscriber receives after its first
/// completion (values, returned demands, further completions).
private func afterEnd(_ trace: [String]) -> [String] {
  guard let end = trace.firstIndex(where: { $0.hasPrefix("S.receive(completion:") }) else { return trace }
  return Array(trace[...end])
    + trace[(end + 1)...].filter {
      !$0.hasPrefix("S.receive(") && !$0.hasPrefix("S returns") && !($0.hasPrefix("A1.") && $0.hasSuffix(".cancel"))
    }
}

/// Whether the two traces differ only in where the operator's end comes:
/// ReactiveCore cancels upstream A and finishes right after the range's last
/// value; OpenCombine does so on the value after it (or never, if none comes).
/// Up to ReactiveCore's cancel the traces agree. After it, either the
/// subscriber receives the same values on both sides, then one finish from
/// ReactiveCore; or OpenCombine's subscriber is still waiting for the late
/// finish (no completion, and only the first of ReactiveCore's values: in a
/// chain, an operator after the range, such as `count` or `max`, publishes
/// only once the range has finished). A subscriber that cancelled inside the
/// receive of the range's last value gets no finish on either side.
private func lateFinishOnly(_ reactiveCore: [String], _ openCombine: [String]) -> Bool {
  guard let cut = reactiveCore.firstIndex(of: "A1.cancel"), cut <= openCombine.count else { return false }
  func values(_ trace: [String]) -> [String] {
    trace.filter { $0.hasPrefix("S.receive(") && !$0.hasPrefix("S.receive(completion:") }
  }
  func ends(_ trace: [String]) -> [String] { trace.filter { $0.hasPrefix("S.receive(completion:") } }
  let finished = ["S.receive(completion: finished)"]
  let sameValues = values(reactiveCore) == values(openCombine)
  let openCombineWaits = ends(openCombine).isEmpty && values(reactiveCore).starts(with: values(openCombine))
  let cancelled = reactiveCore.contains("S.cancel") && ends(reactiveCore).isEmpty && ends(openCombine).isEmpty
  let afterCut =
    (sameValues && ends(reactiveCore) == finished) || (sameValues && cancelled)
    || (openCombineWaits && [[], finished].contains(ends(reactiveCore)))
  return reactiveCore[..<cut] == openCombine[..<cut] && afterCut && !receives(reactiveCore, after: "S.cancel")
}
