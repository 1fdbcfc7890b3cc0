import ReactiveCore
import Testing
import TraitsTesting

/// `Publisher.subscribe(_ subject:)`, `AnySubscriber(subject)` and
/// `Subject.send(subscription:)`: how a subject is attached to an upstream.
@Suite struct SubjectSubscribeTests {
  // MARK: subscribe(subject)

  @Test func handsTheSubjectASubscriptionNamedSubjectAndRequestsNothing() {
    let (upstream, subject, cancellable) = spySubscribedToAManualPublisher()

    #expect(subject.calls == ["subscription Subject"])
    #expect(upstream.subscription.requests == [])
    _ = cancellable
  }

  @Test func forwardsTheUpstreamValuesAndCompletionToTheSubject() {
    let (upstream, subject, cancellable) = spySubscribedToAManualPublisher()

    #expect(upstream.send(1) == .none)
    #expect(upstream.send(2) == .none)
    upstream.send(completion: .failure(TestError(code: 1)))

    #expect(subject.calls == ["subscription Subject", "value 1", "value 2", "failure 1"])
    _ = cancellable
  }

  @Test func forwardsNothingAfterTheCompletion() throws {
    let (upstream, subject, cancellable) = spySubscribedToAManualPublisher()
    let subscription = try #require(subject.subscriptions.first)

    upstream.send(completion: .finished)
    _ = upstream.send(1)
    upstream.send(completion: .finished)
    subscription.request(.max(1))

    #expect(subject.calls == ["subscription Subject", "finished"])
    #expect(upstream.subscription.requests == [])
    _ = cancellable
  }

  @Test func ignoresACompletionBeforeItsSubscriptionAsCombineDoes() {
    let upstream = LatePublisher<Int, TestError>("upstream", log: EventLog())
    let subject = SubjectSpy<Int, TestError>()
    let cancellable = upstream.subscribe(subject)

    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(subject.calls == [])
    // The subscription that comes next is the subject's, as if nothing had happened.
    upstream.giveSubscription()
    #expect(upstream.send(1) == .none)
    upstream.send(completion: .finished)

    #expect(subject.calls == ["subscription Subject", "value 1", "finished"])
    _ = cancellable
  }

  @Test func passesTheSubjectsRequestsAndCancelToTheUpstream() throws {
    let (upstream, subject, cancellable) = spySubscribedToAManualPublisher()
    let subscription = try #require(subject.subscriptions.first)

    subscription.request(.max(3))
    subscription.cancel()
    subscription.cancel()
    subscription.request(.max(1))
    _ = upstream.send(1)

    #expect(upstream.subscription.requests == [.max(3)])
    #expect(upstream.subscription.cancels == 1)
    #expect(subject.calls == ["subscription Subject"])
    _ = cancellable
  }

  @Test func cancelsASecondUpstreamSubscription() {
    let (upstream, subject, cancellable) = spySubscribedToAManualPublisher()
    let second = SubscriptionProbe()

    upstream.subscriber?.receive(subscription: second)

    #expect(second.cancels == 1)
    #expect(upstream.subscription.cancels == 0)
    #expect(subject.calls == ["subscription Subject"])
    _ = cancellable
  }

  @Test func returnsACancellableThatCancelsTheUpstream() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record()
    let cancellable = upstream.subscribe(subject)
    _ = upstream.send(1)

    cancellable.cancel()
    cancellable.cancel()
    _ = upstream.send(2)
    upstream.send(completion: .finished)

    #expect(upstream.subscription.cancels == 1)
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test func cancelsTheUpstreamWhenTheCancellableIsReleased() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()

    do {
      let cancellable = upstream.subscribe(subject)
      _ = cancellable
    }

