import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A publisher that keeps the subscriber an operator attaches to it, and
/// hands it a `SubscriptionProbe` on demand: what the operator shows
/// upstream (its subscriber) and downstream (its subscription) can then be
/// looked at.
private final class ReflectionUpstream<Output, Failure: Error>: Publisher {
  private(set) var subscriber: Any?
  private var sendSubscription: () -> Void = {}
  private var sendValue: (Output) -> Void = { _ in }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    self.subscriber = subscriber
    sendSubscription = { subscriber.receive(subscription: SubscriptionProbe()) }
    sendValue = { _ = subscriber.receive($0) }
  }

  func start() { sendSubscription() }

  func send(_ value: Output) { sendValue(value) }
}

/// What an operator shows on each side.
private struct Sides {
  /// The subscriber the operator attached upstream.
  var subscriber: Any?
  /// The subscription the downstream received.
  var subscription: (any Subscription)?
}

private func sides<Output, Failure: Error, P: Publisher>(
  _ upstream: ReflectionUpstream<Output, Failure>,
  _ makeOperator: (ReflectionUpstream<Output, Failure>) -> P
) -> Sides {
  let downstream = LifetimeProbe<P.Output, P.Failure>(demand: .none)
  makeOperator(upstream).subscribe(downstream)
  upstream.start()
  return Sides(subscriber: upstream.subscriber, subscription: downstream.subscription)
}

private func sides<P: Publisher>(_ makeOperator: (ReflectionUpstream<Int, TestError>) -> P) -> Sides {
  sides(ReflectionUpstream<Int, TestError>(), makeOperator)
}

/// The subscription a downstream receives from `publisher`.
private func subscription<P: Publisher>(of publisher: P) -> (any Subscription)? {
  let downstream = LifetimeProbe<P.Output, P.Failure>(demand: .none)
  publisher.subscribe(downstream)
  return downstream.subscription
}

/// The description, the playground description and the mirror's labels of `subject`.
private struct Shown: Equatable, CustomStringConvertible {
  var description: String
  var playgroundDescription: String?
  var labels: [String?]?

  /// What a subject shows that describes itself; `labels` nil: it has no
  /// mirror of its own.
  init(_ description: String, _ labels: [String?]?) {
    self.description = description
    playgroundDescription = description
    self.labels = labels
  }

  /// What a subject without a description, playground description or
  /// mirror of its own shows (as Combine's `delay`).
  static let undescribed = Shown(of: ())

  init(of subject: Any?) {
    // Unwrapped first: an optional is itself `CustomReflectable`.
    let subject: Any = subject ?? ()
    description = (subject as? any CustomStringConvertible)?.description ?? "not CustomStringConvertible"
    playgroundDescription = (subject as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String
    labels = (subject as? any CustomReflectable)?.customMirror.children.map(\.label)
  }
}

private func labels(of subject: Any?) -> [String?] {
  guard let subject else { return [] }  // an optional is itself `CustomReflectable`
  return (subject as? any CustomReflectable)?.customMirror.children.map(\.label) ?? []
}

/// One operator: what it should show, and on which side.
struct ReflectionRow: Sendable, CustomTestStringConvertible {
  enum Side: Sendable {
    /// A pass-through operator: the downstream receives the upstream's subscription.
    case subscriber
    /// The same object (or its stand-in) on both sides.
    case both
    /// Only the subscription (the operator's upstream is not the test's).
    case subscription
  }

  let name: String
  let side: Side
  /// Nil: no description, playground description or mirror of its own.
  let description: String?
  /// Nil: no mirror of its own.
  let labels: [String?]?
  fileprivate let make: @Sendable () -> Sides

  fileprivate init(
    _ name: String,
    _ side: Side,
    _ description: String?,
    _ labels: [String?]?,
    _ make: @escaping @Sendable () -> Sides
  ) {
    self.name = name
    self.side = side
    self.description = description
    self.labels = labels
    self.make = make
  }

