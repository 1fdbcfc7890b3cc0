import Foundation
import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

private typealias Proxy = Publishers.Create<Int, TestError>.Subscriber

/// A publisher whose factory hands its proxy to `proxy` and returns a
/// cancellable that counts its cancels in `cleanups`.
private func created(
  _ proxy: Shared<Proxy?>,
  cleanups: Shared<Int> = Shared(0)
) -> Publishers.Create<Int, TestError> {
  Publishers.Create { subscriber in
    proxy.value = subscriber
    return AnyCancellable { cleanups.value += 1 }
  }
}

@Suite struct CreateTests {
  // MARK: Values and completion

  @Test func publishesWhatTheFactorySendsThenItsCompletion() {
    let recorder = Publishers.Create<Int, TestError> { subscriber in
      subscriber.send(1)
      subscriber.send(2)
      subscriber.send(completion: .failure(TestError(code: 4)))
      return AnyCancellable {}
    }
    .record()

    #expect(recorder.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 4))])
  }

  @Test func anyPublisherCreateAndItsInitializerAreCombineExtsSpellings() {
    let created = AnyPublisher<String, TestError>.create { subscriber in
      subscriber.send("Hello")
      subscriber.send(completion: .finished)
      return AnyCancellable {}
    }
    let initialized = AnyPublisher<String, TestError> { subscriber in
      subscriber.send("World")
      subscriber.send(completion: .finished)
      return AnyCancellable {}
    }

    #expect(created.record().events == [.subscription, .value("Hello"), .finished])
    #expect(initialized.record().events == [.subscription, .value("World"), .finished])
  }

  @Test func runsTheFactoryAtEachSubscription() {
    let runs = Shared(0)
    let publisher = Publishers.Create<Int, Never> { subscriber in
      runs.value += 1
      subscriber.send(runs.value)
      return AnyCancellable {}
    }

    let first = publisher.record()
    let second = publisher.record()

    #expect(first.values == [1])
    #expect(second.values == [2])
  }