    #expect(upstream.subscription.cancels == 1)
  }

  @Test func aPassthroughSubjectRequestsUnlimitedOnceOneOfItsSubscribersHasDemand() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    let cancellable = upstream.subscribe(subject)
    let first = subject.record(demand: .none)
    #expect(upstream.subscription.requests == [])

    first.request(.max(1))
    let second = subject.record()

    #expect(upstream.subscription.requests == [.unlimited])
    _ = (cancellable, second)
  }

  @Test func aPassthroughSubjectWhoseSubscriberHasDemandRequestsAtOnce() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .max(1))

    let cancellable = upstream.subscribe(subject)

    #expect(upstream.subscription.requests == [.unlimited])
    _ = (cancellable, recorder)
  }

  @Test func deliversTheUpstreamEventsToTheSubscribersOfTheSubject() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    let unlimited = subject.record()
    let one = subject.record(demand: .max(1))
    let cancellable = upstream.subscribe(subject)

    _ = upstream.send(1)
    _ = upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 4)))

    #expect(unlimited.events == [.subscription, .value(1), .value(2), .failure(TestError(code: 4))])
    #expect(one.events == [.subscription, .value(1), .failure(TestError(code: 4))])
    _ = cancellable
  }

  @Test func startsASynchronousUpstreamOnceASubscriberDemands() {
    let subject = PassthroughSubject<Int, Never>()
    let cancellable = [1, 2, 3].publisher.subscribe(subject)
    let recorder = subject.record(demand: .none)
    #expect(recorder.events == [.subscription])

    recorder.request(.max(2))

    // The subject asked the upstream for everything; the subscriber gets what it asked for.
    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    _ = cancellable
  }

  @Test func aCurrentValueSubjectFollowsItsUpstreamWithoutSubscribers() {
    let subject = CurrentValueSubject<Int, Never>(0)

    let cancellable = [1, 2, 3].publisher.subscribe(subject)

    #expect(subject.value == 3)
    #expect(subject.record().events == [.subscription, .finished])
    _ = cancellable
  }

  // MARK: Lifetimes

  @Test func doesNotKeepTheSubjectAlive() {
    let upstream = ManualPublisher<Int, TestError>()
    weak var weakSubject: PassthroughSubject<Int, TestError>?
    let cancellable: AnyCancellable = {
      let subject = PassthroughSubject<Int, TestError>()
      weakSubject = subject
      return upstream.subscribe(subject)
    }()

    #expect(weakSubject == nil)
    // The deallocated subject cancelled its upstream subscription.
    #expect(upstream.subscription.cancels == 1)
    #expect(upstream.send(1) == .none)
    _ = cancellable
  }

  @Test func feedsASubjectThatOnlyItsSubscribersKeepAlive() {
    let upstream = ManualPublisher<Int, TestError>()
    weak var weakSubject: PassthroughSubject<Int, TestError>?
    let (recorder, cancellable): (RecordingSubscriber<Int, TestError>, AnyCancellable) = {
      let subject = PassthroughSubject<Int, TestError>()
      weakSubject = subject
      return (subject.record(), upstream.subscribe(subject))
    }()
    #expect(weakSubject != nil)

    _ = upstream.send(1)
    recorder.cancel()

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(weakSubject == nil)
    #expect(upstream.subscription.cancels == 1)
    _ = cancellable
  }

  @Test func cancelsAnUpstreamSubscriptionThatArrivesAfterTheSubjectIsGone() {
    let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
    let cancellable: AnyCancellable = {
      let subject = PassthroughSubject<Int, TestError>()
      return upstream.subscribe(subject)
    }()

    upstream.deliverSubscription()

    #expect(upstream.subscription.cancels == 1)
    #expect(upstream.subscription.requests == [])
    _ = cancellable
  }

  // MARK: send(subscription:)

  @Test func aPassthroughSubjectAsksEachUpstreamSubscriptionForUnlimitedOnce() {
    let subject = PassthroughSubject<Int, TestError>()
    let first = SubscriptionProbe()
    let second = SubscriptionProbe()
    subject.send(subscription: first)
    let recorder = subject.record(demand: .none)
    #expect(first.requests == [])

    recorder.request(.max(1))
    recorder.request(.max(1))
    subject.send(subscription: second)

    #expect(first.requests == [.unlimited])
    #expect(second.requests == [.unlimited])
  }

  @Test func asksAnUpstreamSubscriptionSentTwiceTwice() {
    let subject = PassthroughSubject<Int, TestError>()
    let upstream = SubscriptionProbe()
    let recorder = subject.record()

    subject.send(subscription: upstream)
    subject.send(subscription: upstream)

    #expect(upstream.requests == [.unlimited, .unlimited])
    _ = recorder
  }

  // MARK: AnySubscriber(subject)

  @Test func anySubscriberOfASubjectForwardsEveryEventToIt() {
    let upstream = ManualPublisher<Int, TestError>()
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = subject.record(demand: .none)
    upstream.subscribe(AnySubscriber(subject))
    #expect(upstream.subscription.requests == [])

    recorder.request(.max(5))
    let demand = upstream.send(1)
    upstream.send(completion: .finished)

    #expect(upstream.subscription.requests == [.unlimited])
    #expect(demand == .none)
    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func anySubscriberOfASubjectBehavesAsTheSubscriberOfSubscribe() {
    // Like Combine, AnySubscriber(subject) wraps the subscriber that
    // `subscribe(subject)` uses: it is the subject's subscription, holds the
    // subject weakly, and cancels a second subscription.
    let upstream = ManualPublisher<Int, TestError>()
    weak var weakSubject: SubjectSpy<Int, TestError>?
    let erased: AnySubscriber<Int, TestError> = {
      let subject = SubjectSpy<Int, TestError>()
      weakSubject = subject
      return AnySubscriber(subject)
    }()
    #expect(erased.description == "Subject")
    #expect(weakSubject == nil)

    let subject = SubjectSpy<Int, TestError>()
    upstream.subscribe(AnySubscriber(subject))
    let second = SubscriptionProbe()
    upstream.subscriber?.receive(subscription: second)
    #expect(subject.calls == ["subscription Subject"])
    #expect(second.cancels == 1)
  }
}