  var testDescription: String { name }
}

private let reducerLabels: [String?] = ["downstream", "result", "initial", "status"]

private let operatorRows: [ReflectionRow] = [
  // Pass-through operators: their subscriber is all there is.
  .init("map", .subscriber, "Map", []) { sides { $0.map { $0 + 1 } } },
  .init("filter", .subscriber, "Filter", []) { sides { $0.filter { $0 > 0 } } },
  .init("compactMap", .subscriber, "CompactMap", []) { sides { $0.compactMap { $0 } } },
  .init("mapError", .subscriber, "MapError", []) { sides { $0.mapError { $0 } } },
  .init("ignoreOutput", .subscriber, "IgnoreOutput", []) { sides { $0.ignoreOutput() } },
  .init("setFailureType", .subscriber, "SetFailureType", []) {
    sides(ReflectionUpstream<Int, Never>()) { $0.setFailureType(to: TestError.self) }
  },
  .init("replaceNil", .subscriber, "Map", []) {
    sides(ReflectionUpstream<Int?, TestError>()) { $0.replaceNil(with: 0) }
  },
  .init("map(keyPath)", .subscriber, "ValueForKey", ["keyPath"]) { sides { $0.map(\.description) } },
  .init("map(keyPath, keyPath)", .subscriber, "ValueForKeys", ["keyPath0", "keyPath1"]) {
    sides { $0.map(\.description, \.bitWidth) }
  },
  .init("map(keyPath, keyPath, keyPath)", .subscriber, "ValueForKeys", ["keyPath0", "keyPath1", "keyPath2"]) {
    sides { $0.map(\.description, \.bitWidth, \.magnitude) }
  },
  .init("breakpoint", .subscriber, "Breakpoint", []) { sides { $0.breakpoint() } },
  .init("assertNoFailure", .subscriber, "AssertNoFailure", ["file", "line", "prefix"]) {
    sides { $0.assertNoFailure("P", file: "F.swift", line: 7) }
  },
  // Mapping operators that stand between upstream and downstream.
  .init("tryMap", .both, "TryMap", []) { sides { $0.tryMap { $0 } } },
  .init("tryFilter", .both, "TryFilter", ["downstream"]) { sides { $0.tryFilter { $0 > 0 } } },
  .init("tryCompactMap", .both, "TryCompactMap", ["downstream"]) { sides { $0.tryCompactMap { $0 } } },
  .init("scan", .subscriber, "Scan", ["downstream", "result"]) { sides { $0.scan(0, +) } },
  .init("tryScan", .both, "TryScan", ["downstream", "status", "result"]) { sides { $0.tryScan(0, +) } },
  .init("removeDuplicates", .both, "RemoveDuplicates", ["downstream", "last"]) { sides { $0.removeDuplicates() } },
  .init("tryRemoveDuplicates", .both, "TryRemoveDuplicates", ["downstream", "last"]) {
    sides { $0.tryRemoveDuplicates(by: ==) }
  },
  .init("replaceEmpty", .both, "ReplaceEmpty", []) { sides { $0.replaceEmpty(with: 0) } },
  .init("replaceError", .both, "ReplaceError", []) { sides { $0.replaceError(with: 0) } },
  // Reducers.
  .init("first", .both, "First", reducerLabels) { sides { $0.first() } },
  .init("first(where:)", .both, "TryFirst", reducerLabels) { sides { $0.first { $0 > 0 } } },
  .init("tryFirst(where:)", .both, "TryFirstWhere", reducerLabels) { sides { $0.tryFirst { $0 > 0 } } },
  .init("last", .both, "Last", reducerLabels) { sides { $0.last() } },
  .init("last(where:)", .both, "LastWhere", reducerLabels) { sides { $0.last { $0 > 0 } } },
  .init("tryLast(where:)", .both, "TryLastWhere", reducerLabels) { sides { $0.tryLast { $0 > 0 } } },
  .init("reduce", .both, "Reduce", reducerLabels) { sides { $0.reduce(0, +) } },
  .init("tryReduce", .both, "TryReduce", reducerLabels) { sides { $0.tryReduce(0, +) } },
  .init("count", .both, "Count", reducerLabels) { sides { $0.count() } },
  .init("min", .both, "Comparison", reducerLabels) { sides { $0.min() } },
  .init("tryMax(by:)", .both, "TryComparison", reducerLabels) { sides { $0.tryMax(by: <) } },
  .init("contains", .both, "Contains", reducerLabels) { sides { $0.contains(1) } },
  .init("contains(where:)", .both, "ContainsWhere", reducerLabels) { sides { $0.contains { $0 > 0 } } },
  .init("tryContains(where:)", .both, "TryContainsWhere", reducerLabels) { sides { $0.tryContains { $0 > 0 } } },
  .init("allSatisfy", .both, "AllSatisfy", reducerLabels) { sides { $0.allSatisfy { $0 > 0 } } },
  .init("tryAllSatisfy", .both, "TryAllSatisfy", reducerLabels) { sides { $0.tryAllSatisfy { $0 > 0 } } },
  .init("collect", .both, "Collect", ["count"]) { sides { $0.collect() } },
  .init("collect(count)", .both, "CollectByCount", ["downstream", "upstreamSubscription", "buffer", "count"]) {
    sides { $0.collect(2) }
  },
  .init("prefix(while:)", .both, "PrefixWhile", ["downstream"]) { sides { $0.prefix { $0 > 0 } } },
  .init("tryPrefix(while:)", .both, "TryPrefixWhile", ["downstream"]) { sides { $0.tryPrefix { $0 > 0 } } },
  .init("drop(while:)", .both, "DropWhile", []) { sides { $0.drop { $0 > 0 } } },
  .init("tryDrop(while:)", .both, "TryDropWhile", []) { sides { $0.tryDrop { $0 > 0 } } },
  .init("prefix", .both, "Output", []) { sides { $0.prefix(2) } },
  .init("output(at:)", .both, "Output", []) { sides { $0.output(at: 1) } },
  .init("dropFirst", .both, "Drop", []) { sides { $0.dropFirst() } },
  // Life cycle.
  .init("encode", .both, "Encode", ["downstream", "finished", "upstreamSubscription"]) {
    sides { $0.encode(encoder: JSONEncoder()) }
  },
  .init("decode", .both, "Decode", ["downstream", "finished", "upstreamSubscription"]) {
    sides(ReflectionUpstream<Data, TestError>()) { $0.decode(type: Int.self, decoder: JSONDecoder()) }
  },
  .init("catch", .both, "Catch", ["downstream", "demand"]) { sides { $0.catch { _ in Just(0) } } },
  .init("tryCatch", .both, "TryCatch", ["downstream", "demand"]) { sides { $0.tryCatch { _ in Just(0) } } },
  .init("retry", .both, "Retry", []) { sides { $0.retry(1) } },
  .init("handleEvents", .both, "HandleEvents", []) { sides { $0.handleEvents() } },
  .init("print", .both, "Print", []) { sides { $0.print(to: DiscardedText()) } },
  .init("multicast", .subscription, "Multicast", []) { sides { $0.multicast { PassthroughSubject() } } },
  .init("makeConnectable", .subscription, "Multicast", []) {
    sides(ReflectionUpstream<Int, Never>()) { $0.makeConnectable() }
  },
  // Autoconnect hands on its upstream's subscription, described as that
  // subscription, with no mirror of its own (as Combine's).
  .init("autoconnect", .subscription, "Multicast", nil) {
    sides(ReflectionUpstream<Int, Never>()) { $0.makeConnectable().autoconnect() }
  },
  // Share hands on its multicast subscription through autoconnect, as Combine's.
  .init("share", .subscription, "Multicast", nil) { sides { $0.share() } },
  // Combining: each side subscriber shows what its subscription shows.
  .init("merge", .both, "Merge", ["downstream", "demand"]) { sides { $0.merge(with: Empty()) } },
  .init("zip", .subscription, "Zip", ["downstream", "demand"]) { sides { $0.zip(Empty<Int, TestError>()) } },
  .init("combineLatest", .both, "CombineLatest", ["downstream", "demand"]) {
    sides { $0.combineLatest(Empty<Int, TestError>()) }
  },
  .init("append", .both, "Concatenate", []) { sides { $0.append(1) } },
  .init("flatMap", .both, "FlatMap", []) { sides { $0.flatMap { _ in Empty<Int, TestError>() } } },
  .init("switchToLatest", .both, "SwitchToLatest", []) {
    sides(ReflectionUpstream<Empty<Int, TestError>, TestError>()) { $0.switchToLatest() }
  },
  .init("drop(untilOutputFrom:)", .both, "DropUntilOutput", []) {
    sides { $0.drop(untilOutputFrom: PassthroughSubject<Int, TestError>()) }
  },
  // As Combine's: no description or mirror.
  .init("prefix(untilOutputFrom:)", .both, nil, nil) {
    sides { $0.prefix(untilOutputFrom: PassthroughSubject<Int, TestError>()) }
  },
  // Time.
  .init("debounce", .both, "Debounce", ["downstream", "downstreamDemand", "currentValue"]) {
    sides { $0.debounce(for: .seconds(1), scheduler: VirtualTimeScheduler()) }
  },
  .init("throttle", .both, "Throttle", []) {
    sides { $0.throttle(for: .seconds(1), scheduler: VirtualTimeScheduler(), latest: true) }
  },
  // As Combine's: no description or mirror.
  .init("delay", .both, nil, nil) { sides { $0.delay(for: .seconds(1), scheduler: VirtualTimeScheduler()) } },
  .init("receive(on:)", .both, "ReceiveOn", []) { sides { $0.receive(on: VirtualTimeScheduler()) } },
  .init("timeout", .both, "Timeout", []) { sides { $0.timeout(.seconds(1), scheduler: VirtualTimeScheduler()) } },
  .init("measureInterval", .both, "MeasureInterval", []) {
    sides { $0.measureInterval(using: VirtualTimeScheduler()) }
  },
  .init("buffer", .both, "Buffer", ["values", "state", "downstreamDemand", "terminal"]) {
    sides { $0.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest) }
  },
  .init("collect(byTime)", .both, "CollectByTime", []) {
    sides { $0.collect(.byTime(VirtualTimeScheduler(), .seconds(1))) }
  },
]

