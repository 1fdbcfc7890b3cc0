import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct AutoconnectTests {
  @Test func connectsOnTheFirstSubscriptionOnly() {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    #expect(connectable.connections.load(ordering: .relaxed) == 0)

    let first = autoconnect.record()
    let second = autoconnect.record()
    connectable.source.send(1)

    #expect(connectable.connections.load(ordering: .relaxed) == 1)
    #expect(connectable.source.subscriptionCount == 1)
    #expect(first.events == [.subscription, .value(1)])
    #expect(second.events == [.subscription, .value(1)])
  }

  @Test func disconnectsOnceEverySubscriberHasCancelled() {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    let first = autoconnect.record()
    let second = autoconnect.record()

    first.cancel()
    #expect(connectable.disconnections.load(ordering: .relaxed) == 0)
    second.cancel()

    #expect(connectable.disconnections.load(ordering: .relaxed) == 1)
    #expect(connectable.source.cancellations == 1)
  }

  @Test func countsACancelOnce() throws {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    let (_, subscription) = try recordKeepingSubscription(autoconnect)
    let second = autoconnect.record()

    subscription.cancel()
    subscription.cancel()
    connectable.source.send(1)

    #expect(connectable.disconnections.load(ordering: .relaxed) == 0)
    #expect(second.events == [.subscription, .value(1)])
  }

  @Test func connectsAgainAfterADisconnection() {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    autoconnect.record().cancel()

    let recorder = autoconnect.record()
    connectable.source.send(1)

    #expect(connectable.connections.load(ordering: .relaxed) == 2)
    #expect(connectable.source.subscriptionCount == 2)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func staysConnectedAfterCompletionSoALateSubscriberGetsTheCompletion() {
    let upstream = TestPublisher<Int, Never>()
    let autoconnect = upstream.makeConnectable().autoconnect()
    let first = autoconnect.record()

    upstream.send(1)
    upstream.send(completion: .finished)
    let late = autoconnect.record()

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(late.events == [.subscription, .finished])
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func passesTheDemandAndDescribesTheSubscriptionAsTheUpstreamDoes() {
    let upstream = TestPublisher<Int, Never>()
    var description = ""
    let autoconnect = upstream.makeConnectable().autoconnect()
    let recorder = autoconnect.record(demand: .max(1))
    autoconnect.subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(description == "Multicast")
  }

  @Test func toleratesACancelFromInsideReceive() {
    let connectable = CountingConnectable()
    let recorder = connectable.autoconnect().record { _, recorder in
      recorder.cancel()
      return .none
    }

    connectable.source.send(1)
    connectable.source.send(2)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(connectable.disconnections.load(ordering: .relaxed) == 1)
  }

  /// A connectable publisher whose subscriptions are `SubscriptionProbe`s.
  private struct ProbeConnectable: ConnectablePublisher {
    typealias Output = Int
    typealias Failure = Never

    let subscription = SubscriptionProbe()

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: subscription)
    }

    func connect() -> any Cancellable {
      AnyCancellable {}
    }
  }

  @Test func passesRequestNoneToTheUpstream() throws {
    // Combine passes it on; the upstream decides (a subject's subscription traps, as tested above).
    let connectable = ProbeConnectable()
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    connectable.autoconnect().subscribe(probe)

    try #require(probe.subscription).request(.none)

    #expect(connectable.subscription.requests == [.none])
  }

  /// Counts the connections of a connectable upstream.
  final class Counted<Upstream: ConnectablePublisher>: ConnectablePublisher, @unchecked Sendable {
    // @unchecked Sendable: the counters are atomics.
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let connections = Atomic(0)
    let disconnections = Atomic(0)

    init(_ upstream: Upstream) {
      self.upstream = upstream
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(subscriber)
    }

    func connect() -> any Cancellable {
      connections.add(1, ordering: .relaxed)
      let connection = upstream.connect()
      return AnyCancellable {
        self.disconnections.add(1, ordering: .relaxed)
        connection.cancel()
      }
    }
  }

  @Test func aSubscriberArrivingWhileConnectingDoesNotConnectAgain() {
    // The upstream publishes from inside connect(); its subscriber subscribes
    // another one from there. Combine would connect a second time.
    let connectable = Counted(Just(1).makeConnectable())
    let autoconnect = connectable.autoconnect()
    let second = Lock<RecordingSubscriber<Int, Never>?>(nil)
    let first = autoconnect.record { _, _ in
      let recorder = autoconnect.record()
      second.withLock { $0 = recorder }
      return .none
    }

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(second.withLock { $0 } != nil)
    #expect(connectable.connections.load(ordering: .relaxed) == 1)
    #expect(connectable.disconnections.load(ordering: .relaxed) == 0)
  }

  @Test func aSubscriberArrivingBeforeTheFirstConnectionDoesNotConnectAgain() {
    // The first subscriber subscribes another one from inside
    // receive(subscription:), which comes before connect(). Combine would
    // connect for each of them.
    let upstream = TestPublisher<Int, Never>()
    let connectable = Counted(upstream.makeConnectable())
    let autoconnect = connectable.autoconnect()
    let second = Lock<RecordingSubscriber<Int, Never>?>(nil)
    autoconnect.subscribe(
      AnySubscriber<Int, Never>(receiveSubscription: { subscription in
        let recorder = autoconnect.record()
        second.withLock { $0 = recorder }
        subscription.request(.unlimited)
      })
    )

    upstream.send(1)

    #expect(second.withLock { $0 }?.events == [.subscription, .value(1)])
    #expect(connectable.connections.load(ordering: .relaxed) == 1)
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func aCancelBeforeTheConnectionDisconnectsOnceConnected() {
    // The only subscriber cancels from inside receive(subscription:), which
    // comes before connect(). Combine would keep that connection, unreachable.
    let upstream = TestPublisher<Int, Never>()
    let connectable = Counted(upstream.makeConnectable())

    connectable.autoconnect().subscribe(AnySubscriber<Int, Never>(receiveSubscription: { $0.cancel() }))

    #expect(connectable.connections.load(ordering: .relaxed) == 1)
    #expect(connectable.disconnections.load(ordering: .relaxed) == 1)
    #expect(upstream.hasSubscribers == false)
  }

  // MARK: Lifetimes

  @Test func releasesTheSubscriberOnCancel() throws {
    try expectReleasesTheSubscriber(
      of: TestPublisher<Int, Never>().makeConnectable().autoconnect(),
      end: { $0.cancel() }
    )
  }

  // MARK: Concurrency

  @Test func connectsAndDisconnectsInPairsWhileSubscribersComeAndGo() {
    for _ in 0..<200 {
      let connectable = CountingConnectable()
      let autoconnect = UncheckedSendable(connectable.autoconnect())
      Race(threads: 3).run { thread, _ in
        // A subject may hand a subscription to the thread that is sending:
        // the recorder also cancels one that arrives after its cancel().
        let recorder = RecordingSubscriber<Int, Never>(demand: .unlimited)
        autoconnect.value.subscribe(recorder)
        connectable.source.send(thread)
        recorder.cancel()
      }
      #expect(connectable.connections.load(ordering: .relaxed) == connectable.disconnections.load(ordering: .relaxed))
      #expect(connectable.source.hasSubscribers == false)
    }
  }
}

/// A counted multicast of a `TestPublisher` (its `source`).
private typealias CountingConnectable = AutoconnectTests.Counted<
  Publishers.Multicast<TestPublisher<Int, Never>, PassthroughSubject<Int, Never>>
>

extension AutoconnectTests.Counted
where Upstream == Publishers.Multicast<TestPublisher<Int, Never>, PassthroughSubject<Int, Never>> {
  convenience init() {
    self.init(TestPublisher<Int, Never>().multicast { PassthroughSubject() })
  }

  /// The publisher under the multicast.
  var source: TestPublisher<Int, Never> { upstream.upstream }
}
