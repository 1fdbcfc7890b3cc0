import ReactiveCore
import Testing
import TraitsTesting

@Suite struct PassthroughSubjectTests {
  // MARK: Values and demand

  @Test func deliversTheValuesSentWhileTheSubscriberHasDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()

    subject.send(1)
    subject.send(2)

    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func dropsTheValuesSentBeforeTheSubscription() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(1)
    let recorder = subject.record()

    subject.send(2)

    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func dropsTheValuesSentWhileTheSubscriberHasNoDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .none)

    subject.send(1)
    recorder.request(.max(1))
    subject.send(2)
    subject.send(3)

    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func deliversNoMoreValuesThanRequested() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .max(2))

    for value in 1...4 { subject.send(value) }
    recorder.request(.max(1))
    subject.send(5)
    subject.send(6)

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(5)])
  }

  @Test func accumulatesTheDemandOfSeveralRequests() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .none)

    recorder.request(.max(1))
    recorder.request(.max(2))
    for value in 1...5 { subject.send(value) }

    #expect(recorder.values == [1, 2, 3])
  }

  @Test func addsTheDemandReturnedFromReceive() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .max(1)) { value, _ in
      value == 1 ? .max(2) : .none
    }

    for value in 1...5 { subject.send(value) }

    #expect(recorder.values == [1, 2, 3])
  }

  @Test func keepsUnlimitedDemandWhateverReceiveReturns() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .unlimited) { _, _ in .max(1) }

    for value in 1...100 { subject.send(value) }

    #expect(recorder.values == Array(1...100))
  }

  @Test func sendsVoidValuesWithSend() {
    let subject = PassthroughSubject<Void, Never>()
    let recorder = subject.record()

    subject.send()
    subject.send()

    #expect(recorder.values.count == 2)
    #expect(recorder.events.map(\.description) == ["subscription", "value(())", "value(())"])
  }

  @Test func namesItsSubscriptionAfterItself() throws {
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    PassthroughSubject<Int, Never>().subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "PassthroughSubject")
  }

  // MARK: Several subscribers

  @Test func servesEachSubscriberAccordingToItsOwnDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let (unlimited, one, none) = recordThreeDemands(subject)
    subject.send(3)

    #expect(unlimited.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(one.events == [.subscription, .value(1)])
    #expect(none.events == [.subscription, .value(3)])
  }

  @Test func deliversEachValueToTheSubscribersInSubscriptionOrder() {
    let subject = PassthroughSubject<Int, TestError>()
    var log: [String] = []
    let first = subject.record { value, _ in
      log.append("first \(value)")
      return .none
    }
    let second = subject.record { value, _ in
      log.append("second \(value)")
      return .none
    }

    subject.send(1)
    subject.send(2)

    #expect(log == ["first 1", "second 1", "first 2", "second 2"])
    _ = (first, second)
  }

  // MARK: Completion

  @Test func deliversTheCompletionToEverySubscriberWithOrWithoutDemand() {
    let subject = PassthroughSubject<Int, TestError>()
    let withDemand = subject.record()
    let withoutDemand = subject.record(demand: .none)

    subject.send(1)
    subject.send(completion: .failure(TestError(code: 1)))

    #expect(withDemand.events == [.subscription, .value(1), .failure(TestError(code: 1))])
    #expect(withoutDemand.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func ignoresEverySendAfterTheCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()

    subject.send(completion: .finished)
    subject.send(1)
    subject.send(completion: .failure(TestError()))
    subject.send(completion: .finished)

    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func givesALateSubscriberItsSubscriptionAndTheCompletionAtOnce() {
    let subject = PassthroughSubject<Int, TestError>()
    subject.send(completion: .failure(TestError(code: 2)))

    let withDemand = subject.record()
    let withoutDemand = subject.record(demand: .none)

    #expect(withDemand.events == [.subscription, .failure(TestError(code: 2))])
    #expect(withoutDemand.events == [.subscription, .failure(TestError(code: 2))])
  }

  @Test func givesALateSubscriberTheEmptySubscription() throws {
    let subject = PassthroughSubject<Int, Never>()
    subject.send(completion: .finished)
    let probe = LifetimeProbe<Int, Never>(demand: .none)

    subject.subscribe(probe)

    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "Empty")
    #expect(probe.isCompleted)
  }

  @Test func ignoresRequestsAndCancelAfterTheCompletion() throws {
    let subject = PassthroughSubject<Int, TestError>()
    let (recorder, subscription) = try recordKeepingSubscription(subject)
    subject.send(completion: .finished)

    subscription.request(.max(1))
    subscription.cancel()
    subject.send(1)

    #expect(recorder.events == [.subscription, .finished])
  }

  // MARK: Cancellation

  @Test func stopsDeliveringToACancelledSubscriber() {
    let subject = PassthroughSubject<Int, TestError>()
    #expect(recordCancelledAfterTheFirstValue(subject).events == [.subscription, .value(1)])
  }

  @Test func cancellingOneSubscriberLeavesTheOthersSubscribed() {
    let subject = PassthroughSubject<Int, TestError>()
    let cancelled = subject.record()
    let kept = subject.record()

    cancelled.cancel()
    subject.send(1)
    subject.send(completion: .finished)

    #expect(cancelled.events == [.subscription])
    #expect(kept.events == [.subscription, .value(1), .finished])
  }

  @Test func ignoresRequestsAfterCancel() throws {
    let subject = PassthroughSubject<Int, TestError>()
    let (recorder, subscription) = try recordKeepingSubscription(subject)

    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(1))
    subject.send(1)

    #expect(recorder.events == [.subscription])
  }

  // MARK: Reentrancy

  @Test func deliversAValueSentFromInsideReceiveToEverySubscriberBeforeSendReturns() {
    // As in Combine: the nested send is delivered at once, so the second
    // subscriber sees 2 before 1.
    let subject = PassthroughSubject<Int, TestError>()
    var log: [String] = []
    let first = subject.record { value, recorder in
      log.append("first \(value)")
      if value == 1 {
        subject.send(2)
        log.append("send(2) returned")
        #expect(recorder.values == [1, 2])
      }
      return .none
    }
    let second = subject.record { value, _ in
      log.append("second \(value)")
      return .none
    }

    subject.send(1)

    #expect(log == ["first 1", "first 2", "second 2", "send(2) returned", "second 1"])
    #expect(first.events == [.subscription, .value(1), .value(2)])
    #expect(second.events == [.subscription, .value(2), .value(1)])
  }

  @Test func deliversValuesSentFromInsideReceiveDepthFirst() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record { value, _ in
      if value == 1 {
        subject.send(2)
        subject.send(3)
      }
      if value == 2 { subject.send(4) }
      return .none
    }

    subject.send(1)

    // 2 is delivered inside the delivery of 1, and 4 inside that of 2.
    #expect(recorder.values == [1, 2, 4, 3])
  }

  @Test func aCompletionSentFromInsideReceiveOvertakesTheValueForLaterSubscribers() {
    let subject = PassthroughSubject<Int, TestError>()
    let first = subject.record { _, _ in
      subject.send(completion: .finished)
      subject.send(2)
      return .none
    }
    let second = subject.record()

    subject.send(1)

    // The completion reaches both subscribers before `send(1)` goes on to the second one.
    #expect(first.events == [.subscription, .value(1), .finished])
    #expect(second.events == [.subscription, .finished])
  }

  @Test func ignoresAValueSentFromInsideReceiveCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    var completions = 0
    subject.subscribe(
      AnySubscriber(
        receiveSubscription: { $0.request(.unlimited) },
        receiveCompletion: { _ in
          completions += 1
          subject.send(1)
          subject.send(completion: .finished)
        }
      )
    )
    let recorder = subject.record()

    subject.send(completion: .finished)

    #expect(completions == 1)
    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func stopsDeliveringAfterACancelFromInsideReceive() {
    let (cancelling, other) = recordCancellingFromInsideReceive(PassthroughSubject<Int, TestError>(), at: 2)
    #expect(cancelling.events == [.subscription, .value(1), .value(2)])
    #expect(other.values == [1, 2, 3])
  }

  @Test func honoursARequestFromInsideReceive() {
    #expect(valuesRequestingFromInsideReceive(PassthroughSubject<Int, TestError>(), below: 3) == [1, 2, 3])
  }

  @Test func subscribesFromInsideReceiveAfterTheCurrentValue() {
    let subject = PassthroughSubject<Int, TestError>()
    var late: RecordingSubscriber<Int, TestError>?
    let recorder = subject.record { value, _ in
      if value == 1 { late = subject.record() }
      return .none
    }

    subject.send(1)
    subject.send(2)

    #expect(recorder.values == [1, 2])
    #expect(late?.events == [.subscription, .value(2)])
  }

  // MARK: Traps

  // MARK: Lifetimes

  @Test func releasesTheSubscriberOnCompletion() throws {
    let subject = PassthroughSubject<Int, Never>()
    try expectReleasesTheSubscriber(of: subject, end: { _ in subject.send(completion: .finished) })
  }

  @Test func releasesTheSubscriberOnCancel() throws {
    try expectReleasesTheSubscriber(of: PassthroughSubject<Int, Never>(), end: { $0.cancel() })
  }

  @Test func keepsTheSubjectAliveWhileASubscriptionLives() throws {
    let upstream = SubscriptionProbe()
    let (subscription, subject) = try subscribeToASubject(holding: upstream)
    #expect(subject.object != nil)
    #expect(upstream.cancels == 0)

    subscription.cancel()

    #expect(subject.object == nil)
    #expect(upstream.cancels == 1)
  }

  @Test func releasesTheSubjectOnCompletionAlthoughTheSubscriptionIsKept() throws {
    let upstream = SubscriptionProbe()
    let (subscription, subject) = try subscribeToASubject(holding: upstream) { $0.send(completion: .finished) }

    #expect(subject.object == nil)
    #expect(upstream.cancels == 1)
    _ = subscription
  }

  @Test func cancelsItsUpstreamSubscriptionsWhenDeallocated() {
    let first = SubscriptionProbe()
    let second = SubscriptionProbe()
    do {
      let subject = PassthroughSubject<Int, Never>()
      subject.send(subscription: first)
      subject.send(subscription: second)
      #expect(first.cancels == 0)
    }
    #expect(first.cancels == 1)
    #expect(second.cancels == 1)
    #expect(first.requests == [])
  }

  @Test func keepsNoValue() {
    let subject = PassthroughSubject<Token, Never>()
    let recorder = subject.record(demand: .none)
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      subject.send(token)
    }
    #expect(weakToken == nil)
    #expect(recorder.events.count == 1)
  }
}

/// Subscribes a probe without demand to a new subject that holds `upstream`
/// as its upstream subscription, then runs `then` on the subject; returns
/// the probe's subscription and a weak reference to the subject, which the
/// test keeps nothing else of.
private func subscribeToASubject(
  holding upstream: SubscriptionProbe,
  then: (PassthroughSubject<Int, Never>) -> Void = { _ in }
) throws -> (subscription: any Subscription, subject: WeakRef<PassthroughSubject<Int, Never>>) {
  let subject = PassthroughSubject<Int, Never>()
  subject.send(subscription: upstream)
  let probe = LifetimeProbe<Int, Never>(demand: .none)
  subject.subscribe(probe)
  then(subject)
  return (try #require(probe.subscription), WeakRef(object: subject))
}