/// A text stream that drops what it is given.
private struct DiscardedText: TextOutputStream {
  mutating func write(_ string: String) {}
}

/// A text stream that several copies share.
private final class SharedText: TextOutputStream, @unchecked Sendable {
  // @unchecked Sendable: written by one test thread at a time.
  var text = ""

  func write(_ string: String) {
    text += string
  }
}

@Suite struct SubscriptionDescriptionTests {
  // MARK: Operators

  @Test(arguments: operatorRows)
  func eachOperatorShowsCombinesNameAndMirror(_ row: ReflectionRow) {
    let shown = row.make()
    let expected = row.description.map { Shown($0, row.labels) } ?? .undescribed
    switch row.side {
    case .subscriber:
      #expect(Shown(of: shown.subscriber) == expected)
    case .both:
      #expect(Shown(of: shown.subscriber) == expected)
      #expect(Shown(of: shown.subscription) == expected)
    case .subscription:
      #expect(Shown(of: shown.subscription) == expected)
    }
  }

  @Test func aTimeOperatorThatSubscribesOnItsSchedulerShowsSubscribeOn() {
    let scheduler = VirtualTimeScheduler()
    let upstream = ReflectionUpstream<Int, TestError>()
    let downstream = LifetimeProbe<Int, TestError>(demand: .none)
    upstream.subscribe(on: scheduler).subscribe(downstream)
    scheduler.advance()
    upstream.start()

    #expect(Shown(of: upstream.subscriber) == Shown("SubscribeOn", []))
    #expect(Shown(of: downstream.subscription) == Shown("SubscribeOn", []))
  }

