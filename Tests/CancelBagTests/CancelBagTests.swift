import MaybeTraits
import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct CancelBagTests {
  @Test func keepsASinkUntilItCompletesThenForgetsIt() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, TestError>()
    let events = Locked<[String]>([])
    upstream.sink(
      in: bag,
      receiveCompletion: { completion in events.mutate { $0.append("\(completion)") } },
      receiveValue: { value in events.mutate { $0.append("\(value)") } }
    )
    #expect(bag.count == 1)
    #expect(upstream.requests == [.unlimited])

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(events.value == ["1", "finished"])
    #expect(bag.isEmpty)
  }

  @Test func aFailureAlsoRemovesTheSubscription() {
    let bag = CancelBag()
    let completions = Shared<[Subscribers.Completion<TestError>]>([])
    Fail<Int, TestError>(error: TestError(code: 1)).sink(
      in: bag,
      receiveCompletion: { completions.value.append($0) },
      receiveValue: { _ in }
    )
    #expect(completions.value == [.failure(TestError(code: 1))])
    #expect(bag.isEmpty)
  }

  @Test func neverFailingSinkAndSinkMaybe() {
    let bag = CancelBag()
    let subject = PassthroughSubject<Int, Never>()
    let values = Shared<[Int]>([])
    let outcomes = Shared<[MaybeResult<Int, Never>]>([])
    subject.sink(in: bag) { values.value.append($0) }
    ForwardMaybe(upstream: subject).sinkMaybe(in: bag) { outcomes.value.append($0) }
    #expect(bag.count == 2)

    subject.send(1)
    subject.send(completion: .finished)

    #expect(values.value == [1])
    #expect(outcomes.value.count == 1)
    if case .success(1) = outcomes.value.first {} else { Issue.record("expected .success(1), got \(outcomes.value)") }
    #expect(bag.isEmpty)
  }

  @Test func cancelCancelsEverySubscriptionOnce() {
    let bag = CancelBag()
    let first = TestPublisher<Int, Never>()
    let second = TestPublisher<Int, Never>()
    first.sink(in: bag) { _ in }
    second.sink(in: bag) { _ in }

    bag.cancel()
    bag.cancel()

    #expect(first.cancellations == 1)
    #expect(second.cancellations == 1)
    #expect(bag.isEmpty)
  }

  @Test func aCancelledBagSubscribesToNothing() {
    let bag = CancelBag()
    bag.cancel()
    let upstream = TestPublisher<Int, Never>()
    upstream.sink(in: bag) { _ in }
    #expect(upstream.subscriptionCount == 0)
  }

  @Test func releasingTheBagCancelsItsSubscriptions() {
    let upstream = TestPublisher<Int, Never>()
    do {
      let bag = CancelBag()
      upstream.sink(in: bag) { _ in }
    }
    #expect(upstream.cancellations == 1)
  }

  @Test func completionReleasesTheClosures() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      upstream.sink(in: bag) { [token] _ in withExtendedLifetime(token) {} }
    }
    #expect(weakToken != nil)
    upstream.send(completion: .finished)
    #expect(weakToken == nil)
  }

  @Test func theBagDoesNotKeepItselfAlive() {
    weak var weakBag: CancelBag?
    let upstream = TestPublisher<Int, Never>()
    do {
      let bag = CancelBag()
      weakBag = bag
      upstream.sink(in: bag) { _ in }
    }
    #expect(weakBag == nil)
  }

  @Test func concurrentSubscriptionsCompletionsAndCancel() async {
    for _ in 0..<50 {
      let bag = CancelBag()
      let upstreams = (0..<8).map { _ in TestPublisher<Int, Never>() }
      await withTaskGroup(of: Void.self) { group in
        for upstream in upstreams {
          group.addTask {
            upstream.sink(in: bag) { _ in }
            upstream.send(completion: .finished)
          }
        }
        group.addTask { _ = bag.count }
      }
      #expect(bag.isEmpty)
      let late = TestPublisher<Int, Never>()
      await withTaskGroup(of: Void.self) { group in
        group.addTask { late.sink(in: bag) { _ in } }
        group.addTask { bag.cancel() }
      }
      // Subscribed then cancelled, or never subscribed: never left running.
      #expect(late.subscriptionCount == late.cancellations)
    }
  }
}

/// A value shared between closures and threads.
private final class Locked<Value: Sendable>: Sendable {
  private let stored: Mutex<Value>
  init(_ value: Value) { stored = Mutex(value) }
  var value: Value { stored.withLock { $0 } }
  func mutate(_ body: (inout Value) -> Void) { stored.withLock { body(&$0) } }
}
