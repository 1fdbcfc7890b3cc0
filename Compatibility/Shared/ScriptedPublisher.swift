// The scriptable upstream: a publisher driven step by step by a scenario's
// script, which logs every demand it receives, every cancel, and the demand
// each delivered value returns. It uses only Combine's public API.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// A publisher of `Int` whose events come from a script.
///
/// Each subscriber gets its own subscription, named after the publisher and
/// numbered from 1 (`A1`, `B1`, `B2`…). A well-behaved step (`send`,
/// `finish`, `fail`) reaches every live subscription in turn: values wait for
/// demand, a completion waits behind the values before it, and nothing goes
/// to a cancelled or completed subscription. A forced step (`forceSend`,
/// `forceComplete`) misbehaves on purpose: it goes straight to every
/// subscriber that ever subscribed, demand or not, completed or not.
final class ScriptedPublisher: Publisher {
  typealias Output = Int
  typealias Failure = TestError

  let name: String
  private let log: Log
  private var subscriptions: [ScriptedSubscription] = []

  init(_ name: String, log: Log) {
    self.name = name
    self.log = log
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    let subscription = ScriptedSubscription(
      name: "\(name)\(subscriptions.count + 1)",
      log: log,
      downstream: AnySubscriber(subscriber)
    )
    subscriptions.append(subscription)
    // A subscriber's description, when it has one (a private type without one
    // would print a memory address).
    let label = (subscriber as? any CustomStringConvertible).map(describe) ?? "no description"
    log.append("\(subscription.name).subscribe(\(label))")
    subscriber.receive(subscription: subscription)
  }

  /// Whether anyone ever subscribed.
  var isSubscribed: Bool { !subscriptions.isEmpty }

  func send(_ value: Int) {
    for subscription in subscriptions { subscription.enqueue(.value(value)) }
  }

  func finish() {
    for subscription in subscriptions { subscription.enqueue(.completion(.finished)) }
  }

  func fail(_ error: TestError = .failure) {
    for subscription in subscriptions { subscription.enqueue(.completion(.failure(error))) }
  }

  func forceSend(_ value: Int) {
    for subscription in subscriptions { subscription.forceSend(value) }
  }

  func forceComplete(_ completion: Subscribers.Completion<TestError>) {
    for subscription in subscriptions { subscription.forceComplete(completion) }
  }
}

/// One subscription to a `ScriptedPublisher`: a well-behaved publisher's
/// bookkeeping (demand, pending events, completed or cancelled), plus the
/// forced steps that ignore it.
final class ScriptedSubscription: Subscription, CustomStringConvertible {
  enum Event {
    case value(Int)
    case completion(Subscribers.Completion<TestError>)
  }

  private enum State {
    case live
    case completed
    case cancelled
  }

  let name: String
  private let log: Log
  // Kept after completion and cancel, for the forced steps.
  private let downstream: AnySubscriber<Int, TestError>
  private var state = State.live
  private var demand = Subscribers.Demand.none
  private var pending: [Event] = []
  private var isDelivering = false

  init(name: String, log: Log, downstream: AnySubscriber<Int, TestError>) {
    self.name = name
    self.log = log
    self.downstream = downstream
  }

  var description: String { "Scripted(\(name))" }

  func request(_ demand: Subscribers.Demand) {
    log.append("\(name).request(\(show(demand)))")
    guard state == .live else { return }
    self.demand += demand
    deliver()
  }

  func cancel() {
    log.append("\(name).cancel")
    guard state == .live else { return }
    state = .cancelled
    pending = []
  }

  func enqueue(_ event: Event) {
    guard state == .live else { return }
    pending.append(event)
    deliver()
  }

  /// Delivers what demand allows. Re-entry (a request or a send from inside
  /// the downstream's `receive`) only adds to the pending work: the outer
  /// call's loop delivers it, as a publisher must.
  private func deliver() {
    guard !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    while state == .live, let event = pending.first {
      switch event {
      case let .value(value):
        guard demand > .none else { return }
        pending.removeFirst()
        demand -= 1
        let more = downstream.receive(value)
        log.append("\(name) sent \(value), got \(show(more))")
        demand += more
      case let .completion(completion):
        pending = []
        state = .completed
        downstream.receive(completion: completion)
        log.append("\(name) sent \(show(completion))")
      }
    }
  }

  func forceSend(_ value: Int) {
    let more = downstream.receive(value)
    log.append("\(name) forced \(value), got \(show(more))")
  }

  func forceComplete(_ completion: Subscribers.Completion<TestError>) {
    downstream.receive(completion: completion)
    log.append("\(name) forced \(show(completion))")
  }
}
