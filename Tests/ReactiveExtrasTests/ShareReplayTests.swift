import MaybeTraits
import ReactiveCore
import ReactiveExtras
import SingleTraits
import Synchronization
import TestSupport
import Testing
import TraitsTesting

/// Probes overloaded per trait: the compiler picks the most specific overload.
private func trait(of _: some SinglePublisher) -> String { "single" }
private func trait(of _: some MaybePublisher) -> String { "maybe" }
private func trait(of _: some Publisher) -> String { "publisher" }

@Suite struct ShareReplayTests {
  @Test func theFirstSubscriberConnectsAndLaterOnesGetTheReplayThenTheLiveValues() {
    let upstream = TestPublisher<Int, TestError>()
    let shared = upstream.share(replay: 2)
    #expect(upstream.subscriptionCount == 0)

    let first = shared.record()
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    let second = shared.record()
    upstream.send(4)
    upstream.send(completion: .finished)

    #expect(upstream.subscriptionCount == 1)
    #expect(first.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .finished])
    #expect(second.events == [.subscription, .value(2), .value(3), .value(4), .finished])
  }

  @Test func aSubscriberAfterTheCompletionGetsTheReplayAndTheCompletionWithoutResubscribing() {
    let subscriptions = Shared(0)
    let shared = Deferred {
      subscriptions.value += 1
      return Just(1)
    }
    .share(replay: 1)

    #expect(shared.record().events == [.subscription, .value(1), .finished])
    #expect(shared.record().events == [.subscription, .value(1), .finished])
    #expect(subscriptions.value == 1)
  }

  @Test func asksTheUpstreamForUnlimitedDemandWhateverTheSubscribersAsk() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.share(replay: 1).record(demand: .max(1))
    upstream.send(1)
    upstream.send(2)
    #expect(upstream.requests == [.unlimited])
    #expect(recorder.values == [1])
  }

  @Test func theLastCancelCancelsTheUpstreamAndTheNextSubscriberConnectsAfresh() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share(replay: 1)
    let first = shared.record()
    let second = shared.record()
    upstream.send(1)

    first.cancel()
    #expect(upstream.cancellations == 0)
    second.cancel()
    #expect(upstream.cancellations == 1)

    let third = shared.record()
    upstream.send(2)
    #expect(upstream.subscriptionCount == 2)
    // A fresh connection: 1 belonged to the first one.
    #expect(third.events == [.subscription, .value(2)])
  }

  // MARK: A shared single is a cache

  @Test func sequentialAwaitsOfASharedSinglesValueRunTheUpstreamOnce() async throws {
    // `value` cancels as soon as it has the value, before the completion:
    // the share lets the single finish instead of forgetting its value.
    let fetches = Shared(0)
    let shared = Deferred {
      fetches.value += 1
      return Just(7)
    }
    .share(replay: 1)

    for _ in 0..<3 {
      #expect(try await shared.value == 7)
    }
    #expect(fetches.value == 1)
  }

  @Test func aMaybeUpstreamThatPublishedItsValueIsLeftToFinishWhenEverySubscriberCancels() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.uncheckedMaybe().share(replay: 1)
    let first = shared.record()
    upstream.send(1)
    first.cancel()
    #expect(upstream.cancellations == 0)

    let second = shared.record()
    upstream.send(completion: .finished)

    #expect(upstream.subscriptionCount == 1)
    #expect(second.events == [.subscription, .value(1), .finished])
    #expect(shared.record().events == [.subscription, .value(1), .finished])
  }

  @Test func aMaybeUpstreamIsCancelledWhenEverySubscriberCancelsBeforeItsValue() {
    // Cancelled work stops: without a value, nothing is worth keeping.
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.uncheckedMaybe().share(replay: 1)
    shared.record().cancel()
    #expect(upstream.cancellations == 1)
  }

  @Test func aCancelAfterTheCompletionKeepsTheReplay() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share(replay: 1)
    let first = shared.record()
    upstream.send(1)
    upstream.send(completion: .finished)
    first.cancel()

    #expect(shared.record().events == [.subscription, .value(1), .finished])
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.share(replay: 1).record { _, recorder in
      recorder.cancel()
      return .none
    }
    upstream.send(1)
    upstream.send(2)
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(upstream.cancellations == 1)
  }

  @Test func aSubscriberFromInsideReceiveGetsTheReplay() {
    let upstream = TestPublisher<Int, Never>()
    let shared = upstream.share(replay: 2)
    let nested = Shared<RecordingSubscriber<Int, Never>?>(nil)
    let first = shared.record { value, _ in
      if value == 2 { nested.value = shared.record() }
      return .none
    }
    upstream.send(1)
    upstream.send(2)
    upstream.send(3)
    #expect(first.values == [1, 2, 3])
    #expect(nested.value?.values == [1, 2, 3])
    #expect(upstream.subscriptionCount == 1)
  }

  @Test func releasesTheSubscriberOnCompletionAndOnCancel() throws {
    try expectReleasesAfterCompletionAndOnCancel(
      completing: Just(1).share(replay: 1),
      cancelled: PassthroughSubject<Int, Never>().share(replay: 1)
    )
  }

  @Test func isEqualOnlyToItself() {
    let shared = Just(1).share(replay: 1)
    #expect(shared == shared)
    #expect(shared != Just(1).share(replay: 1))
  }

  // MARK: Traits

  @Test func isSingleAfterASinglePublisher() {
    #expect(trait(of: Just(1).share(replay: 1)) == "single")
    let results = Collector<Int>()
    let shared = Future<Int, Never> { $0(.success(5)) }.share(replay: 1)
    let early = shared.sinkSingle { if case let .success(value) = $0 { results.append(value) } }
    let late = shared.sinkSingle { if case let .success(value) = $0 { results.append(value) } }
    #expect(results.all == [5, 5])
    withExtendedLifetime((early, late)) {}
  }

  @Test func isMaybeAfterAMaybePublisher() {
    #expect(trait(of: Empty<Int, Never>().share(replay: 3)) == "maybe")
    let results = Collector<String>()
    let shared = Empty<Int, Never>().share(replay: 3)
    let cancellable = shared.sinkMaybe { results.append("\($0)") }
    #expect(results.all.count == 1)
    withExtendedLifetime(cancellable) {}
  }

  @Test func isAPlainPublisherAfterAPlainPublisher() {
    #expect(trait(of: [1, 2].publisher.share(replay: 1)) == "publisher")
  }

  // MARK: Threads

  @Test func racingSubscribersAndCancelsShareOneUpstreamAtATime() {
    for _ in 0..<20 {
      let upstream = PassthroughSubject<Int, Never>()
      let shared = upstream.share(replay: 1)
      Race(threads: 3).run { _, race in
        let recorder = shared.record()
        race.meet()
        upstream.send(1)
        race.meet()
        recorder.cancel()
      }
      // Every subscriber left: the connection ended, the next one starts afresh.
      let late = shared.record()
      upstream.send(2)
      #expect(late.values == [2])
    }
  }

  // MARK: Traps

  @Test func aCountBelowOneTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Just(1).share(replay: 0)
    }
    #expect(result.standardErrorText.contains("API violation: share(replay:) needs a count of at least 1"))
  }
}
