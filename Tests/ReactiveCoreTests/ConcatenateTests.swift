import ReactiveCore
import Testing
import TraitsTesting

@Suite struct ConcatenateTests {
  @Test func givesItsSubscriberASubscriptionOnceThePrefixGaveItsOwn() {
    // As in Combine: the prefix is subscribed first, and its subscription
    // gives the subscriber its own.
    let log = EventLog()
    let prefix = LatePublisher<Int, Never>("prefix", log: log)
    let recorder = prefix.append(7)
      .handleEvents(receiveSubscription: { _ in log.append("downstream subscription") })
      .record()

    #expect(recorder.events == [])
    prefix.giveSubscription()
    _ = prefix.send(1)
    prefix.send(completion: .finished)

    #expect(log.all == ["subscribe prefix", "subscription prefix", "downstream subscription"])
    #expect(recorder.events == [.subscription, .value(1), .value(7), .finished])
    #expect(prefix.subscription.requests == [.unlimited])
  }

  @Test func ignoresWhatThePrefixSendsBeforeItsSubscription() {
    let prefix = LatePublisher<Int, Never>("prefix", log: EventLog())
    let recorder = prefix.append(7).record()

    #expect(prefix.send(1) == .none)
    prefix.send(completion: .finished)

    #expect(recorder.events == [])
  }

  @Test func appendPublishesTheValuesAfterTheUpstreamFinishes() {
    let recorder = [1, 2].unspecialisedPublisher.append(3, 4).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .value(4), .finished])
  }

  @Test func appendAndPrependAcceptSequencesAndPublishers() {
    let publisher = unspecialisedJust(2).prepend([0, 1]).append(Just(3)).prepend(Just(-1)).append([4])
    #expect(publisher.record().values == [-1, 0, 1, 2, 3, 4])
  }

  @Test func prependPublishesTheValuesFirst() {
    let recorder = unspecialisedJust(3).prepend(1, 2).record()
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func subscribesToTheSuffixOnlyWhenThePrefixFinishes() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = prefix.append(suffix).record()
    prefix.send(1)
    #expect(suffix.subscriptionCount == 0)

    prefix.send(completion: .finished)
    suffix.send(2)
    suffix.send(completion: .finished)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func aPrefixFailureEndsTheResultWithoutTheSuffix() {
    let prefix = TestPublisher<Int, TestError>()
    let suffix = TestPublisher<Int, TestError>()
    let recorder = prefix.append(suffix).record()

    prefix.send(1)
    prefix.send(completion: .failure(TestError(code: 1)))

    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 1))])
    #expect(suffix.subscriptionCount == 0)
  }

  @Test func aSuffixFailureEndsTheResult() {
    let recorder = Publishers.Sequence<[Int], TestError>(sequence: [1])
      .append(Fail(error: TestError(code: 2)))
      .record()
    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 2))])
  }

  @Test func requestsTheSuffixTheDemandThePrefixLeftUnused() {
    let prefix = TestPublisher<Int, Never>()
    let suffix = TestPublisher<Int, Never>()
    let recorder = prefix.append(suffix).record(demand: .max(3)) { _, _ in .max(1) }
    #expect(prefix.requests == [.max(3)])

    prefix.send(1)
    prefix.send(completion: .finished)

    #expect(suffix.requests == [.max(3)])
    recorder.request(.max(2))
    #expect(suffix.requests == [.max(3), .max(2)])
  }

  @Test func waitsForDemandBeforePublishing() {
    let recorder = [1, 2].unspecialisedPublisher.append(3).record(demand: .max(1))
    #expect(recorder.events == [.subscription, .value(1)])

    recorder.request(.max(2))

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func cancelReachesTheActiveUpstream() {
    let prefix = TestPublisher<Int, Never>()
    let suffix = TestPublisher<Int, Never>()
    let first = prefix.append(suffix).record()
    first.cancel()
    #expect(prefix.cancellations == 1)

    let second = prefix.append(suffix).record()
    prefix.send(completion: .finished)
    second.cancel()
    #expect(suffix.cancellations == 1)
    #expect(second.events == [.subscription])
  }

  @Test func toleratesCancelFromInsideReceive() {
    let suffix = TestPublisher<Int, Never>()
    let recorder = [1, 2].unspecialisedPublisher.append(suffix).record { _, recorder in
      recorder.cancel()
      return .none
    }
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(suffix.subscriptionCount == 0)
  }

  @Test func toleratesRequestFromInsideReceive() {
    let recorder = [1, 2].unspecialisedPublisher.append(3).record(demand: .max(1)) { _, recorder in
      recorder.request(.max(1))
      return .none
    }
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func releasesTheSubscriberAfterCompletion() throws {
    weak var weakProbe: LifetimeProbe<Int, Never>?
    let subscription: any Subscription = try {
      let probe = LifetimeProbe<Int, Never>(demand: .unlimited)
      unspecialisedJust(1).append(2).subscribe(probe)
      weakProbe = probe
      #expect(probe.isCompleted)
      return try #require(probe.subscription)
    }()
    #expect(weakProbe == nil)
    _ = subscription
  }

  @Test func releasesTheSubscriberOnCancel() throws {
    try expectReleasesTheSubscriber(of: TestPublisher<Int, Never>().append(2), end: { $0.cancel() })
  }

  @Test func requestingNoDemandPassesItToTheUpstream() throws {
    // Combine accepts request(.none) here, and passes it on.
    let prefix = TestPublisher<Int, Never>()
    let probe = LifetimeProbe<Int, Never>(demand: .max(1))
    prefix.append(2).subscribe(probe)

    try #require(probe.subscription).request(.none)

    #expect(prefix.requests == [.max(1), .none])
  }

  @Test func dropsWhatThePrefixSendsWithoutDemand() {
    let prefix = TestPublisher<Int, Never>()
    let recorder = prefix.append(9).record(demand: .max(1))

    prefix.send(1)
    prefix.send(2)  // no demand left: dropped, as in Combine
    recorder.request(.max(1))
    prefix.send(3)

    #expect(recorder.values == [1, 3])
  }

  @Test func dropsWhatTheSuffixSendsWithoutDemand() {
    let suffix = TestPublisher<Int, Never>()
    let recorder = Just(1).append(suffix).record(demand: .max(2))

    suffix.send(2)
    suffix.send(3)  // no demand left: dropped (Combine would deliver it)
    recorder.request(.max(1))
    suffix.send(4)

    #expect(recorder.values == [1, 2, 4])
  }
}
