import ReactiveCore
import Synchronization
import Testing
import TraitsTesting

@Suite struct AutoconnectTests {
  /// A connectable publisher over a `TestPublisher` that counts its
  /// connections and disconnections.
  private final class CountingConnectable: ConnectablePublisher, @unchecked Sendable {
    // @unchecked Sendable: the counters are atomics; `multicast` is thread-safe.
    typealias Output = Int
    typealias Failure = Never

    let upstream = TestPublisher<Int, Never>()
    let connections = Atomic(0)
    let disconnections = Atomic(0)
    private let multicast: Publishers.Multicast<TestPublisher<Int, Never>, PassthroughSubject<Int, Never>>

    init() {
      multicast = upstream.multicast { PassthroughSubject() }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      multicast.subscribe(subscriber)
    }

    func connect() -> any Cancellable {
      connections.add(1, ordering: .relaxed)
      let connection = multicast.connect()
      return AnyCancellable {
        self.disconnections.add(1, ordering: .relaxed)
        connection.cancel()
      }
    }
  }

  @Test func connectsOnTheFirstSubscriptionOnly() {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    #expect(connectable.connections.load(ordering: .relaxed) == 0)

    let first = autoconnect.record()
    let second = autoconnect.record()
    connectable.upstream.send(1)

    #expect(connectable.connections.load(ordering: .relaxed) == 1)
    #expect(connectable.upstream.subscriptionCount == 1)
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
    #expect(connectable.upstream.cancellations == 1)
  }

  @Test func countsACancelOnce() throws {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    let (_, subscription) = try recordKeepingSubscription(autoconnect)
    let second = autoconnect.record()

    subscription.cancel()
    subscription.cancel()
    connectable.upstream.send(1)

    #expect(connectable.disconnections.load(ordering: .relaxed) == 0)
    #expect(second.events == [.subscription, .value(1)])
  }

  @Test func connectsAgainAfterADisconnection() {
    let connectable = CountingConnectable()
    let autoconnect = connectable.autoconnect()
    autoconnect.record().cancel()

    let recorder = autoconnect.record()
    connectable.upstream.send(1)

    #expect(connectable.connections.load(ordering: .relaxed) == 2)
    #expect(connectable.upstream.subscriptionCount == 2)
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

    connectable.upstream.send(1)
    connectable.upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(connectable.disconnections.load(ordering: .relaxed) == 1)
  }

  @Test func requestingNoneIsAnAPIViolation() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let probe = LifetimeProbe<Int, Never>(demand: .none)
      TestPublisher<Int, Never>().makeConnectable().autoconnect().subscribe(probe)
      probe.subscription?.request(.none)
    }
    #expect(result.standardErrorText.contains("API violation: demand must be greater than zero"))
  }

  // MARK: Lifetimes

  @Test func releasesTheSubscriberOnCancel() throws {
    let autoconnect = TestPublisher<Int, Never>().makeConnectable().autoconnect()
    weak var weakProbe: LifetimeProbe<Int, Never>?
    let subscription: any Subscription = try {
      let probe = LifetimeProbe<Int, Never>(demand: .unlimited)
      autoconnect.subscribe(probe)
      weakProbe = probe
      return try #require(probe.subscription)
    }()

    subscription.cancel()

    #expect(weakProbe == nil)
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
        connectable.upstream.send(thread)
        recorder.cancel()
      }
      #expect(connectable.connections.load(ordering: .relaxed) == connectable.disconnections.load(ordering: .relaxed))
      #expect(connectable.upstream.hasSubscribers == false)
    }
  }
}
