import ReactiveCore
import Synchronization
import Testing

@Suite struct SinkTests {
  @Test func receivesEveryValueThenTheCompletion() {
    let log = Lock<[String]>([])
    let cancellable = Record<Int, TestError>(output: [1, 2], completion: .failure(TestError(code: 1)))
      .sink(
        receiveCompletion: { completion in log.withLock { $0.append("\(completion)") } },
        receiveValue: { value in log.withLock { $0.append("\(value)") } }
      )
    #expect(log.withLock { $0 } == ["1", "2", "failure(TestError(code: 1))"])
    _ = cancellable
  }

  @Test func requestsUnlimitedDemandOnSubscription() {
    let probe = SubscriptionProbe()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.receive(subscription: probe)
    #expect(probe.requests == [.unlimited])
    #expect(sink.receive(1) == .none)
  }

  @Test func cancelsASecondSubscription() {
    let first = SubscriptionProbe()
    let second = SubscriptionProbe()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    #expect(first.cancels == 0)
    #expect(second.cancels == 1)
    #expect(second.requests == [])
  }

  @Test func cancelReachesTheSubscriptionOnceAndStopsDelivery() {
    let probe = SubscriptionProbe()
    let values = Lock<[Int]>([])
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { _ in },
      receiveValue: { v in values.withLock { $0.append(v) } }
    )
    sink.receive(subscription: probe)
    _ = sink.receive(1)

    sink.cancel()
    sink.cancel()
    _ = sink.receive(2)

    #expect(probe.cancels == 1)
    #expect(values.withLock { $0 } == [1])
  }

  @Test func ignoresEverythingAfterTheCompletion() {
    let completions = Lock(0)
    let probe = SubscriptionProbe()
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { _ in completions.withLock { $0 += 1 } },
      receiveValue: { _ in Issue.record("value after completion") }
    )
    sink.receive(subscription: probe)
    sink.receive(completion: .finished)
    sink.receive(completion: .finished)
    _ = sink.receive(1)
    sink.cancel()
    #expect(completions.withLock { $0 } == 1)
    #expect(probe.cancels == 0)
  }

  @Test func ignoresAValueBeforeItsSubscriptionButNotACompletion() {
    // Deliberate (Docs/ReactiveCore.md): Combine's Sink runs its value
    // closure for a value that comes before any subscription.
    let values = Lock<[Int]>([])
    let completions = Lock(0)
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { _ in completions.withLock { $0 += 1 } },
      receiveValue: { value in values.withLock { $0.append(value) } }
    )
    #expect(sink.receive(1) == .none)
    sink.receive(completion: .finished)
    #expect(values.withLock { $0 } == [])
    #expect(completions.withLock { $0 } == 1)
  }

  @Test func cancelsASubscriptionReceivedAfterItWasCancelled() {
    let probe = SubscriptionProbe()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.cancel()
    sink.receive(subscription: probe)
    #expect(probe.cancels == 1)
    #expect(probe.requests == [])
  }

  @Test func releasesItsClosuresAfterCompletion() {
    weak var weakToken: Token?
    let sink: Subscribers.Sink<Int, Never> = {
      let token = Token()
      weakToken = token
      return Subscribers.Sink(receiveCompletion: { _ in _ = token }, receiveValue: { _ in _ = token })
    }()
    sink.receive(subscription: SubscriptionProbe())
    #expect(weakToken != nil)

    sink.receive(completion: .finished)

    #expect(weakToken == nil)
  }

  @Test func releasesItsClosuresAndSubscriptionOnCancel() {
    weak var weakToken: Token?
    weak var weakProbe: SubscriptionProbe?
    let sink: Subscribers.Sink<Int, Never> = {
      let token = Token()
      weakToken = token
      return Subscribers.Sink(receiveCompletion: { _ in _ = token }, receiveValue: { _ in _ = token })
    }()
    do {
      let probe = SubscriptionProbe()
      weakProbe = probe
      sink.receive(subscription: probe)
    }
    #expect(weakProbe != nil)

    sink.cancel()

    #expect(weakToken == nil)
    #expect(weakProbe == nil)
  }

  @Test func aClosureThatCapturesItsOwnCancellableDoesNotLeakOnceCompleted() {
    final class Owner: @unchecked Sendable {
      var cancellable: AnyCancellable?
    }
    weak var weakOwner: Owner?
    let subject = PassthroughSubject<Int, Never>()
    do {
      let owner = Owner()
      weakOwner = owner
      owner.cancellable = subject.sink { _ in _ = owner }
    }
    #expect(weakOwner != nil)  // the cycle owner -> cancellable -> sink -> closure -> owner

    subject.send(completion: .finished)

    #expect(weakOwner == nil)
  }

  @Test func exposesItsClosuresUntilItIsOver() {
    let values = Lock<[Int]>([])
    let sink = Subscribers.Sink<Int, Never>(
      receiveCompletion: { _ in },
      receiveValue: { v in values.withLock { $0.append(v) } }
    )
    sink.receive(subscription: SubscriptionProbe())
    sink.receiveValue(1)
    sink.cancel()
    sink.receiveValue(2)  // a no-op now
    #expect(values.withLock { $0 } == [1])
    #expect(sink.description == "Sink")
  }

  @Test func theNeverFailingFormReceivesValues() {
    let values = Lock<[Int]>([])
    let cancellable = [1, 2, 3].publisher.sink { v in values.withLock { $0.append(v) } }
    #expect(values.withLock { $0 } == [1, 2, 3])
    _ = cancellable
  }
}