  @Test func mirrorsShowTheOperatorsState() {
    let scan = sides { $0.scan(10, +) }
    #expect(child("result", of: scan.subscriber) as? Int == 10)
    #expect(child("result", of: scan.subscriber).map { "\($0)" } == "10")  // the value, not Optional(10)

    let assertion = sides { $0.assertNoFailure("P", file: "F.swift", line: 7) }
    #expect(child("line", of: assertion.subscriber) as? UInt == 7)
    #expect(child("prefix", of: assertion.subscriber) as? String == "P")

    let collect = sides { $0.collect(3) }
    #expect(child("count", of: collect.subscription) as? Int == 3)
    #expect(child("buffer", of: collect.subscription) as? [Int] == [])

    let upstream = ReflectionUpstream<Int, TestError>()
    let buffered = sides(upstream) { $0.buffer(size: 4, prefetch: .byRequest, whenFull: .dropOldest) }
    upstream.send(1)
    upstream.send(2)
    #expect(child("values", of: buffered.subscription) as? [Int] == [1, 2])
    #expect(child("downstreamDemand", of: buffered.subscription) as? Subscribers.Demand == Subscribers.Demand.none)
  }

  @Test func runningStatesAreShownAsCombineShowsThem() {
    // The value itself (`0`, not `Optional(0)`); removeDuplicates' previous
    // element is an optional, `nil` before the first value.
    let upstream = ReflectionUpstream<Int, TestError>()
    let tryScan = sides(upstream) { $0.tryScan(0, +) }
    #expect(child("result", of: tryScan.subscription).map { "\($0)" } == "0")
    upstream.send(4)
    #expect(child("result", of: tryScan.subscription).map { "\($0)" } == "4")

    for make in [
      { (upstream: ReflectionUpstream<Int, TestError>) in sides(upstream) { $0.removeDuplicates() } },
      { (upstream: ReflectionUpstream<Int, TestError>) in sides(upstream) { $0.tryRemoveDuplicates(by: ==) } },
    ] {
      let upstream = ReflectionUpstream<Int, TestError>()
      let shown = make(upstream)
      #expect(child("last", of: shown.subscription).map { "\($0)" } == "nil")
      upstream.send(3)
      #expect(child("last", of: shown.subscription).map { "\($0)" } == "Optional(3)")
    }
  }

  @Test func aReducerShowsItsResultAndStatus() throws {
    let upstream = ReflectionUpstream<Int, TestError>()
    let shown = sides(upstream) { $0.reduce(1, +) }
    upstream.send(3)
    upstream.send(4)

    #expect(child("result", of: shown.subscription) as? Int == 8)
    #expect(child("initial", of: shown.subscription) as? Int == 1)
    let status = try #require(child("status", of: shown.subscription))
    #expect("\(status)".hasPrefix("subscribed("))
  }

  @Test func theChildrenOfAFlatMapAndASwitchToLatestShowTheirParentSubscription() throws {
    let inner = ReflectionUpstream<Int, TestError>()
    let outer = ReflectionUpstream<Int, TestError>()
    let flatMapped = sides(outer) { $0.flatMap { _ in inner } }
    outer.send(1)
    let flatMapChild = try #require(inner.subscriber)
    #expect(Shown(of: flatMapChild) == Shown("FlatMap", ["parentSubscription"]))
    let flatMapParent = try #require(flatMapped.subscription)
    #expect(labels(of: flatMapChild) == ["parentSubscription"])
    #expect(child("parentSubscription", of: flatMapChild) as? CombineIdentifier == flatMapParent.combineIdentifier)

    let latest = ReflectionUpstream<Int, TestError>()
    let switching = ReflectionUpstream<ReflectionUpstream<Int, TestError>, TestError>()
    let switched = sides(switching) { $0.switchToLatest() }
    switching.send(latest)
    let switchChild = try #require(latest.subscriber)
    #expect(Shown(of: switchChild) == Shown("SwitchToLatest", ["parentSubscription"]))
    let switchParent = try #require(switched.subscription)
    #expect(child("parentSubscription", of: switchChild) as? CombineIdentifier == switchParent.combineIdentifier)
  }

