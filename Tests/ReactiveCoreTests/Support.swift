// What the test targets share (TestError, Token, Shared, ContractChecker…)
// lives in Tests/TestSupport; re-exported here for every file of this target.
import ReactiveCore
@_exported import TestSupport
import Testing
import TraitsTesting

/// A publisher that takes its subscriber at once but gives it a
/// subscription (a ``SubscriptionProbe``) only when the test says so, and
/// logs both moments, so that a test can check in which order an operator
/// subscribes its upstreams and gives its own subscriber a subscription.
final class LatePublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: used by one thread, in one test.
  private let name: String
  private let log: EventLog
  private var subscriber: AnySubscriber<Output, Failure>?
  let subscription = SubscriptionProbe()

  init(_ name: String, log: EventLog) {
    self.name = name
    self.log = log
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    log.append("subscribe \(name)")
    self.subscriber = AnySubscriber(subscriber)
  }

  func giveSubscription() {
    log.append("subscription \(name)")
    subscriber?.receive(subscription: subscription)
  }

  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }
}

/// Records `subject` asking for one value, and for one more from inside
/// `receive(_:)` after each value below `limit`; sends 1 to 5 and returns
/// the values recorded.
func valuesRequestingFromInsideReceive<S: Subject>(_ subject: S, below limit: Int) -> [Int] where S.Output == Int {
  let recorder = subject.record(demand: .max(1)) { value, recorder in
    if value < limit { recorder.request(.max(1)) }
    return .none
  }

  for value in 1...5 { subject.send(value) }

  return recorder.values
}

/// Records `subject` three times: with an unlimited demand, a demand of
/// one, and no demand; sends 1 and 2, then has the third recorder request
/// one value. Returns the three recorders, for the caller to go on.
func recordThreeDemands<S: Subject>(
  _ subject: S
) -> (
  unlimited: RecordingSubscriber<Int, S.Failure>, one: RecordingSubscriber<Int, S.Failure>,
  none: RecordingSubscriber<Int, S.Failure>
)
where S.Output == Int {
  let unlimited = subject.record()
  let one = subject.record(demand: .max(1))
  let none = subject.record(demand: .none)
  subject.send(1)
  subject.send(2)
  none.request(.max(1))
  return (unlimited, one, none)
}

/// Records `subject` with a subscriber that cancels from inside
/// `receive(_:)` when it gets `value`, then with another one; sends 1 to 3
/// and returns both recordings.
func recordCancellingFromInsideReceive<S: Subject>(
  _ subject: S,
  at cancelValue: Int
) -> (cancelling: RecordingSubscriber<Int, S.Failure>, other: RecordingSubscriber<Int, S.Failure>)
where S.Output == Int {
  let cancelling = subject.record { value, recorder in
    if value == cancelValue { recorder.cancel() }
    return .none
  }
  let other = subject.record()

  for value in 1...3 { subject.send(value) }

  return (cancelling, other)
}

/// A collection of `Int`s that logs what is read of it and done to it, in
/// order, so that a test can state how an operator reads the collection it
/// is given, as Combine reads it. Copies share the log.
struct LoggingCollection: RangeReplaceableCollection {
  private(set) var elements: [Int]
  let log: EventLog

  init(_ elements: [Int], log: EventLog = EventLog()) {
    self.elements = elements
    self.log = log
  }

  init() {
    self.init([])
    log.append("init()")
  }

  func makeIterator() -> IndexingIterator<[Int]> {
    log.append("makeIterator")
    return elements.makeIterator()
  }

  var underestimatedCount: Int {
    log.append("underestimatedCount")
    return elements.underestimatedCount
  }

  var count: Int {
    log.append("count")
    return elements.count
  }

  var startIndex: Int {
    log.append("startIndex")
    return elements.startIndex
  }

  var endIndex: Int {
    log.append("endIndex")
    return elements.endIndex
  }

  subscript(position: Int) -> Int {
    log.append("subscript")
    return elements[position]
  }

  func index(after index: Int) -> Int {
    log.append("index(after:)")
    return elements.index(after: index)
  }

  mutating func reserveCapacity(_ capacity: Int) {
    log.append("reserveCapacity")
    elements.reserveCapacity(capacity)
  }

  mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Int {
    log.append("append(contentsOf:)")
    elements.append(contentsOf: newElements)
  }

  mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Int {
    log.append("replaceSubrange")
    elements.replaceSubrange(subrange, with: newElements)
  }
}

/// An upstream that keeps its subscriber without subscribing it, so that a
/// test decides when (and whether) the subscription comes.
final class HeldSubscriber<Output>: Publisher {
  typealias Failure = Never

  private(set) var subscriber: (any Subscriber)?

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    self.subscriber = subscriber
  }
}

/// Subscribes through `make` to an upstream that has not subscribed yet,
/// cancels the operator's subscriber (its subscription too) first, then
/// gives it a subscription: what the operator does with that subscription
/// (its calls), and what its own subscriber received.
func callsOnASubscriptionAfterAnEarlyCancel<P: Publisher>(
  _ make: (HeldSubscriber<Int>) -> P
) throws -> (calls: [SubscriptionProbe.Call], events: [RecordingSubscriber<P.Output, P.Failure>.Event]) {
  let upstream = HeldSubscriber<Int>()
  let recorder = make(upstream).record()
  let subscriber = try #require(upstream.subscriber)
  try #require(subscriber as? any Subscription).cancel()
  let probe = SubscriptionProbe()
  subscriber.receive(subscription: probe)
  return (probe.calls, recorder.events)
}
