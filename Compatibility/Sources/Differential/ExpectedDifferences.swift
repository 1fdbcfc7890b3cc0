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

private let behaviourDifferences: [ExpectedDifference] = [
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
  ExpectedDifference(
    title: "flatMap cancels its inner publishers in another order",
    right: .reactiveCore,
    reason: """
      Combine, like OpenCombine, keeps flatMap's inner subscriptions in a dictionary and cancels them in \
      its hash order, which no one can rely on; ReactiveCore cancels them in the order they were \
      subscribed. The same subscriptions are cancelled, the upstream after them on both sides. Set \
      aside: the order within each run of consecutive inner cancels.
      """,
    explains: { traces in
      let chain = traces.name.hasPrefix("random/") ? traces.reactiveCore.first ?? "" : ""
      let isFlatMap = traces.name.hasPrefix("flatMap") || chain.contains("flatMap")
      return isFlatMap && sortingInnerCancels(traces.reactiveCore) == sortingInnerCancels(traces.openCombine)
    }
  ),
  ExpectedDifference(
    title: "An inner failure of flatMap cancels the upstream",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Deliberate differences from Combine"): Combine leaves the \
      upstream subscribed after an inner failure, and its cancel() then does nothing, so that \
      subscription is never freed. ReactiveCore cancels it with the other inner publishers. Set aside: \
      ReactiveCore's cancel of A, and what A still sends to OpenCombine's finished flatMap.
      """,
    explains: { traces in
      guard traces.name.hasPrefix("flatMap"), traces.variant == "otherFailure" else { return false }
      return traces.reactiveCore.filter { $0 != "A1.cancel" }
        == droppingAfter(traces.openCombine, marker: "S.receive(completion: failure") { $0.hasPrefix("A1 sent") }
    }
  ),
  ExpectedDifference(
    title: "A multicast's subject, once released, cancels the connection",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Deliberate differences from Combine"): when nothing holds a \
      multicast's subject any more (the multicast publisher is gone and its last subscriber cancelled), \
      ReactiveCore's subject cancels its upstream as it goes. Combine's subject-subscriber holds the \
      subject weakly and, once it is gone, ignores every cancel, the connection's included: the \
      upstream keeps publishing into nothing and can no longer be cancelled. While the multicast or a \
      subscriber holds the subject, a subscriber's cancel leaves the connection alone on both sides. \
      Set aside: ReactiveCore's cancel of A after the subscriber's, and what A still sends to OpenCombine.
      """,
    explains: { traces in
      guard traces.name.hasPrefix("multicast(connect)/") else { return false }
      return droppingAfter(traces.reactiveCore, marker: "S.cancel") { $0 == "A1.cancel" || $0.hasPrefix("A1 sent") }
        == droppingAfter(traces.openCombine, marker: "S.cancel") { $0.hasPrefix("A1 sent") }
    }
  ),
  ExpectedDifference(
    title: "ReactiveCore sends nothing to an upstream that completed",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Deliberate differences from Combine"): once an upstream has \
      completed, ReactiveCore's operators release its subscription, so a later request or cancel (a \
      subscriber asking after its completion, share's subscribers going away) reaches no one. Combine \
      keeps the subscription and still calls it, which a well-behaved publisher ignores. Set aside: \
      requests and cancels OpenCombine sends to upstream A after A completed.
      """,
    explains: { traces in
      traces.reactiveCore == toCompletedUpstream(traces.openCombine)
    }
  ),
  ExpectedDifference(
    title: "ReactiveCore keeps a value sent without demand until it is demanded",
    right: .openCombine,
    reason: """
      Deliberate (Docs/ReactiveCore.md, "Deliberate differences from Combine", "A value sent without \
      demand waits"): Combine's zip, drop(untilOutputFrom:), prefix(untilOutputFrom:) pass on a value \
      an upstream sends without demand; ReactiveCore keeps it (and the completion behind it) until the \
      subscriber asks. Set aside: what the subscriber receives, provided ReactiveCore delivers a part \
      of what OpenCombine delivers, in the same order.
      """,
    explains: { traces in
      let operators = ["zip", "drop(untilOutputFrom)", "prefix(untilOutputFrom)", "switchToLatest"]
      guard traces.variant == "valueWithoutDemand", operators.contains(where: { traces.name.hasPrefix($0) }) else {
        return false
      }
      func isReceived(_ line: String) -> Bool {
        line.hasPrefix("S.receive(") && !line.hasPrefix("S.receive(subscription:")
      }
      func received(_ trace: [String]) -> [String] { trace.filter(isReceived) }
      func rest(_ trace: [String]) -> [String] {
        trace.filter { !isReceived($0) && !$0.hasPrefix("S returns") }
      }
      return rest(traces.reactiveCore) == rest(traces.openCombine)
        && received(traces.openCombine).starts(with: received(traces.reactiveCore))
    }
  ),
  ExpectedDifference(
    title: "OpenCombine's zip asks only one upstream for the demand its subscriber returns",
    right: .reactiveCore,
    reason: """
      Apple's documentation of Subscriber.receive(_:): the returned demand is how many more elements \
      the subscriber expects. A zip needs one more value from every upstream for each tuple; Combine \
      returns that demand to the upstream whose value completed the tuple (OpenCombine's \
      testIncreasedDemand, checked against Combine) and ReactiveCore asks the others for it too. \
      OpenCombine asks only the first, and its zip stalls. Set aside: from ReactiveCore's request to \
      the other upstream on, provided OpenCombine's subscriber receives nothing more.
      """,
    explains: { traces in
      guard traces.name.hasPrefix("zip"), traces.variant == "returnedDemand" else { return false }
      let rc = traces.reactiveCore
      let oc = traces.openCombine
      guard let cut = rc.indices.first(where: { $0 >= oc.count || rc[$0] != oc[$0] }), cut > 0,
        rc[cut - 1].hasPrefix("S returns max("), rc[cut].hasSuffix(".request(max(1))")
      else { return false }
      return !oc[cut...].contains { $0.hasPrefix("S.receive(") }
    }
  ),

  // MARK: Single-upstream operators, time operators, subjects and sources
  ExpectedDifference(
    title: "ReactiveCore returns no demand to an upstream it has cancelled",
    right: .reactiveCore,
    reason: """
      A subscriber that cancels from inside receive(_:) ends the subscription: Apple's documentation \
      of Cancellable.cancel() says it frees up any allocated resources and stops side effects, and a \
      demand returned to a cancelled subscription can only be ignored. ReactiveCore's buffer returns \
      .none there; OpenCombine returns the refill it would have asked for (no test of OpenCombine's \
      pins what Combine does). Set aside: the demand \
      returned to upstream A after A1.cancel.
      """,
    explains: { traces in
      guard traces.name.hasPrefix("buffer"), traces.variant == "reentrantCancel" else { return false }
      return returnedAfterCancel(traces.reactiveCore) == returnedAfterCancel(traces.openCombine)
    }
  ),
]

/// Every expected difference. (The one about the descriptions of `delay`
/// and `prefix(untilOutputFrom:)` is gone: neither library describes those
/// subscriptions now, as Combine does not.)
let expectedDifferences: [ExpectedDifference] = behaviourDifferences

/// The trace with every demand returned to upstream A after A1.cancel read
/// as `max(0)`.
private func returnedAfterCancel(_ trace: [String]) -> [String] {
  guard let cancel = trace.firstIndex(of: "A1.cancel") else { return trace }
  return Array(trace[...cancel])
    + trace[(cancel + 1)...].map { line in
      guard line.hasPrefix("A1 sent "), let got = line.range(of: ", got ") else { return line }
      return line[..<got.upperBound] + "max(0)"
    }
}

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

/// The trace with each run of consecutive inner cancels (`B1.cancel`,
/// `B2.cancel`…) sorted.
private func sortingInnerCancels(_ trace: [String]) -> [String] {
  func isInnerCancel(_ line: String) -> Bool { line.hasPrefix("B") && line.hasSuffix(".cancel") }
  var result: [String] = []
  var run: [String] = []
  for line in trace {
    if isInnerCancel(line) {
      run.append(line)
      continue
    }
    result += run.sorted()
    run = []
    result.append(line)
  }
  return result + run.sorted()
}

/// The trace without the lines that `drop` selects after the first line
/// that starts with `marker`.
private func droppingAfter(_ trace: [String], marker: String, _ drop: (String) -> Bool) -> [String] {
  guard let index = trace.firstIndex(where: { $0.hasPrefix(marker) }) else { return trace }
  return Array(trace[...index]) + trace[(index + 1)...].filter { !drop($0) }
}

/// The trace without the requests and cancels sent to an upstream (`A1`,
/// `B1`…) after it completed: after its `sent finished`/`sent failure` line,
/// or during its completion (the scripted upstream logs its completion
/// after the subscriber's receive(completion:) returned, so a cancel made
/// from inside it comes before that line, with no script step between).
private func toCompletedUpstream(_ trace: [String]) -> [String] {
  func name(_ line: String) -> Substring? {
    let head = line.prefix { $0 != "." && $0 != " " }
    guard let first = head.first, first.isUppercase, head.count > 1, head.dropFirst().allSatisfy(\.isNumber) else {
      return nil
    }
    return head
  }
  func isCompletion(_ line: String, of upstream: Substring) -> Bool {
    line.hasPrefix("\(upstream) sent finished") || line.hasPrefix("\(upstream) sent failure")
  }
  var completed: Set<Substring> = []
  var result: [String] = []
  for (index, line) in trace.enumerated() {
    if let upstream = name(line), line.hasPrefix("\(upstream).request(") || line == "\(upstream).cancel" {
      if completed.contains(upstream) { continue }
      let rest = trace[(index + 1)...].prefix { !$0.hasPrefix("-- ") }
      if line.hasSuffix(".cancel"), rest.contains(where: { isCompletion($0, of: upstream) }) { continue }
    }
    if let upstream = name(line), isCompletion(line, of: upstream) { completed.insert(upstream) }
    result.append(line)
  }
  return result
}