  @Test func valuesAfterTheCompletionAreIgnored() {
    let proxy = Shared<Proxy?>(nil)
    let recorder = created(proxy).record()

    proxy.value?.send(1)
    proxy.value?.send(completion: .finished)
    proxy.value?.send(2)
    proxy.value?.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  // MARK: Demand

  @Test func valuesSentWithoutDemandWaitInOrderAndGoOutAsDemandComes() {
    let proxy = Shared<Proxy?>(nil)
    let recorder = created(proxy).record(demand: .max(1))

    proxy.value?.send(1)
    proxy.value?.send(2)
    proxy.value?.send(3)
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2)])

    recorder.request(.max(5))
    proxy.value?.send(4)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
  }

  @Test func theCompletionWaitsBehindTheQueuedValuesButNeedsNoDemand() {
    let proxy = Shared<Proxy?>(nil)
    let recorder = created(proxy).record(demand: .none)

    proxy.value?.send(1)
    proxy.value?.send(2)
    proxy.value?.send(completion: .finished)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func aCompletionWithNothingQueuedGoesOutWithoutDemand() {
    let proxy = Shared<Proxy?>(nil)
    let recorder = created(proxy).record(demand: .none)
    proxy.value?.send(completion: .failure(TestError(code: 2)))
    #expect(recorder.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func demandReturnedByReceiveCounts() {
    let proxy = Shared<Proxy?>(nil)
    let recorder = created(proxy).record(demand: .max(1)) { _, _ in .max(1) }
    proxy.value?.send(1)
    proxy.value?.send(2)
    proxy.value?.send(3)
    #expect(recorder.values == [1, 2, 3])
  }

  // MARK: Cleanup

  @Test func cancelCallsTheCancellableOnceAndIgnoresWhatFollows() {
    let proxy = Shared<Proxy?>(nil)
    let cleanups = Shared(0)
    let recorder = created(proxy, cleanups: cleanups).record()
    proxy.value?.send(1)

    recorder.cancel()
    recorder.cancel()
    proxy.value?.send(2)
    proxy.value?.send(completion: .finished)

    #expect(cleanups.value == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func theCompletionReachesTheSubscriberThenTheCancellableIsCancelledOnce() {
    let log = EventLog()
    let proxy = Shared<Proxy?>(nil)
    let cancellable = Publishers.Create<Int, TestError> { subscriber in
      proxy.value = subscriber
      return AnyCancellable { log.append("cleanup") }
    }
    .sink(receiveCompletion: { _ in log.append("completion") }, receiveValue: { _ in })

    proxy.value?.send(completion: .finished)
    cancellable.cancel()

    #expect(log.all == ["completion", "cleanup"])
  }

  @Test func aCompletionSentInsideTheFactoryCleansUpWhenTheFactoryReturns() {
    let cleanups = Shared(0)
    let recorder = Publishers.Create<Int, TestError> { subscriber in
      subscriber.send(completion: .finished)
      #expect(cleanups.value == 0)  // the cancellable does not exist yet
      return AnyCancellable { cleanups.value += 1 }
    }
    .record()

    #expect(recorder.events == [.subscription, .finished])
    #expect(cleanups.value == 1)
  }

  @Test func aSubscriberThatCancelsOnItsSubscriptionNeverRunsTheFactory() {
    let runs = Shared(0)
    let publisher = Publishers.Create<Int, Never> { _ in
      runs.value += 1
      return AnyCancellable {}
    }

    publisher.subscribe(AnySubscriber<Int, Never>(receiveSubscription: { $0.cancel() }))

    #expect(runs.value == 0)
  }

  // MARK: Reentrancy

  @Test func aCancelFromInsideReceiveDuringTheFactoryCleansUpWhenItReturns() {
    let cleanups = Shared(0)
    let recorder = Publishers.Create<Int, TestError> { subscriber in
      subscriber.send(1)
      subscriber.send(2)  // after the cancel: ignored
      return AnyCancellable { cleanups.value += 1 }
    }
    .record { _, recorder in
      recorder.cancel()
      return .none
    }

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(cleanups.value == 1)
  }

  @Test func aRequestFromInsideReceiveDeliversTheQueuedValuesWithoutNesting() {
    let proxy = Shared<Proxy?>(nil)
    let depth = Shared(0)
    let deepest = Shared(0)
    let recorder = created(proxy).record(demand: .none) { _, recorder in
      depth.value += 1
      deepest.value = max(deepest.value, depth.value)
      recorder.request(.max(1))
      depth.value -= 1
      return .none
    }
    proxy.value?.send(1)
    proxy.value?.send(2)
    proxy.value?.send(3)

    recorder.request(.max(1))

    #expect(recorder.values == [1, 2, 3])
    #expect(deepest.value == 1)
  }

  @Test func aSendFromInsideReceiveIsDeliveredWhenReceiveReturns() {
    let proxy = Shared<Proxy?>(nil)
    let depth = Shared(0)
    let deepest = Shared(0)
    let recorder = created(proxy).record { value, _ in
      depth.value += 1
      deepest.value = max(deepest.value, depth.value)
      if value < 3 { proxy.value?.send(value + 1) }
      depth.value -= 1
      return .none
    }

    proxy.value?.send(1)

    #expect(recorder.values == [1, 2, 3])
    #expect(deepest.value == 1)
  }

  // MARK: Lifetimes

  @Test func theCompletionReleasesTheSubscriberAndTheCancellable() throws {
    try expectReleasesTheCancellableAndTheSubscriber { proxy, subscription in
      proxy.send(completion: .finished)  // waits behind the queued value
      subscription.request(.max(1))
    }
  }

  @Test func cancelReleasesTheSubscriberTheCancellableAndTheQueuedValues() throws {
    try expectReleasesTheCancellableAndTheSubscriber { _, subscription in subscription.cancel() }
  }

  // MARK: Description and traps

  @Test func describesItsSubscriptionAsCreate() throws {
    #expect(try subscriptionDescription(of: Publishers.Create<Int, Never> { _ in AnyCancellable {} }) == "Create")
  }

  @Test func aRequestOfNoDemandTraps() async {
    await #expect(processExitsWith: .failure) {
      requestNoDemand(from: Publishers.Create<Int, Never> { _ in AnyCancellable {} })
    }
  }

  // MARK: Threads

  @Test func concurrentSendsKeepEachThreadsOrderAndTheContract() {
    let threads = 3
    let perThread = 200
    for _ in 0..<20 {
      let proxy = Shared<Publishers.Create<Int, Never>.Subscriber?>(nil)
      let cleanups = Shared(0)
      let checker = ContractChecker<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
      Publishers.Create<Int, Never> { subscriber in
        proxy.value = subscriber
        return AnyCancellable { cleanups.value += 1 }
      }
      .subscribe(checker)
      let subscriber = proxy.value

      Race(threads: threads).run { thread, _ in
        for index in 0..<perThread {
          subscriber?.send(thread * perThread + index)
        }
      }
      subscriber?.send(completion: .finished)

      #expect(checker.problems() == [])
      let values = checker.values
      #expect(values.count == threads * perThread)
      for thread in 0..<threads {
        let own = values.filter { $0 / perThread == thread }
        #expect(own == Array(thread * perThread..<(thread + 1) * perThread))
      }
      #expect(checker.completions == [.finished])
      #expect(cleanups.value == 1)
    }
  }

  @Test func sendsRacingRequestsAndACancelCleanUpOnce() {
    for _ in 0..<50 {
      let proxy = Shared<Publishers.Create<Int, Never>.Subscriber?>(nil)
      let cleanups = Shared(0)
      let checker = ContractChecker<Int, Never>(initialDemand: .none)
      Publishers.Create<Int, Never> { subscriber in
        proxy.value = subscriber
        return AnyCancellable { cleanups.value += 1 }
      }
      .subscribe(checker)
      let subscriber = proxy.value

      Race(threads: 3).run { thread, _ in
        for index in 0..<100 {
          switch thread {
          case 0: subscriber?.send(index)
          case 1: checker.request(.max(1))
          default: if index == 50 { checker.cancel() }
          }
        }
      }

      // One value may be in flight when the cancel returns: only one thread delivers.
      #expect(checker.problems(inFlight: 1) == [])
      #expect(cleanups.value == 1)
    }
  }
}