/// A publisher whose one subscriber the test drives by hand; its subscription
/// records the requests and cancels it receives.
private final class ManualPublisher<Output, Failure: Error>: Publisher {
  let subscription = SubscriptionProbe()
  private(set) var subscriber: AnySubscriber<Output, Failure>?
  private let subscribesAtOnce: Bool

  init(subscribesAtOnce: Bool = true) {
    self.subscribesAtOnce = subscribesAtOnce
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    self.subscriber = AnySubscriber(subscriber)
    if subscribesAtOnce { deliverSubscription() }
  }

  func deliverSubscription() {
    subscriber?.receive(subscription: subscription)
  }

  func send(_ value: Output) -> Subscribers.Demand {
    subscriber?.receive(value) ?? .none
  }

  func send(completion: Subscribers.Completion<Failure>) {
    subscriber?.receive(completion: completion)
  }
}

/// A subject that records what it is sent, as text, and keeps the subscriptions.
private final class SubjectSpy<Output, Failure: Error>: Subject {
  private(set) var calls: [String] = []
  private(set) var subscriptions: [any Subscription] = []

  func send(_ value: Output) {
    calls.append("value \(value)")
  }

  func send(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      calls.append("finished")
    case let .failure(error as TestError):
      calls.append("failure \(error.code)")
    case let .failure(error):
      calls.append("failure \(error)")
    }
  }

  func send(subscription: any Subscription) {
    subscriptions.append(subscription)
    calls.append("subscription \(subscription)")
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriber.receive(subscription: Subscriptions.empty)
  }
}

/// A `SubjectSpy` subscribed to a fresh `ManualPublisher`: the upstream,
/// the subject, and what `subscribe(_:)` returned.
private func spySubscribedToAManualPublisher() -> (
  upstream: ManualPublisher<Int, TestError>, subject: SubjectSpy<Int, TestError>, cancellable: AnyCancellable
) {
  let upstream = ManualPublisher<Int, TestError>()
  let subject = SubjectSpy<Int, TestError>()
  return (upstream, subject, upstream.subscribe(subject))
}