  private func child(_ label: String, of subject: Any?) -> Any? {
    guard let subject else { return nil }  // an optional is itself `CustomReflectable`
    return (subject as? any CustomReflectable)?.customMirror.children.first { $0.label == label }?.value
  }

  @Test func theTriggerSubscribersShowTheirOperator() throws {
    let trigger = ReflectionUpstream<Int, TestError>()
    _ = sides { $0.drop(untilOutputFrom: trigger) }
    #expect(Shown(of: trigger.subscriber) == Shown("DropUntilOutput", []))

    // As in Combine, the other publisher's subscriber has no description.
    let other = ReflectionUpstream<Int, TestError>()
    _ = sides { $0.prefix(untilOutputFrom: other) }
    let triggerSubscriber = try #require(other.subscriber)
    #expect(!(triggerSubscriber is any CustomStringConvertible))
  }

  @Test func zipsSideSubscribersHaveNoDescriptionAsInCombine() throws {
    let upstream = ReflectionUpstream<Int, TestError>()
    _ = sides { $0.zip(upstream) }
    let side = try #require(upstream.subscriber)
    #expect(!(side is any CustomStringConvertible))
  }

  @Test func anOperatorAndItsStandInsShareOneIdentity() throws {
    // Catch's upstream subscriber is the subscription itself, as in Combine.
    let caught = sides { $0.catch { _ in Just(0) } }
    let subscriber = try #require(caught.subscriber as? any CustomCombineIdentifierConvertible)
    #expect(subscriber.combineIdentifier == caught.subscription?.combineIdentifier)

    // Concatenate's subscribers, and the trigger subscribers of
    // drop(untilOutputFrom:) and prefix(untilOutputFrom:), share the identity
    // of the subscription they feed, as in Combine.
    let appended = sides { $0.append(1) }
    let side = try #require(appended.subscriber as? any CustomCombineIdentifierConvertible)
    #expect(side.combineIdentifier == appended.subscription?.combineIdentifier)

    let dropTrigger = ReflectionUpstream<Int, TestError>()
    let dropping = sides { $0.drop(untilOutputFrom: dropTrigger) }
    let dropTriggerSubscriber = try #require(dropTrigger.subscriber as? any CustomCombineIdentifierConvertible)
    #expect(dropTriggerSubscriber.combineIdentifier == dropping.subscription?.combineIdentifier)

    let prefixTrigger = ReflectionUpstream<Int, TestError>()
    let prefixing = sides { $0.prefix(untilOutputFrom: prefixTrigger) }
    let prefixTriggerSubscriber = try #require(prefixTrigger.subscriber as? any CustomCombineIdentifierConvertible)
    #expect(prefixTriggerSubscriber.combineIdentifier == prefixing.subscription?.combineIdentifier)

    // A subscription that is also the subscriber: one identity on both sides.
    let counted = sides { $0.count() }
    let counter = try #require(counted.subscriber as? any CustomCombineIdentifierConvertible)
    #expect(counter.combineIdentifier == counted.subscription?.combineIdentifier)
  }

