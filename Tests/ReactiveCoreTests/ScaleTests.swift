import Testing
import TraitsTesting

@testable import ReactiveCore

/// Issue 25: what the work at scale must keep while its cost stays flat —
/// subscription (and delivery) order among thousands of subscribers that
/// come and go, long chains of forwarding operators, chains folded through
/// `AnyPublisher`, and the identity an upstream sees of its subscriber.
@Suite struct ScaleTests {
  /// Who received what, in order; used by one thread.
  final class Log<Value>: @unchecked Sendable {
    // @unchecked Sendable: each test uses it from one thread.
    var entries: [Value] = []
  }

  /// Cancels `k` subscribers of `publisher` in a scrambled order, keeping
  /// every third, and returns the log of one event sent after each step.
  func survivorsReceiveInOrder<P: Publisher>(
    _ publisher: P,
    subscribers k: Int,
    send: () -> Void
  ) -> (expected: [Int], received: [Int]) where P.Failure == Never {
    let log = Log<Int>()
    var cancellables = (0..<k).map { index in publisher.sink { _ in log.entries.append(index) } }
    // Those whose index is not a multiple of three leave: the newest first,
    // then the oldest, then from the middle outwards.
    let leaving = (0..<k).filter { !$0.isMultiple(of: 3) }
    let middle = leaving.count / 2
    let order =
      [leaving[leaving.count - 1], leaving[0]] + leaving[middle...].dropLast() + leaving[1..<middle].reversed()
    #expect(Set(order).count == leaving.count && order.count == leaving.count)
    for index in order {
      cancellables[index].cancel()
    }
    send()
    let expected = (0..<k).filter { $0.isMultiple(of: 3) }
    cancellables.removeAll()
    return (expected, log.entries)
  }

  @Test func aPassthroughSubjectDeliversToItsSurvivorsInSubscriptionOrder() {
    let subject = PassthroughSubject<Int, Never>()
    let (expected, received) = survivorsReceiveInOrder(subject, subscribers: 600) { subject.send(1) }
    #expect(received == expected)
  }

  @Test func aCurrentValueSubjectDeliversToItsSurvivorsInSubscriptionOrder() {
    let subject = CurrentValueSubject<Int, Never>(0)
    let (expected, received) = survivorsReceiveInOrder(subject, subscribers: 300) { subject.send(1) }
    // Each subscriber also received the current value when it subscribed.
    #expect(Array(received.suffix(expected.count)) == expected)
    #expect(received.count == 300 + expected.count)
  }

  @Test func aFutureFulfilsItsSurvivorsInSubscriptionOrder() {
    let promise = Log<Future<Int, Never>.Promise>()
    let future = Future<Int, Never> { promise.entries.append($0) }
    let (expected, received) = survivorsReceiveInOrder(future, subscribers: 300) {
      promise.entries[0](.success(7))
    }
    #expect(received == expected)
  }

  @Test func anObservableObjectPublisherSignalsItsSurvivorsInSubscriptionOrder() {
    let publisher = ObservableObjectPublisher()
    let (expected, received) = survivorsReceiveInOrder(publisher, subscribers: 300) { publisher.send() }
    #expect(received == expected)
  }

  @Test func subscribersThatComeAndGoKeepTheirOrder() {
    // Always 100 attached; the oldest leaves and a newcomer arrives, 1,000
    // times: the holes are squeezed out many times over.
    let subject = PassthroughSubject<Int, Never>()
    let log = Log<Int>()
    var ring = (0..<100).map { index in subject.sink { _ in log.entries.append(index) } }
    var identities = Array(0..<100)
    for step in 0..<1_000 {
      let slot = step % 100
      ring[slot].cancel()
      let identity = 100 + step
      ring[slot] = subject.sink { _ in log.entries.append(identity) }
      identities[slot] = identity
    }
    subject.send(0)
    #expect(log.entries == identities.sorted())
    ring.removeAll()
  }

  @Test func aRegistryReusesNothingAfterItIsEmptiedAndIgnoresStrangers() {
    final class Member: RegistryMember {
      var registrySlot = -1
    }
    var registry = SubscriberRegistry<Member>()
    let members = (0..<100).map { _ in Member() }
    members.forEach { registry.append($0) }
    // Removing all but the last three from the front leaves holes, squeezed
    // out whenever they outnumber the members (by more than 16).
    for member in members.dropLast(3) {
      #expect(registry.remove(member) === member)
      #expect(registry.slots.count <= 2 * registry.count + 16)
    }
    #expect(registry.remove(members[0]) == nil)  // already gone
    var remaining: [Member] = []
    registry.forEach { remaining.append($0) }
    #expect(remaining.map(ObjectIdentifier.init) == members.suffix(3).map(ObjectIdentifier.init))
    #expect(remaining.allSatisfy { registry.slots[$0.registrySlot] === $0 })
    #expect(registry.count == 3)
    // A member of an emptied registry is a stranger to the new one.
    registry = SubscriberRegistry()
    let newcomer = Member()
    registry.append(newcomer)
    #expect(registry.remove(members[99]) == nil)
    #expect(registry.count == 1)
  }

  /// A chain of `stages` operators after a subject, `map` and `filter` in
  /// turn (each `filter` drops odd values), built through `AnyPublisher` so
  /// that its length can vary.
  func chain(_ subject: PassthroughSubject<Int, Never>, stages: Int) -> AnyPublisher<Int, Never> {
    var publisher = subject.map { $0 }.eraseToAnyPublisher()
    for stage in 1..<stages {
      publisher =
        stage.isMultiple(of: 2)
        ? publisher.map { $0 &+ 2 }.eraseToAnyPublisher()
        : publisher.filter { $0.isMultiple(of: 2) }.eraseToAnyPublisher()
    }
    return publisher
  }

