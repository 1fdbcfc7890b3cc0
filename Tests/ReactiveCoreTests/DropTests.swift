import ReactiveCore
import Testing
import TraitsTesting

@Suite struct DropTests {
  @Test func dropsTheFirstElementsThenRepublishesTheRest() {
    let recorder = [1, 2, 3, 4].unspecialisedPublisher.dropFirst(2).record()
    #expect(recorder.events == [.subscription, .value(3), .value(4), .finished])
  }

  @Test func dropsOneElementByDefault() {
    #expect([1, 2].unspecialisedPublisher.dropFirst().record().events == [.subscription, .value(2), .finished])
  }

  @Test func asksForTheDroppedElementsOnTopOfTheDownstreamDemand() {
    let upstream = ReducingUpstream()
    let recorder = upstream.dropFirst(2).record(demand: .max(1)) { _, _ in .max(3) }
    #expect(upstream.requests == [.max(3)])

    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    #expect(upstream.send(3) == .max(3))
    recorder.request(.max(4))

    #expect(upstream.requests == [.max(3), .max(4)])
    #expect(recorder.events == [.subscription, .value(3)])
  }

  @Test func asksForTheDroppedElementsWithoutDownstreamDemand() {
    let upstream = ReducingUpstream()
    _ = upstream.dropFirst(2).record(demand: .none)
    #expect(upstream.requests == [.max(2)])

    let other = ReducingUpstream()
    _ = other.dropFirst(0).record(demand: .none)
    #expect(other.requests == [])
  }

  @Test func passesCompletionThrough() {
    let upstream = ReducingUpstream()
    let recorder = upstream.dropFirst().record()
    upstream.send(completion: .failure(TestError(code: 1)))
    upstream.send(completion: .finished)
    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func cancelReachesTheUpstreamAlsoFromInsideReceive() {
    let upstream = ReducingUpstream()
    let recorder = upstream.dropFirst().record { _, recorder in
      recorder.request(.max(1))
      recorder.cancel()
      return .none
    }

    upstream.send(1)
    upstream.send(2)
    upstream.send(3)

    #expect(upstream.requests == [.unlimited, .max(1)])
    #expect(upstream.cancellations == 1)
    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func releasesTheDownstreamAfterCompletionAndOnCancel() throws {
    try expectReleasesOnEveryEnd { (upstream: ReducingUpstream, _: Token) in upstream.dropFirst() }
  }

  @Test func aNegativeCountTrapsAtSubscription() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Empty<Int, Never>(completeImmediately: false).dropFirst(-1).record()
    }
    #expect(result.standardErrorText.contains("API violation: dropFirst count must not be negative, got -1"))
  }

  @Test func cancelAfterTheUpstreamFinishedDoesNotReachIt() {
    let recorder = expectCancelAfterTheUpstreamFinishedDoesNotReachIt { (upstream: TestPublisher<Int, TestError>) in
      upstream.dropFirst()
    }
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func cancelsASubscriptionThatComesAfterTheEndAndDeliversNothingMore() {
    // Deliberate (Docs/ReactiveCore.md): Combine's dropFirst takes a new
    // subscription after its completion, asks it for the demand gathered
    // meanwhile and delivers its values after the completion.
    let upstream = ReusedAfterTheEnd()
    let recorder = upstream.dropFirst(3).record()
    #expect(upstream.first.requests == [.unlimited])
    #expect(upstream.second.calls == [.cancel])
    #expect(upstream.returned.withLock { $0 } == [.none])
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func countsAndPassesOnEventsBeforeTheUpstreamSubscriptionAsCombineDoes() {
    // The downstream already has its subscription: Combine treats them as usual.
    let early = EarlyEventPublisher<Int, TestError>(.value(1), .value(2), .completion(.finished))
    let recorder = early.dropFirst().record()
    #expect(recorder.events == [.subscription, .value(2), .finished])
  }
}

/// An upstream that finishes, then subscribes its subscriber a second time
/// and sends it a value: what Combine's `dropFirst` accepts.
private final class ReusedAfterTheEnd: Publisher {
  typealias Output = Int
  typealias Failure = Never

  let first = SubscriptionProbe()
  let second = SubscriptionProbe()
  let returned = Lock<[Subscribers.Demand]>([])

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
    subscriber.receive(subscription: first)
    subscriber.receive(completion: .finished)
    subscriber.receive(subscription: second)
    let demand = subscriber.receive(4)
    returned.withLock { $0.append(demand) }
  }
}
