import ReactiveCore

// What the state-machine suites (zip, combineLatest, merge) share to read
// the actions a machine returns as text.

extension Subscribers.Demand {
  /// `none`, `max(n)` or `unlimited`, to read actions in test expectations.
  var text: String {
    if self == .unlimited { return "unlimited" }
    return self == .none ? "none" : "max(\(max ?? 0))"
  }
}

/// `finished` or `failure <code>`, to read a completion in an action.
func render(_ completion: Subscribers.Completion<TestError>) -> String {
  switch completion {
  case .finished: "finished"
  case let .failure(error): "failure \(error.code)"
  }
}

/// What the zip, combineLatest and merge machines share, with names for
/// their downstream and upstreams: how a test starts one.
/// (The machines and their actions are not copyable, so the actions stay
/// out of the protocol: its events drop them.)
protocol CombiningMachine: ~Copyable {
  init(downstream: String, upstreams: Int)
  /// `upstreamSubscribed(_:side:)`, its action dropped.
  mutating func subscribe(_ upstream: String, side: Int)
  /// `request(_:)`, its action dropped.
  mutating func ask(_ demand: Subscribers.Demand)
}

extension CombiningMachine where Self: ~Copyable {
  /// A machine for "down" whose two upstreams "a" and "b" have subscribed,
  /// asked for `demand` if it is not `.none`.
  static func bothSubscribed(demand: Subscribers.Demand) -> Self {
    var machine = Self(downstream: "down", upstreams: 2)
    machine.subscribe("a", side: 0)
    machine.subscribe("b", side: 1)
    if demand > 0 { machine.ask(demand) }
    return machine
  }
}

// The combineLatest and merge machines are one type, CombiningStateMachine.
extension CombiningStateMachine: CombiningMachine where Downstream == String, Upstream == String {
  mutating func subscribe(_ upstream: String, side: Int) { _ = upstreamSubscribed(upstream, side: side) }
  mutating func ask(_ demand: Subscribers.Demand) { _ = request(demand) }
}

extension ZipStateMachine: CombiningMachine where Downstream == String, Upstream == String {
  mutating func subscribe(_ upstream: String, side: Int) { _ = upstreamSubscribed(upstream, side: side) }
  mutating func ask(_ demand: Subscribers.Demand) { _ = request(demand) }
}

/// A subscription that only has an identity, named for the assertions of
/// the flatMap and switchToLatest machine suites.
final class NamedSubscription: Subscription {
  let name: String
  init(_ name: String) { self.name = name }
  func request(_ demand: Subscribers.Demand) {}
  func cancel() {}
}

/// One line per action of the combineLatest and merge machine, naming
/// everything the caller would act on; `dropped` names what leftovers hold.
func render<Values: CombiningValues>(
  _ action: consuming CombiningStateMachine<String, String, Values, TestError>.Action,
  dropped: (CombiningStateMachine<String, String, Values, TestError>.Leftovers) -> String
) -> String {
  switch consume action {
  case .none:
    return "none"
  case let .cancelUpstream(upstream):
    return "cancel \(upstream)"
  case let .requestUpstream(upstream, demand):
    return "request \(demand.text) from \(upstream)"
  case let .request(links, demand, resume):
    return "request \(demand.text) from \(links.compactMap(\.subscription))" + (resume ? ", resume" : "")
  case let .discard(element):
    return "discard \(element)"
  case let .cancelUpstreams(upstreams, leftovers, resume):
    return "cancel \(upstreams), drop \(dropped(leftovers))" + (resume ? ", resume" : "")
  case let .deliver(downstream, element):
    return "deliver \(element) to \(downstream)"
  case .idle:
    return "idle"
  case let .complete(downstream, completion):
    return "complete \(render(completion)) to \(downstream)"
  case let .cancelled(upstreams, leftovers):
    return "cancel \(upstreams), release \(leftovers.downstream ?? "nothing"), drop \(dropped(leftovers))"
  }
}
