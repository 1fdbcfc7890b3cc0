import Dispatch
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct FutureTests {
  // MARK: The closure and the promise

  @Test func runsItsClosureOnceWhenItIsCreated() {
    var runs = 0
    let future = Future<Int, TestError> { _ in runs += 1 }
    #expect(runs == 1)

    _ = future.record()
    _ = future.record()

    #expect(runs == 1)
  }

  @Test func publishesAValueThenFinishes() {
    let recorder = Future<Int, TestError> { $0(.success(1)) }.record()
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func publishesAFailure() {
    let recorder = Future<Int, TestError> { $0(.failure(TestError(code: 1))) }.record()
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func publishesThePromisedValueWhenThePromiseIsCalledLater() {
    var promise: Future<Int, TestError>.Promise?
    let recorder = Future<Int, TestError> { promise = $0 }.record()
    #expect(recorder.events == [.subscription])

    promise?(.success(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func countsOnlyTheFirstPromiseCall() {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    let early = future.record()

    promise?(.success(1))
    promise?(.success(2))
    promise?(.failure(TestError()))

    #expect(early.events == [.subscription, .value(1), .finished])
    #expect(future.record().events == [.subscription, .value(1), .finished])
  }

  @Test func countsOnlyTheFirstPromiseCallMadeInsideTheClosure() {
    let future = Future<Int, TestError> { promise in
      promise(.failure(TestError(code: 1)))
      promise(.success(1))
    }
    #expect(future.record().events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func namesItsSubscriptionFuture() throws {
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    Future<Int, Never> { _ in }.subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "Future")
  }

  // MARK: Demand

  @Test func aValueWaitsForDemand() {
    var promise: Future<Int, TestError>.Promise?
    let recorder = Future<Int, TestError> { promise = $0 }.record(demand: .none)

    promise?(.success(1))
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func aFailureDoesNotWaitForDemand() {
    var promise: Future<Int, TestError>.Promise?
    let recorder = Future<Int, TestError> { promise = $0 }.record(demand: .none)

    promise?(.failure(TestError(code: 2)))

    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func deliversOnceWhateverTheDemand() throws {
    let (recorder, subscription) = try recordKeepingSubscription(Future<Int, TestError> { $0(.success(1)) })

    subscription.request(.max(1))
    subscription.request(.unlimited)

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  // MARK: Late and several subscribers

  @Test func givesALateSubscriberTheStoredValueOnDemand() {
    let future = Future<Int, TestError> { $0(.success(1)) }

    let recorder = future.record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func givesALateSubscriberTheStoredFailureWithoutDemand() {
    let future = Future<Int, TestError> { $0(.failure(TestError(code: 3))) }
    #expect(future.record(demand: .none).events == [.subscription, .failure(TestError(code: 3))])
    #expect(future.record().events == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func deliversTheResultToEverySubscriber() {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    let withDemand = future.record()
    let withoutDemand = future.record(demand: .none)

    promise?(.success(1))
    let late = future.record()

    #expect(withDemand.events == [.subscription, .value(1), .finished])
    #expect(withoutDemand.events == [.subscription])
    #expect(late.events == [.subscription, .value(1), .finished])

    withoutDemand.request(.max(1))
    #expect(withoutDemand.events == [.subscription, .value(1), .finished])
  }

  @Test func deliversAFailureToEverySubscriber() {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    let withDemand = future.record()
    let withoutDemand = future.record(demand: .none)

    promise?(.failure(TestError(code: 4)))

    #expect(withDemand.events == [.subscription, .failure(TestError(code: 4))])
    #expect(withoutDemand.events == [.subscription, .failure(TestError(code: 4))])
  }

  // MARK: Cancellation

  @Test func deliversNothingWhenCancelledBeforeTheResult() {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    let cancelled = future.record()
    let kept = future.record()

    cancelled.cancel()
    promise?(.success(1))

    #expect(cancelled.events == [.subscription])
    #expect(kept.events == [.subscription, .value(1), .finished])
  }

  @Test func deliversNothingWhenCancelledBeforeTheFailure() throws {
    var promise: Future<Int, TestError>.Promise?
    let (recorder, subscription) = try recordKeepingSubscription(Future<Int, TestError> { promise = $0 })

    subscription.cancel()
    promise?(.failure(TestError()))

    #expect(recorder.events == [.subscription])
  }

  @Test func deliversNothingWhenCancelledWhileTheValueWaitsForDemand() throws {
    let (recorder, subscription) = try recordKeepingSubscription(
      Future<Int, TestError> { $0(.success(1)) },
      demand: .none
    )

    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(1))

    #expect(recorder.events == [.subscription])
  }

  // MARK: Reentrancy and threads

  @Test func ignoresAPromiseCallFromInsideReceive() {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    let recorder = future.record { value, _ in
      promise?(.success(value + 1))
      return .none
    }

    promise?(.success(1))

    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(future.record().values == [1])
  }

  @Test func finishesAfterACancelFromInsideReceive() {
    let recorder = Future<Int, TestError> { $0(.success(1)) }.record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func deliversNothingWhileTheSubscriberIsInsideReceiveSubscription() {
    // Even when it requests from there, the subscriber gets the result after
    // `receive(subscription:)` returns: its calls never overlap.
    let future = Future<Int, TestError> { $0(.success(1)) }
    var log: [String] = []
    future.subscribe(
      AnySubscriber(
        receiveSubscription: {
          $0.request(.unlimited)
          log.append("subscription")
        },
        receiveValue: {
          log.append("value \($0)")
          return .none
        },
        receiveCompletion: { _ in log.append("finished") }
      )
    )
    #expect(log == ["subscription", "value 1", "finished"])
  }

  @Test func deliversAResultPromisedOnAnotherThread() async throws {
    let future = Future<Int, TestError> { promise in
      let promise = UncheckedSendable(promise)
      DispatchQueue.global().async { promise.value(.success(1)) }
    }
    let recorder = future.record()

    #expect(try await recorder.awaitCompletion() == .finished)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func deliversAFailurePromisedOnAnotherThreadToASubscriberWithoutDemand() async throws {
    let future = Future<Int, TestError> { promise in
      let promise = UncheckedSendable(promise)
      DispatchQueue.global().async { promise.value(.failure(TestError(code: 5))) }
    }
    let recorder = future.record(demand: .none)

    #expect(try await recorder.awaitCompletion() == .failure(TestError(code: 5)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 5))])
  }

  // MARK: Traps

  // MARK: Lifetimes

  @Test func releasesItsClosureOnceItHasRun() {
    weak var weakToken: Token?
    let future: Future<Int, Never> = {
      let token = Token()
      weakToken = token
      return Future { _ in _ = token }
    }()
    #expect(weakToken == nil)
    _ = future
  }

  @Test func releasesTheSubscriberOnCompletion() throws {
    var promise: Future<Int, Never>.Promise?
    let future = Future<Int, Never> { promise = $0 }
    try expectReleasesTheSubscriber(of: future, demand: .max(1), end: { _ in promise?(.success(1)) })
  }

  @Test func releasesTheSubscriberOnFailure() throws {
    var promise: Future<Int, TestError>.Promise?
    let future = Future<Int, TestError> { promise = $0 }
    try expectReleasesTheSubscriber(of: future, demand: .none, end: { _ in promise?(.failure(TestError())) })
  }

  @Test func releasesTheSubscriberAndAPendingFutureOnCancel() throws {
    weak var weakProbe: LifetimeProbe<Int, Never>?
    weak var weakFuture: Future<Int, Never>?
    let subscription: any Subscription = try {
      let future = Future<Int, Never> { _ in }
      let probe = LifetimeProbe<Int, Never>(demand: .unlimited)
      future.subscribe(probe)
      weakProbe = probe
      weakFuture = future
      return try #require(probe.subscription)
    }()
    // A pending future lives as long as its subscriptions.
    #expect(weakFuture != nil)

    subscription.cancel()

    #expect(weakProbe == nil)
    #expect(weakFuture == nil)
  }

  @Test func releasesAValueWaitingForDemandOnCancel() throws {
    try expectReleases(
      demand: .none,
      { (_: TestPublisher<Never, Never>, token) in Future<Token, Never> { $0(.success(token)) } },
      holding: justSubscribed,
      end: cancelSubscription
    )
  }

  @Test func releasesItsValueWithItself() {
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      let future = Future<Token, Never> { $0(.success(token)) }
      #expect(future.record().values.count == 1)
    }
    #expect(weakToken == nil)
  }
}
