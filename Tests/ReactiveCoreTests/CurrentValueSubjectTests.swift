import ReactiveCore
import Testing
import TraitsTesting

@Suite struct CurrentValueSubjectTests {
  // MARK: The current value

  @Test func givesANewSubscriberTheCurrentValueAtOnceWhenItHasDemand() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record()
    #expect(recorder.events == [.subscription, .value(0)])
  }

  @Test func givesANewSubscriberTheCurrentValueOnItsFirstDemand() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(0)])
  }

  @Test func givesANewSubscriberTheValueSentLast() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    subject.send(1)
    subject.value = 2

    let recorder = subject.record()

    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func publishesEveryValueSentOrAssigned() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record()

    subject.send(1)
    subject.value = 2
    subject.value += 1

    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2), .value(3)])
  }

  @Test func readsBackTheValueSentOrAssigned() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    #expect(subject.value == 0)

    subject.send(1)
    #expect(subject.value == 1)

    subject.value = 2
    #expect(subject.value == 2)
  }

  @Test func namesItsSubscriptionAfterItself() throws {
    let probe = LifetimeProbe<Int, Never>(demand: .none)
    CurrentValueSubject<Int, Never>(0).subscribe(probe)
    let subscription = try #require(probe.subscription)
    #expect(String(describing: subscription) == "CurrentValueSubject")
  }

  // MARK: Demand

  @Test func keepsOnlyTheLatestValueForASubscriberWithoutDemand() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record(demand: .max(1))

    subject.send(1)
    subject.send(2)
    subject.send(3)
    recorder.request(.max(5))
    subject.send(4)

    #expect(recorder.events == [.subscription, .value(0), .value(3), .value(4)])
  }

  @Test func givesTheLatestValueToASubscriberThatHadNoDemandYet() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record(demand: .none)

    subject.send(1)
    subject.send(2)
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(2)])
  }

  @Test func neverDeliversTheSameValueTwice() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record(demand: .max(1))

    recorder.request(.max(1))
    recorder.request(.max(1))
    subject.send(1)
    recorder.request(.max(1))

    #expect(recorder.events == [.subscription, .value(0), .value(1)])
  }

  @Test func deliversNoMoreValuesThanRequested() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record(demand: .max(2))

    for value in 1...4 { subject.send(value) }

    #expect(recorder.values == [0, 1])
  }

  @Test func addsTheDemandReturnedFromReceive() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record(demand: .max(1)) { value, _ in
      value == 0 ? .max(2) : .none
    }

    for value in 1...5 { subject.send(value) }

    #expect(recorder.values == [0, 1, 2])
  }

  @Test func servesEachSubscriberAccordingToItsOwnDemand() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let (unlimited, one, none) = recordThreeDemands(subject)
    one.request(.max(1))
    subject.send(3)

    #expect(unlimited.events == [.subscription, .value(0), .value(1), .value(2), .value(3)])
    #expect(one.events == [.subscription, .value(0), .value(2)])
    #expect(none.events == [.subscription, .value(2)])
  }

  // MARK: Completion

  @Test func deliversTheCompletionToEverySubscriber() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let withDemand = subject.record()
    let withoutDemand = subject.record(demand: .none)

    subject.send(completion: .failure(TestError(code: 1)))

    #expect(withDemand.events == [.subscription, .value(0), .failure(TestError(code: 1))])
    #expect(withoutDemand.events == [.subscription, .failure(TestError(code: 1))])
  }

  @Test func dropsTheKeptValueOfASubscriberWithoutDemandOnCompletion() throws {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let (recorder, subscription) = try recordKeepingSubscription(subject, demand: .none)

    subject.send(1)
    subject.send(completion: .finished)
    subscription.request(.max(1))

    #expect(recorder.events == [.subscription, .finished])
  }

  @Test func ignoresSendsAfterTheCompletion() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record()

    subject.send(completion: .finished)
    subject.send(1)
    subject.send(completion: .failure(TestError()))

    #expect(recorder.events == [.subscription, .value(0), .finished])
    #expect(subject.value == 0)
  }

  @Test func storesButDoesNotPublishAValueAssignedAfterTheCompletion() {
    // As Combine does: `value = x` changes the value even after completion,
    // whereas `send(x)` is ignored.
    let subject = CurrentValueSubject<Int, TestError>(0)
    let recorder = subject.record()
    subject.send(completion: .finished)

    subject.value = 42

    #expect(subject.value == 42)
    #expect(recorder.events == [.subscription, .value(0), .finished])
    #expect(subject.record().events == [.subscription, .finished])
  }

  @Test func givesALateSubscriberOnlyTheCompletion() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    subject.send(completion: .failure(TestError(code: 3)))

    let recorder = subject.record()

    #expect(recorder.events == [.subscription, .failure(TestError(code: 3))])
  }

  // MARK: Cancellation

  @Test func stopsDeliveringToACancelledSubscriber() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let cancelled = subject.record()
    let kept = subject.record()

    cancelled.cancel()
    subject.send(1)
    subject.send(completion: .finished)

    #expect(cancelled.events == [.subscription, .value(0)])
    #expect(kept.events == [.subscription, .value(0), .value(1), .finished])
  }

  @Test func deliversNoKeptValueAfterCancel() throws {
    let subject = CurrentValueSubject<Int, TestError>(0)
    let (recorder, subscription) = try recordKeepingSubscription(subject, demand: .none)

    subscription.cancel()
    subscription.request(.max(1))

    #expect(recorder.events == [.subscription])
  }

  // MARK: Reentrancy

  @Test func deliversAValueSentFromInsideReceiveToEverySubscriberBeforeSendReturns() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    var log: [String] = []
    let first = subject.record { value, recorder in
      log.append("first \(value)")
      if value == 1 {
        subject.value = 2
        log.append("set 2 returned")
        #expect(subject.value == 2)
        #expect(recorder.values == [0, 1, 2])
      }
      return .none
    }
    let second = subject.record { value, _ in
      log.append("second \(value)")
      return .none
    }
    log = []

    subject.send(1)

    #expect(log == ["first 1", "first 2", "second 2", "set 2 returned", "second 1"])
    #expect(first.values == [0, 1, 2])
    #expect(second.values == [0, 2, 1])
  }

  @Test func givesTheLatestValueInsideTheRequestOfASubscriberThatMissedIt() {
    let subject = CurrentValueSubject<Int, TestError>(0)
    var log: [String] = []
    let slow = subject.record(demand: .none) { value, _ in
      log.append("slow \(value)")
      return .none
    }
    _ = subject.record { value, _ in
      log.append("fast \(value)")
      if value == 1 {
        slow.request(.max(1))
        log.append("request returned")
      }
      return .none
    }
    log = []

    subject.send(1)
    subject.send(2)

    #expect(log == ["fast 1", "slow 1", "request returned", "fast 2"])
    #expect(slow.values == [1])
  }

  @Test func deliversTheCurrentValueInsideTheFirstRequest() {
    // As in Combine: the request delivers the value at once, so a request
    // made from `receive(subscription:)` delivers before it returns.
    let subject = CurrentValueSubject<Int, TestError>(0)
    var log: [String] = []
    subject.subscribe(
      AnySubscriber(
        receiveSubscription: {
          $0.request(.max(1))
          log.append("subscription")
        },
        receiveValue: {
          log.append("value \($0)")
          return .none
        }
      )
    )
    #expect(log == ["value 0", "subscription"])
  }

  @Test func honoursARequestFromInsideReceive() {
    #expect(valuesRequestingFromInsideReceive(CurrentValueSubject<Int, TestError>(0), below: 2) == [0, 1, 2])
  }

  @Test func stopsDeliveringAfterACancelFromInsideReceive() {
    let (cancelling, other) = recordCancellingFromInsideReceive(CurrentValueSubject<Int, TestError>(0), at: 1)
    #expect(cancelling.events == [.subscription, .value(0), .value(1)])
    #expect(other.values == [0, 1, 2, 3])
  }

  // MARK: Upstream subscriptions

  @Test func requestsUnlimitedFromAnUpstreamSubscriptionAtOnce() {
    // Unlike a PassthroughSubject, it does not wait for a subscriber's demand:
    // its value follows the upstream even without subscribers.
    let subject = CurrentValueSubject<Int, Never>(0)
    let upstream = SubscriptionProbe()

    subject.send(subscription: upstream)

    #expect(upstream.requests == [.unlimited])
    _ = subject.record()
    #expect(upstream.requests == [.unlimited])
  }

  // MARK: Traps

  // MARK: Lifetimes

  @Test func releasesTheSubscriberOnCompletion() throws {
    let subject = CurrentValueSubject<Int, Never>(0)
    try expectReleasesTheSubscriber(of: subject, demand: .none, end: { _ in subject.send(completion: .finished) })
  }

  @Test func releasesTheSubscriberTheSubjectAndTheKeptValueOnCancel() throws {
    weak var weakProbe: LifetimeProbe<Token, Never>?
    weak var weakSubject: CurrentValueSubject<Token, Never>?
    weak var weakToken: Token?
    let subscription: any Subscription = try {
      let subject = CurrentValueSubject<Token, Never>(Token())
      let probe = LifetimeProbe<Token, Never>(demand: .none)
      subject.subscribe(probe)
      let token = Token()
      subject.send(token)  // kept by the subject and by the subscription without demand
      weakProbe = probe
      weakSubject = subject
      weakToken = token
      return try #require(probe.subscription)
    }()
    #expect(weakProbe != nil)
    #expect(weakSubject != nil)
    #expect(weakToken != nil)

    subscription.cancel()

    #expect(weakProbe == nil)
    #expect(weakSubject == nil)
    #expect(weakToken == nil)
  }

  @Test func releasesAValueWhenItIsReplaced() {
    let subject = CurrentValueSubject<Token, Never>(Token())
    let recorder = subject.record(demand: .none)
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      subject.send(token)
    }
    #expect(weakToken != nil)

    subject.send(Token())

    #expect(weakToken == nil)
    _ = recorder
  }

  @Test func releasesAReplacedValueOutsideItsLock() {
    // The deinit of the replaced value reads the subject: a release under the
    // subject's lock would deadlock.
    let subject = CurrentValueSubject<DeinitCallout, Never>(DeinitCallout {})
    var readInDeinit: Int?
    subject.value = DeinitCallout(id: 1) { [weak subject] in
      readInDeinit = subject?.value.id
    }

    subject.value = DeinitCallout(id: 2) {}

    #expect(readInDeinit == 2)
  }

  @Test func cancelsItsUpstreamSubscriptionsWhenDeallocated() {
    let upstream = SubscriptionProbe()
    do {
      let subject = CurrentValueSubject<Int, Never>(0)
      subject.send(subscription: upstream)
      #expect(upstream.cancels == 0)
    }
    #expect(upstream.cancels == 1)
  }
}

/// A value that runs `onDeinit` when it is released.
private final class DeinitCallout {
  let id: Int
  private let onDeinit: () -> Void

  init(id: Int = 0, onDeinit: @escaping () -> Void) {
    self.id = id
    self.onDeinit = onDeinit
  }

  deinit {
    onDeinit()
  }
}