  @Test(arguments: [1, 2, 3, 6, 17, 40])
  func longChainsDeliverTransformAndFilter(stages: Int) {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = chain(subject, stages: stages).record()
    for value in 0..<6 {
      subject.send(value)
    }
    subject.send(completion: .finished)
    let maps = (stages - 1) / 2
    let expected = stages > 1 ? [0, 2, 4].map { $0 + 2 * maps } : Array(0..<6)
    #expect(recorder.values == expected)
    #expect(recorder.events.last == .finished)
  }

  @Test func aNestedChainWrittenInOneExpressionRunsAndAsksForReplacements() {
    // Seven forwarding operators, nested (not erased by AnyPublisher): each
    // operator past the first erases the chain below it.
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.map { (value: Int) -> Int in value + 1 }.filter { (value: Int) -> Bool in value > 1 }
    let second = first.map { (value: Int) -> Int in value * 10 }.compactMap { (value: Int) -> Int? in
      value == 30 ? nil : value
    }
    let third = second.filter { (value: Int) -> Bool in value < 100 }.map { (value: Int) -> Int in value + 1 }
    let recorder = third.setFailureType(to: TestError.self).record(demand: .max(2))
    for value in 0..<12 {
      subject.send(value)
    }
    // 0 is filtered, 20 → 21, 30 is compacted away, 40 → 41: the drops were
    // replaced with demand, so two values arrive within a demand of two.
    #expect(recorder.values == [21, 41])
  }

  @Test func aCancelledNestedChainReleasesItsSink() {
    let subject = PassthroughSubject<Int, Never>()
    weak var weakLog: Log<Int>?
    var cancellable: AnyCancellable?
    do {
      let log = Log<Int>()
      weakLog = log
      cancellable = subject.map { $0 }.filter { _ in true }.map { $0 }.filter { _ in true }
        .sink { log.entries.append($0) }
    }
    subject.send(1)
    #expect(weakLog?.entries == [1])
    cancellable?.cancel()
    #expect(weakLog == nil)
  }

  /// Records the subscriber it receives, and gives it a subscription that does nothing.
  struct Witness: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let seen: Log<(CombineIdentifier, String)>
    var subscribers: Log<any Subscriber>? = nil

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      seen.entries.append((subscriber.combineIdentifier, String(describing: subscriber)))
      subscribers?.entries.append(subscriber)
      subscriber.receive(subscription: Subscriptions.empty)
    }
  }

  /// A subscriber type of the user's own, which a publisher may look for.
  final class Marked: Subscriber, @unchecked Sendable {
    // @unchecked Sendable: immutable.
    typealias Input = Int
    typealias Failure = Never
    func receive(subscription: any Subscription) {}
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
  }

  @Test func anUpstreamReceivesTheSubscriberItselfThroughAnyPublisher() {
    // As in Combine: a publisher behind AnyPublisher can downcast what it
    // receives to the type the user subscribed.
    let seen = Log<(CombineIdentifier, String)>()
    let subscribers = Log<any Subscriber>()
    let witness = Witness(seen: seen, subscribers: subscribers).eraseToAnyPublisher()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    let marked = Marked()
    let any = AnySubscriber<Int, Never>(receiveValue: { _ in .none })
    witness.subscribe(sink)
    witness.subscribe(marked)
    witness.subscribe(any)
    #expect(subscribers.entries.count == 3)
    #expect((subscribers.entries[0] as? Subscribers.Sink<Int, Never>) === sink)
    #expect((subscribers.entries[1] as? Marked) === marked)
    #expect((subscribers.entries[2] as? AnySubscriber<Int, Never>)?.combineIdentifier == any.combineIdentifier)
    #expect(seen.entries.map(\.0) == [sink.combineIdentifier, marked.combineIdentifier, any.combineIdentifier])
    #expect(seen.entries[0].1 == "Sink")
  }

  @Test func anUpstreamSeesTheDescriptionOfTheOperatorAboveIt() {
    let seen = Log<(CombineIdentifier, String)>()
    _ = Witness(seen: seen).filter { _ in true }.map { $0 }.filter { _ in true }.sink { _ in }
    _ = Witness(seen: seen).eraseToAnyPublisher().map { $0 }.filter { _ in true }.sink { _ in }
    #expect(seen.entries.map(\.1) == ["Filter", "Map"])
  }

  @Test func mergeFoldedThreeHundredTimesDeliversEveryValue() {
    // Each value goes up through every merge above it: 45,000 deliveries.
    var publisher = Just(0).eraseToAnyPublisher()
    for value in 1..<300 {
      publisher = publisher.merge(with: Just(value)).eraseToAnyPublisher()
    }
    let recorder = publisher.record()
    #expect(recorder.values.reduce(0, +) == 44_850)
    #expect(recorder.values.count == 300)
    #expect(recorder.events.last == .finished)
  }

  @Test func aMergeOfManyFinishesOnceAfterItsLastUpstream() {
    let subjects = (0..<300).map { _ in PassthroughSubject<Int, Never>() }
    let recorder = Publishers.MergeMany(subjects).record()
    for subject in subjects.dropLast() {
      subject.send(completion: .finished)
    }
    #expect(recorder.events == [.subscription])
    subjects.last?.send(1)
    subjects.last?.send(completion: .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }
}
