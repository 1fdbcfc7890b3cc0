import ReactiveCore
import Testing
import TraitsTesting

@Suite struct HandleEventsTests {
  /// Runs `body` with hooks that log every event, and returns the log.
  private func logging(
    _ upstream: TestPublisher<Int, TestError>
  ) -> (Publishers.HandleEvents<TestPublisher<Int, TestError>>, Log) {
    let log = Log()
    let publisher = upstream.handleEvents(
      receiveSubscription: { log.entries.append("subscription \($0)") },
      receiveOutput: { log.entries.append("output \($0)") },
      receiveCompletion: { log.entries.append("completion \($0)") },
      receiveCancel: { log.entries.append("cancel") },
      receiveRequest: { log.entries.append("request \($0)") }
    )
    return (publisher, log)
  }

  private final class Log {
    var entries: [String] = []
  }

  @Test func runsEachHookBeforePassingTheEventOn() {
    let upstream = TestPublisher<Int, TestError>()
    let (publisher, log) = logging(upstream)

    let recorder = publisher.record(demand: .max(2))
    upstream.send(1)
    upstream.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .finished])
    #expect(
      log.entries == [
        "subscription TestPublisher", "request max(2)", "output 1", "completion finished",
      ]
    )
  }

  @Test func passesTheDownstreamSubscriptionAsItsOwn() {
    var description = ""
    TestPublisher<Int, TestError>().handleEvents()
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "HandleEvents")
  }

  @Test func reportsTheDemandReturnedForAValue() {
    let upstream = TestPublisher<Int, TestError>()
    let (publisher, log) = logging(upstream)
    _ = publisher.record(demand: .max(1)) { _, _ in .max(3) }

    upstream.send(1)

    #expect(log.entries == ["subscription TestPublisher", "request max(1)", "output 1", "request max(3)"])
    #expect(upstream.requests == [.max(1)])
    #expect(upstream.pendingDemand == .max(3))
  }

  @Test func runsTheCancelHookThenCancelsTheUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let (publisher, log) = logging(upstream)
    let recorder = publisher.record(demand: .none)

    recorder.cancel()
    recorder.cancel()

    #expect(log.entries == ["subscription TestPublisher", "cancel"])
    #expect(upstream.cancellations == 1)
  }

  @Test func runsNoHookAfterTheCompletion() throws {
    let upstream = TestPublisher<Int, TestError>()
    let (publisher, log) = logging(upstream)
    let (recorder, subscription) = try recordKeepingSubscription(publisher, demand: .max(1))

    upstream.send(completion: .failure(TestError(code: 1)))
    subscription.request(.max(1))
    subscription.cancel()

    #expect(recorder.events == [.subscription, .failure(TestError(code: 1))])
    #expect(
      log.entries == [
        "subscription TestPublisher", "request max(1)", "completion failure(TestError(code: 1))",
      ]
    )
  }

  @Test func toleratesACancelFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let (publisher, log) = logging(upstream)
    let recorder = publisher.record { _, recorder in
      recorder.cancel()
      return .none
    }

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(log.entries == ["subscription TestPublisher", "request unlimited", "output 1", "cancel"])
    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesARequestFromInsideReceive() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.handleEvents().record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }

    upstream.send(1)
    upstream.send(2)

    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    #expect(upstream.requests == [.max(1), .max(1), .max(1)])
  }

  @Test func requestingNoDemandReachesTheHookAndTheUpstreamAsIs() {
    // As in Combine, handleEvents does not check the demand: the upstream decides.
    let upstream = TestPublisher<Int, TestError>()
    let (publisher, log) = logging(upstream)
    let recorder = publisher.record(demand: .none)

    recorder.request(.none)

    #expect(log.entries == ["subscription TestPublisher", "request max(0)"])
    #expect(upstream.requests == [.none])
    #expect(recorder.events == [.subscription])
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAndTheHooksAfterCompletion() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in upstream.handleEvents(receiveOutput: { _ in _ = token }) },
      end: finishUpstream
    )
  }

  @Test func releasesTheDownstreamAndTheHooksOnCancel() throws {
    try expectReleases(
      { (upstream: TestPublisher<Int, TestError>, token) in upstream.handleEvents(receiveCancel: { _ = token }) },
      end: cancelSubscription
    )
  }

  @Test func aCancelBeforeTheSubscriptionRunsTheHookAndCancelsTheSubscriptionWhenItComes() throws {
    // Combine's runs the hook too, then leaves that subscription running.
    let log = Log()
    let (calls, events) = try callsOnASubscriptionAfterAnEarlyCancel { upstream in
      upstream.handleEvents(
        receiveSubscription: { _ in log.entries.append("subscription") },
        receiveCancel: { log.entries.append("cancel") },
        receiveRequest: { log.entries.append("request \($0)") }
      )
    }
    #expect(calls == [.cancel])
    #expect(events == [])
    #expect(log.entries == ["cancel"])
  }

  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine passes it to a subscriber that has no subscription yet.
    let recorder = EarlyEventPublisher<Int, TestError>(.value(1)).handleEvents().record()
    #expect(recorder.events == [.subscription])
  }
}
