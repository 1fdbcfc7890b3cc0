import CancelBag
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CancelBagTests {
  @Test func keepsASinkUntilItCompletesThenForgetsIt() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, TestError>()
    let events = Collector<String>()
    upstream.sink(
      in: bag,
      receiveCompletion: { completion in events.append("\(completion)") },
      receiveValue: { value in events.append("\(value)") }
    )
    #expect(bag.count == 1)
    #expect(upstream.requests == [.unlimited])

    _ = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(events.all == ["1", "finished"])
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

  @Test func neverFailingSink() {
    let bag = CancelBag()
    let subject = PassthroughSubject<Int, Never>()
    let values = Collector<Int>()
    subject.sink(in: bag) { values.append($0) }
    #expect(bag.count == 1)

    subject.send(1)
    subject.send(completion: .finished)

    #expect(values.all == [1])
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

  @Test func theReturnedCancellableCancelsAndLeavesTheBag() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    let values = Collector<Int>()
    let cancellable = upstream.sink(in: bag) { values.append($0) }

    cancellable.cancel()
    _ = upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(values.all == [])
    #expect(bag.isEmpty)
    bag.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func discardingTheReturnedCancellableKeepsTheSubscription() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    let values = Collector<Int>()
    do {
      _ = upstream.sink(in: bag) { values.append($0) }
    }

    _ = upstream.send(1)

    #expect(values.all == [1])
    #expect(upstream.cancellations == 0)
    #expect(bag.count == 1)
  }

  @Test func storeKeepsACancellableUntilTheBagIsCancelled() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    let values = Collector<Int>()
    var elsewhere = Set<AnyCancellable>()
    upstream.sink { values.append($0) }.store(in: &elsewhere)  // kept elsewhere: not in the bag
    upstream.sink { values.append($0 * 10) }.store(in: bag)
    #expect(bag.count == 1)

    _ = upstream.send(1)
    bag.cancel()
    _ = upstream.send(2)

    #expect(values.all == [1, 10, 2])
    #expect(upstream.cancellations == 1)
    #expect(bag.isEmpty)
    #expect(elsewhere.count == 1)
  }

  @Test func storeKeepsAnyCancellableType() {
    let bag = CancelBag()
    let cancellations = Collector<String>()
    Probe(cancellations).store(in: bag)
    #expect(bag.count == 1)
    bag.cancel()
    #expect(cancellations.all == ["cancelled"])
  }

  @Test func aStoredCancellableStaysAfterItsSubscriptionCompletes() {
    // The bag cannot see a plain sink complete: it keeps it until cancelled.
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    upstream.sink { _ in }.store(in: bag)
    upstream.send(completion: .finished)
    #expect(bag.count == 1)
  }

  @Test func storingASinkInItsOwnBagAgainChangesNothing() {
    let bag = CancelBag()
    let upstream = TestPublisher<Int, Never>()
    upstream.sink(in: bag) { _ in }.store(in: bag)
    #expect(bag.count == 1)

    upstream.send(completion: .finished)

    #expect(bag.isEmpty)
  }

  @Test func theBagCancelsItsEntriesInTheOrderTheyCame() {
    let bag = CancelBag()
    let order = Collector<Int>()
    for index in 0..<5 {
      AnyCancellable { order.append(index) }.store(in: bag)
    }
    let subject = PassthroughSubject<Int, Never>()
    subject.handleEvents(receiveCancel: { order.append(5) }).sink(in: bag) { _ in }
    AnyCancellable { order.append(6) }.store(in: bag)

    bag.cancel()

    #expect(order.all == Array(0...6))
  }

  @Test func storingAndCancellingManyEntriesCostsTheSamePerEntry() {
    // Each store searched every entry, and cancel sorted them: 20,000
    // entries took tens of seconds in a debug build. Now O(1) per entry.
    let bag = CancelBag()
    let cancellations = Shared(0)
    let cancellables = (0..<20_000).map { _ in AnyCancellable { cancellations.value += 1 } }
    let elapsed = ContinuousClock().measure {
      for cancellable in cancellables {
        cancellable.store(in: bag)
        cancellable.store(in: bag)  // a second store changes nothing
      }
      bag.cancel()
    }
    #expect(cancellations.value == 20_000)
    #expect(elapsed < .seconds(2))
  }

  @Test func aCancelledBagCancelsWhatIsStoredInItAtOnce() {
    let bag = CancelBag()
    bag.cancel()
    let cancellations = Collector<String>()
    Probe(cancellations).store(in: bag)
    #expect(cancellations.all == ["cancelled"])
    #expect(bag.isEmpty)
  }

  @Test func aCancelledBagSubscribesToNothingAndReturnsAnInertCancellable() {
    let bag = CancelBag()
    bag.cancel()
    let upstream = TestPublisher<Int, Never>()
    let cancellable = upstream.sink(in: bag) { _ in }
    cancellable.cancel()
    #expect(upstream.subscriptionCount == 0)
    #expect(upstream.cancellations == 0)
  }

  @Test func releasingTheBagCancelsWhatIsStored() {
    let cancellations = Collector<String>()
    do {
      let bag = CancelBag()
      Probe(cancellations).store(in: bag)
    }
    #expect(cancellations.all == ["cancelled"])
  }

  @Test func theReturnedCancellableDoesNotKeepTheBagAlive() {
    weak var weakBag: CancelBag?
    let upstream = TestPublisher<Int, Never>()
    var cancellable: AnyCancellable?
    do {
      let bag = CancelBag()
      weakBag = bag
      cancellable = upstream.sink(in: bag) { _ in }
    }
    #expect(weakBag == nil)
    #expect(upstream.cancellations == 1)
    cancellable?.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func cancellingReturnedCancellablesWhileTheBagIsCancelled() async {
    for _ in 0..<100 {
      let bag = CancelBag()
      let upstreams = (0..<4).map { _ in TestPublisher<Int, Never>() }
      let cancellables = upstreams.map { $0.sink(in: bag) { _ in } }
      await withTaskGroup(of: Void.self) { group in
        for cancellable in cancellables {
          group.addTask { cancellable.cancel() }
        }
        group.addTask { bag.cancel() }
      }
      #expect(bag.isEmpty)
      #expect(upstreams.map(\.cancellations) == [1, 1, 1, 1])
    }
  }
}

/// A cancellable that is not an `AnyCancellable`, and records its cancel.
private struct Probe: Cancellable {
  let cancellations: Collector<String>
  init(_ cancellations: Collector<String>) { self.cancellations = cancellations }
  func cancel() { cancellations.append("cancelled") }
}