  /// A connectable publisher that hands each subscriber the same probe.
  private final class ConnectableProbe: ConnectablePublisher {
    typealias Output = Int
    typealias Failure = Never
    let probe = SubscriptionProbe()

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: probe)
    }

    func connect() -> any Cancellable { AnyCancellable {} }
  }

  @Test func autoconnectHandsOnItsUpstreamSubscriptionsDescriptionAndIdentity() throws {
    let connectable = ConnectableProbe()
    let handed = try #require(subscription(of: connectable.autoconnect()))

    #expect(handed.combineIdentifier == connectable.probe.combineIdentifier)
    #expect("\(handed)" == "\(connectable.probe)")
    #expect(Shown(of: handed).playgroundDescription == "\(connectable.probe)")
    // As Combine's: no mirror of its own (the upstream's would be no truer).
    #expect(!(handed is any CustomReflectable))
  }

  // MARK: Publishers and subjects

  @Test func singleValueSubscriptionsShowTheirValueUnlabelled() throws {
    for (subscription, name) in [
      (subscription(of: Just(42)), "Just"),
      (subscription(of: Optional(42).publisher), "Optional"),
      (subscription(of: Result<Int, TestError>.success(42).publisher), "Once"),
    ] {
      #expect(Shown(of: subscription) == Shown(name, [nil]))
      let reflectable = try #require(subscription.flatMap { $0 as? any CustomReflectable })
      #expect(reflectable.customMirror.children.first?.value as? Int == 42)
    }
  }

  @Test func aSequenceSubscriptionDescribesItsSequence() throws {
    let array = subscription(of: [1, 2, 3].publisher)
    #expect(Shown(of: array) == Shown("[1, 2, 3]", ["sequence"]))
    #expect(child("sequence", of: array) as? [Int] == [1, 2, 3])

    let range = subscription(of: (1...5).publisher)
    #expect(Shown(of: range) == Shown("1...5", ["sequence"]))
    // The sequence itself, as in Combine, not an optional holding it.
    #expect(child("sequence", of: range).map { "\($0)" } == "1...5")

    let record = subscription(of: Record<Int, TestError>(output: [1, 2], completion: .finished))
    #expect(Shown(of: record) == Shown("[1, 2]", ["sequence", "completion"]))
    #expect(child("sequence", of: record).map { "\($0)" } == "[1, 2]")
  }

  @Test func aRecordSubscriptionShowsItsCompletion() {
    let finishing = subscription(of: Record<Int, TestError>(output: [1, 2], completion: .finished))
    #expect(child("completion", of: finishing) as? Subscribers.Completion<TestError> == .finished)

    let failing = subscription(of: Record<Int, TestError>(output: [1], completion: .failure(TestError(code: 7))))
    #expect(child("completion", of: failing) as? Subscribers.Completion<TestError> == .failure(TestError(code: 7)))
  }

  @Test func aRecordSubscriptionThatIsOverShowsCancelledEvents() throws {
    let recording = Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(code: 7)))
    let cancelled = try #require(subscription(of: recording))
    cancelled.cancel()

    #expect(Shown(of: cancelled) == Shown("Cancelled Events", ["sequence", "completion"]))
    #expect(child("sequence", of: cancelled) as? [Int] == [])
    #expect(child("completion", of: cancelled) as? Subscribers.Completion<TestError> == .failure(TestError(code: 7)))

    let finished = LifetimeProbe<Int, TestError>(demand: .unlimited)
    Record<Int, TestError>(output: [1], completion: .finished).subscribe(finished)
    #expect(finished.isCompleted)
    #expect("\(try #require(finished.subscription))" == "Cancelled Events")
  }

  @Test func aSequenceSubscriptionThatIsOverShowsItsPublishersName() throws {
    let cancelled = try #require(subscription(of: [1, 2].publisher))
    cancelled.cancel()

    // As Combine's: an empty array in place of the sequence.
    #expect(Shown(of: cancelled) == Shown("Sequence", ["sequence"]))
    #expect(child("sequence", of: cancelled) as? [Int] == [])
  }

  @Test func emptyPublishersShowTheEmptySubscription() {
    #expect(Shown(of: subscription(of: Empty<Int, Never>())) == Shown("Empty", []))
    #expect(Shown(of: subscription(of: [Int]().publisher)) == Shown("Empty", []))
    #expect(Shown(of: Subscriptions.empty) == Shown("Empty", []))
  }

  @Test func futureAndSubjectSubscriptionsShowTheirParent() throws {
    let future = Future<Int, Never> { _ in }
    let futureSubscription = subscription(of: future)
    #expect(Shown(of: futureSubscription) == Shown("Future", ["parent", "downstream", "hasAnyDemand", "subject"]))
    #expect(child("parent", of: futureSubscription) as? Future<Int, Never> === future)

    let passthrough = PassthroughSubject<Int, Never>()
    let passthroughSubscription = subscription(of: passthrough)
    #expect(
      Shown(of: passthroughSubscription) == Shown("PassthroughSubject", ["parent", "downstream", "demand", "subject"])
    )
    #expect(child("subject", of: passthroughSubscription) as? PassthroughSubject<Int, Never> === passthrough)

    let current = CurrentValueSubject<Int, Never>(0)
    let currentSubscription = subscription(of: current)
    #expect(
      Shown(of: currentSubscription) == Shown("CurrentValueSubject", ["parent", "downstream", "demand", "subject"])
    )
    currentSubscription?.request(.max(3))
    #expect(child("demand", of: currentSubscription) as? Subscribers.Demand == .max(2))  // one value went out
  }

  /// Reads the `parent` child of its subscription's mirror when it receives a value.
  private final class ParentReader: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    private(set) var subscription: (any Subscription)?
    private(set) var parentWhileDelivering: String?

    func receive(subscription: any Subscription) {
      self.subscription = subscription
    }

    func receive(_ input: Int) -> Subscribers.Demand {
      parentWhileDelivering = parent()
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    func parent() -> String? {
      guard let subscription else { return nil }
      return (subscription as? any CustomReflectable)?.customMirror.children.first { $0.label == "parent" }
        .map { "\($0.value)" }
    }
  }

  @Test func mapByKeyPathShowsTheKeyPathItself() throws {
    // How the key path prints is the standard library's: on Linux
    // `\Int.<computed …>`, on Apple platforms its type.
    let keyPath = \Int.description
    let subscriber = try #require(sides { $0.map(keyPath) }.subscriber)
    let child = Mirror(reflecting: subscriber).descendant("keyPath")
    #expect(child as? KeyPath<Int, String> == keyPath)
  }

  @Test func aFutureSubscriptionLetsGoOfItsFutureOnceTheResultIsSettled() {
    // Combine still shows the future while the value is delivered (and
    // after, when the value waited for demand); ReactiveCore lets go of it
    // when the result settles (a deliberate difference).
    var promise: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { promise = $0 }
    let reader = ParentReader()
    future.subscribe(reader)
    #expect(reader.parent()?.hasPrefix("Optional(") == true)  // waiting: the future

    reader.subscription?.request(.max(1))
    promise?(.success(1))

    #expect(reader.parentWhileDelivering == "nil")
    #expect(reader.parent() == "nil")
  }

  @Test func aSubjectSubscriptionThatIsOverShowsItsLastDemand() {
    let passthrough = PassthroughSubject<Int, Never>()
    let completed = subscription(of: passthrough)
    completed?.request(.max(12))
    passthrough.send(1)
    passthrough.send(completion: .finished)

    // As Combine's: the subject and downstream are gone, the demand stays.
    #expect(child("parent", of: completed).map { "\($0)" } == "nil")
    #expect(child("downstream", of: completed).map { "\($0)" } == "nil")
    #expect(child("subject", of: completed).map { "\($0)" } == "nil")
    #expect(child("demand", of: completed) as? Subscribers.Demand == .max(11))

    let current = CurrentValueSubject<Int, Never>(0)
    let cancelled = subscription(of: current)
    cancelled?.request(.max(3))  // the current value goes out
    cancelled?.cancel()
    cancelled?.request(.max(5))  // after cancel: ignored
    #expect(child("demand", of: cancelled) as? Subscribers.Demand == .max(2))
    #expect(child("parent", of: cancelled).map { "\($0)" } == "nil")
  }

  @Test func aSubjectAttachedToAPublisherShowsItselfAsSubject() throws {
    let subject = PassthroughSubject<Int, TestError>()
    let upstream = ReflectionUpstream<Int, TestError>()
    let attachment = upstream.subscribe(subject)
    defer { attachment.cancel() }
    upstream.start()

    #expect(
      Shown(of: upstream.subscriber) == Shown("Subject", ["downstreamSubject", "upstreamSubscription", "subject"])
    )
    #expect(child("subject", of: upstream.subscriber) as? PassthroughSubject<Int, TestError> === subject)
  }

  @Test func foundationSubscriptionsShowCombinesNames() throws {
    final class Model: ObservableObject {
      @Published var value = 0
    }
    let model = Model()
    let published = subscription(of: model.$value)
    #expect(Shown(of: published) == Shown("PublishedSubject", ["parent", "downstream", "demand", "subject"]))
    // The subject is named as Combine's.
    #expect(child("parent", of: published).map { "\($0)" } == "Optional(ReactiveCore.PublishedSubject<Swift.Int>)")
    #expect(child("subject", of: published).map { "\($0)" } == "Optional(ReactiveCore.PublishedSubject<Swift.Int>)")
    #expect(Shown(of: subscription(of: model.objectWillChange)) == Shown("ObservableObjectPublisher", ["downstream"]))

    let center = NotificationCenter()
    let notifications = subscription(of: center.publisher(for: Notification.Name("x")))
    #expect(Shown(of: notifications) == Shown("NotificationCenter Observer", ["center", "demand"]))
    notifications?.cancel()

    // A timer's subscription has no description or mirror, as Combine's.
    let timer = Timer.publish(every: 60, on: .current, in: .default)
    let tick = subscription(of: timer)
    #expect(Shown(of: tick) == .undescribed)
    tick?.cancel()

    let url = try #require(URL(string: "http://127.0.0.1:9/never-requested"))
    let dataTask = subscription(of: URLSession.shared.dataTaskPublisher(for: url))
    #expect(Shown(of: dataTask) == Shown("DataTaskPublisher", ["task", "downstream", "parent", "demand"]))
    // The demand requested so far, none yet, as Combine's.
    #expect(child("demand", of: dataTask).map { "\($0)" } == "max(0)")
    dataTask?.cancel()
  }

  // MARK: Subscribers

  @Test func sinkShowsItselfAsSinkAndIsItsOwnIdentity() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })

    #expect(Shown(of: sink) == Shown("Sink", []))
    #expect(sink.combineIdentifier == CombineIdentifier(sink))
  }

  @Test func assignShowsItsRootTypeObjectKeyPathAndStatus() throws {
    final class Target {
      var value = 0
    }
    let target = Target()
    let assign = Subscribers.Assign(object: target, keyPath: \Target.value)

    #expect(Shown(of: assign) == Shown("Assign Target.", ["object", "keyPath", "status"]))
    #expect(assign.combineIdentifier == CombineIdentifier(assign))
    #expect(child("object", of: assign) as? Target === target)
    #expect(child("keyPath", of: assign) as? ReferenceWritableKeyPath<Target, Int> == \Target.value)
    #expect("\(try #require(child("status", of: assign)))" == "awaitingSubscription")

    assign.cancel()
    #expect(child("object", of: assign) as? Target == nil)
    #expect("\(try #require(child("status", of: assign)))" == "terminal")
  }

  @Test func anySubscriberForwardsWhatItsSubscriberShows() {
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let erased = AnySubscriber(sink)

    #expect(Shown(of: erased) == Shown("Sink", []))
    #expect(ObjectIdentifier(erased.customMirror.subjectType) == ObjectIdentifier(Subscribers.Sink<Int, Never>.self))
    #expect(erased.combineIdentifier == sink.combineIdentifier)

    let subject = PassthroughSubject<Int, Never>()
    let erasedSubject = AnySubscriber(subject)
    #expect(Shown(of: erasedSubject) == Shown("Subject", ["downstreamSubject", "upstreamSubscription", "subject"]))
  }

  @Test func anySubscriberOfAPlainSubscriberShowsItsTypeWithoutChildren() {
    struct Plain: Subscriber {
      typealias Input = Int
      typealias Failure = Never
      let combineIdentifier = CombineIdentifier()
      let secret = 42
      func receive(subscription: any Subscription) {}
      func receive(_ input: Int) -> Subscribers.Demand { .none }
      func receive(completion: Subscribers.Completion<Never>) {}
    }
    let plain = Plain()
    let erased = AnySubscriber(plain)

    #expect(erased.description == "Plain")
    #expect(erased.playgroundDescription as? String == "Plain")
    #expect(erased.customMirror.children.isEmpty)
    #expect(ObjectIdentifier(erased.customMirror.subjectType) == ObjectIdentifier(Plain.self))
    #expect(erased.combineIdentifier == plain.combineIdentifier)
  }

  @Test func anAnonymousAnySubscriberShowsItselfAsAnonymous() {
    let erased = AnySubscriber<Int, Never>(receiveValue: { _ in .none })

    #expect(erased.description == "Anonymous AnySubscriber")
    #expect(erased.playgroundDescription as? String == "Anonymous AnySubscriber")
    #expect(erased.customMirror.children.isEmpty)
    #expect(ObjectIdentifier(erased.customMirror.subjectType) == ObjectIdentifier(String.self))
  }

  @Test func anyPublisherShowsItselfAsAnyPublisher() {
    let erased = Just(1).eraseToAnyPublisher()

    #expect(erased.description == "AnyPublisher")
    #expect(erased.playgroundDescription as? String == "AnyPublisher")
  }

  // MARK: Print and the lock

  @Test func printWritesTheNamesOfTheSubscriptions() {
    let output = SharedText()
    _ = Just(1).print("a", to: output).sink { _ in }
    _ = [1, 2].publisher.print("b", to: output).sink { _ in }
    _ = PassthroughSubject<Int, Never>().print("c", to: output).sink { _ in }
    _ = PassthroughSubject<Int, Never>().scan(0, +).print("d", to: output).sink { _ in }
    _ = PassthroughSubject<Int, Never>().collect().print("e", to: output).sink { _ in }

    let subscriptionLines = output.text.split(separator: "\n").filter { $0.contains("receive subscription") }
    #expect(
      subscriptionLines == [
        "a: receive subscription: (Just)",
        "b: receive subscription: ([1, 2])",
        "c: receive subscription: (PassthroughSubject)",
        "d: receive subscription: (PassthroughSubject)",
        "e: receive subscription: (Collect)",
      ]
    )
  }

  /// Describes and mirrors its subscription from inside each delivery.
  private final class DescribingSubscriber<Input>: Subscriber {
    typealias Failure = Never
    private var subscription: (any Subscription)?
    private(set) var seen: [String] = []

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      seen.append("\(subscription.map { "\($0)" } ?? "none") \(labels(of: subscription))")
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test func aSubscriptionCanBeDescribedFromInsideItsOwnDelivery() {
    // Describing and mirroring read the state under the lock; from inside a
    // delivery they must neither deadlock nor trap. A sequence subscription
    // that is delivering does not hold its sequence: it shows its name.
    let sequence = DescribingSubscriber<Int>()
    [1, 2].publisher.subscribe(sequence)
    #expect(sequence.seen == [#"Sequence [Optional("sequence")]"#, #"Sequence [Optional("sequence")]"#])

    let subject = PassthroughSubject<Int, Never>()
    let direct = DescribingSubscriber<Int>()
    subject.subscribe(direct)
    let buffered = DescribingSubscriber<Int>()
    subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(buffered)
    subject.send(1)
    #expect(
      direct.seen == [
        #"PassthroughSubject [Optional("parent"), Optional("downstream"), Optional("demand"), Optional("subject")]"#
      ]
    )
    #expect(
      buffered.seen == [
        #"Buffer [Optional("values"), Optional("state"), Optional("downstreamDemand"), Optional("terminal")]"#
      ]
    )
  }
}