/// Subscribes a probe that requests nothing to a publisher whose factory
/// keeps its proxy and returns a cancellable that holds a token; sends a
/// value, another token, which waits for demand; then runs `end` with the
/// proxy and the subscription. Checks that the probe, the cancellable and
/// the value are released, although the test still holds the proxy and the
/// subscription, and that the cancellable was cancelled once.
private func expectReleasesTheCancellableAndTheSubscriber(
  sourceLocation: SourceLocation = #_sourceLocation,
  end: (Publishers.Create<Token, Never>.Subscriber, any Subscription) -> Void
) throws {
  weak var weakProbe: LifetimeProbe<Token, Never>?
  weak var weakCleanupToken: Token?
  weak var weakValue: Token?
  let cleanups = Shared(0)
  let proxy = Shared<Publishers.Create<Token, Never>.Subscriber?>(nil)
  let subscription: any Subscription = try {
    let cleanupToken = Token()
    weakCleanupToken = cleanupToken
    let probe = LifetimeProbe<Token, Never>(demand: .none)
    weakProbe = probe
    Publishers.Create<Token, Never> { subscriber in
      proxy.value = subscriber
      return AnyCancellable {
        withExtendedLifetime(cleanupToken) {}
        cleanups.value += 1
      }
    }
    .subscribe(probe)
    let value = Token()
    weakValue = value
    proxy.value?.send(value)
    return try #require(probe.subscription, sourceLocation: sourceLocation)
  }()
  #expect(weakProbe != nil, "the subscriber was released early", sourceLocation: sourceLocation)
  #expect(weakValue != nil, "the queued value was released early", sourceLocation: sourceLocation)
  let subscriber = try #require(proxy.value, sourceLocation: sourceLocation)

  end(subscriber, subscription)

  #expect(weakProbe == nil, "the subscriber is still alive", sourceLocation: sourceLocation)
  #expect(weakCleanupToken == nil, "the cancellable is still alive", sourceLocation: sourceLocation)
  #expect(weakValue == nil, "the value is still alive", sourceLocation: sourceLocation)
  #expect(cleanups.value == 1, sourceLocation: sourceLocation)
  withExtendedLifetime((subscriber, subscription)) {}
}
