import ReactiveCore
import Testing
import TraitsTesting

@Suite struct MakeConnectableTests {
  @Test func subscribesToTheUpstreamOnlyOnConnect() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = connectable.record()
    #expect(upstream.subscriptionCount == 0)

    let connection = connectable.connect()
    upstream.send(1)

    #expect(upstream.subscriptionCount == 1)
    #expect(upstream.requests == [.unlimited])
    #expect(recorder.events == [.subscription, .value(1)])
    _ = connection
  }

  @Test func sharesOneUpstreamSubscriptionAmongCopies() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let copy = connectable
    let first = connectable.record()
    let second = copy.record()
    let connection = copy.connect()

    upstream.send(1)
    upstream.send(completion: .finished)

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(second.events == [.subscription, .value(1), .finished])
    #expect(upstream.subscriptionCount == 1)
    _ = connection
  }

  @Test func givesALateSubscriberJustTheCompletion() {
    let connectable = Just(1).makeConnectable()
    let first = connectable.record()
    let connection = connectable.connect()

    let late = connectable.record()

    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(late.events == [.subscription, .finished])
    _ = connection
  }

  @Test func connectingWithoutDemandWaitsForTheFirstDemand() {
    let connectable = Just(1).makeConnectable()
    let connection = connectable.connect()

    let recorder = connectable.record()

    #expect(recorder.events == [.subscription, .value(1), .finished])
    _ = connection
  }

  @Test func requestsNothingUpstreamUntilASubscriberHasDemand() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = connectable.record(demand: .none)
    let connection = connectable.connect()
    #expect(upstream.requests == [])

    recorder.request(.max(1))

    #expect(upstream.requests == [.unlimited])
    _ = connection
  }

  @Test func cancellingTheConnectionCancelsTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = connectable.record()

    connectable.connect().cancel()
    upstream.send(1)

    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, Never>()
    let connectable = upstream.makeConnectable()
    let recorder = connectable.record { _, recorder in
      recorder.cancel()
      return .none
    }
    let connection = connectable.connect()

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.cancellations == 0)
    _ = connection
  }

  @Test func releasesTheSubscriberOnCancel() throws {
    try expectReleasesTheSubscriber(of: TestPublisher<Int, Never>().makeConnectable(), end: { $0.cancel() })
  }
}
