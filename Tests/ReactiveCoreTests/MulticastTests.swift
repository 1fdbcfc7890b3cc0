import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MulticastTests {
  @Test func subscribesToTheUpstreamOnlyOnConnect() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let recorder = multicast.record()
    #expect(upstream.subscriptionCount == 0)

    let connection = multicast.connect()
    upstream.send(1)

    #expect(upstream.subscriptionCount == 1)
    #expect(upstream.requests == [.unlimited])
    #expect(recorder.events == [.subscription, .value(1)])
    _ = connection
  }

  @Test func deliversTheUpstreamToEverySubscriber() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let first = multicast.record()
    let second = multicast.record()
    let connection = multicast.connect()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(first.events == [.subscription, .value(1), .failure(TestError(code: 2))])
    #expect(second.events == [.subscription, .value(1), .failure(TestError(code: 2))])
    #expect(upstream.subscriptionCount == 1)
    _ = connection
  }

  @Test func createsTheSubjectOnceWhenFirstNeeded() {
    var created = 0
    let multicast = TestPublisher<Int, TestError>().multicast { () -> PassthroughSubject<Int, TestError> in
      created += 1
      return PassthroughSubject()
    }
    #expect(created == 0)

    _ = multicast.record()
    _ = multicast.record()
    let connection = multicast.connect()

    #expect(created == 1)
    _ = connection
  }

  @Test func usesTheGivenSubject() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast(subject: subject)
    let recorder = multicast.record()
    let connection = multicast.connect()

    upstream.send(1)
    subject.send(2)

    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2)])
    _ = connection
  }

  @Test func givesEachSubscriberOnlyWhatItDemands() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let limited = multicast.record(demand: .max(1))
    let connection = multicast.connect()

    upstream.send(1)
    upstream.send(2)
    limited.request(.max(1))
    upstream.send(3)

    #expect(limited.events == [.subscription, .value(1), .value(3)])
    _ = connection
  }

  @Test func cancellingTheConnectionCancelsTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let recorder = multicast.record()
    let connection = multicast.connect()

    connection.cancel()

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func cancellingASubscriberLeavesTheUpstreamConnected() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let first = multicast.record()
    let second = multicast.record()
    let connection = multicast.connect()

    first.cancel()
    upstream.send(1)

    #expect(upstream.cancellations == 0)
    #expect(first.events == [.subscription])
    #expect(second.events == [.subscription, .value(1)])
    _ = connection
  }

  @Test func aSubjectNobodyHoldsAnyMoreCancelsTheConnection() {
    // Deliberate: in Combine the subject goes, but its upstream stays
    // subscribed and the connection's cancel no longer reaches it.
    let upstream = TestPublisher<Int, TestError>()
    var multicast: Publishers.Multicast<TestPublisher<Int, TestError>, PassthroughSubject<Int, TestError>>? =
      upstream.multicast { PassthroughSubject() }
    let recorder = multicast!.record()
    let connection = multicast!.connect()
    multicast = nil  // the subscriber's subscription now holds the subject

    upstream.send(1)
    #expect(upstream.cancellations == 0)
    recorder.cancel()

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(1)])
    connection.cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let recorder = multicast.record { _, recorder in
      recorder.cancel()
      return .none
    }
    let connection = multicast.connect()

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1)])
    _ = connection
  }

  @Test func toleratesARequestFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    let recorder = multicast.record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    let connection = multicast.connect()

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    _ = connection
  }

  @Test func describesItsSubscriptionAsMulticast() {
    var description = ""
    TestPublisher<Int, TestError>().multicast { PassthroughSubject() }
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "Multicast")
  }

  /// A subject driven by the test: it keeps its one subscriber, hands it a
  /// `SubscriptionProbe` only when told to, and reports the demand the
  /// subscriber returns from `receive(_:)`.
  private final class ProbeSubject: Subject, @unchecked Sendable {
    // @unchecked Sendable: `subscriber` is touched only under its lock.
    typealias Output = Int
    typealias Failure = Never

    private struct Slot: @unchecked Sendable {
      var subscriber: AnySubscriber<Int, Never>?
    }

    let subscription = SubscriptionProbe()
    private let slot = Lock(Slot())

    private var subscriber: AnySubscriber<Int, Never>? { slot.withLock { $0.subscriber } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      let erased = Slot(subscriber: AnySubscriber(subscriber))
      slot.withLock { $0 = erased }
    }

    func giveSubscription() {
      subscriber?.receive(subscription: subscription)
    }

    /// Sends a value and returns the demand the subscriber returned.
    func deliver(_ value: Int) -> Subscribers.Demand {
      subscriber?.receive(value) ?? .none
    }

    func send(_ value: Int) {
      _ = deliver(value)
    }

    func send(completion: Subscribers.Completion<Never>) {
      subscriber?.receive(completion: completion)
    }

    func send(subscription: any Subscription) {
      subscription.request(.unlimited)
    }
  }

  @Test func requestsTheDemandDownstreamReturnsFromTheSubject() {
    let subject = ProbeSubject()
    _ = Empty<Int, Never>().multicast(subject: subject).record(demand: .max(1)) { _, _ in .max(2) }
    subject.giveSubscription()
    #expect(subject.subscription.requests == [.max(1)])

    let returned = subject.deliver(1)

    // As in Combine: requested from the subject's subscription, not returned.
    #expect(returned == .none)
    #expect(subject.subscription.requests == [.max(1), .max(2)])
  }

  @Test func ignoresACompletionBeforeItsSubscription() {
    let subject = ProbeSubject()
    let recorder = Empty<Int, Never>().multicast(subject: subject).record()

    subject.send(completion: .finished)

    #expect(recorder.events == [])
  }

  @Test func passesRequestNoneToTheSubject() throws {
    // Combine passes it on; the subject decides (PassthroughSubject traps, as tested above).
    let subject = ProbeSubject()
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    Empty<Int, Never>().multicast(subject: subject).subscribe(probe)
    subject.giveSubscription()

    try #require(probe.subscription).request(.none)

    #expect(subject.subscription.requests == [.none])
  }

  // MARK: Lifetimes

  @Test func releasesTheSubscriberAfterCompletion() throws {
    let upstream = TestPublisher<Int, TestError>()
    let multicast = upstream.multicast { PassthroughSubject() }
    weak var weakProbe: LifetimeProbe<Int, TestError>?
    let subscription: any Subscription = try {
      let probe = LifetimeProbe<Int, TestError>(demand: .unlimited)
      multicast.subscribe(probe)
      weakProbe = probe
      return try #require(probe.subscription)
    }()
    let connection = multicast.connect()

    upstream.send(completion: .finished)

    #expect(weakProbe == nil)
    _ = (subscription, connection)
  }

  @Test func releasesTheSubscriberOnCancel() throws {
    let multicast = TestPublisher<Int, TestError>().multicast { PassthroughSubject() }
    try expectReleasesTheSubscriber(of: multicast, end: { $0.cancel() })
  }

  // MARK: Concurrency

  @Test func keepsTheContractWhileSubscribersComeAndGoDuringSends() {
    for _ in 0..<200 {
      let subject = PassthroughSubject<Int, Never>()
      let multicast = UncheckedSendable(subject.multicast { PassthroughSubject() })
      let connection = multicast.value.connect()
      let checkers = (0..<2).map { _ in ContractChecker<Int, Never>() }
      Race(threads: 3).run { thread, _ in
        if thread == 2 {
          for value in 0..<20 { subject.send(value) }
          subject.send(completion: .finished)
        } else {
          multicast.value.subscribe(checkers[thread])
          checkers[thread].cancel()
        }
      }
      for checker in checkers {
        #expect(checker.violations == [])
        #expect(checker.subscriptions == 1)
      }
      connection.cancel()
    }
  }
}
