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
/// (Not copyable: the combineLatest and merge machine is not.)
protocol CombiningMachine: ~Copyable {
  associatedtype Action

  init(downstream: String, upstreams: Int)
  mutating func upstreamSubscribed(_ upstream: String, side: Int) -> Action
  mutating func request(_ additional: Subscribers.Demand) -> Action
}

extension CombiningMachine where Self: ~Copyable {
  /// A machine for "down" whose two upstreams "a" and "b" have subscribed,
  /// asked for `demand` if it is not `.none`.
  static func bothSubscribed(demand: Subscribers.Demand) -> Self {
    var machine = Self(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)
    _ = machine.upstreamSubscribed("b", side: 1)
    if demand > 0 { _ = machine.request(demand) }
    return machine
  }
}

// The combineLatest and merge machines are one type, CombiningStateMachine.
extension CombiningStateMachine: CombiningMachine where Downstream == String, Upstream == String {}
extension ZipStateMachine: CombiningMachine where Downstream == String, Upstream == String {}

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
  _ action: CombiningStateMachine<String, String, Values, TestError>.Action,
  dropped: (CombiningStateMachine<String, String, Values, TestError>.Leftovers) -> String
) -> String {
  switch action {
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
