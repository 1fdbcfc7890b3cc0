import ReactiveCore
import Testing
import TraitsTesting

/// What a time operator's scheduled actions keep alive while they wait, as
/// in Combine: a pending delivery (`delay`, `receive(on:)`), subscription
/// (`subscribe(on:)`), timeout or debounce timer holds the subscription, and
/// with it the downstream, until it runs or is cancelled; a pending
/// `throttle` emission does not.
///
/// The publisher and the subscriber here hold nothing of each other, so
/// only the scheduled actions can keep the subscription alive.
@Suite struct ScheduledLifetimeTests {
  @Test func aPendingDelayedDeliveryKeepsTheDownstreamAliveUntilItRuns() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = subscribeDetached(to: DetachedPublisher(values: [1], finishes: true)) {
      $0.delay(for: .seconds(1), scheduler: scheduler)
    }
    #expect(subscriber.isAlive)

    scheduler.advance(by: .seconds(1))

    #expect(subscriber.log.all == ["subscription", "1", "finished"])
    #expect(!subscriber.isAlive)
  }

  @Test func aPendingReceiveOnDeliveryKeepsTheDownstreamAliveUntilItRuns() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = subscribeDetached(to: DetachedPublisher(values: [1], finishes: true)) {
      $0.receive(on: scheduler)
    }
    #expect(subscriber.isAlive)

    scheduler.advance()

    #expect(subscriber.log.all == ["subscription", "1", "finished"])
    #expect(!subscriber.isAlive)
  }

  @Test func aPendingSubscribeOnKeepsTheDownstreamAliveUntilItRuns() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = subscribeDetached(to: DetachedPublisher(values: [1], finishes: true)) {
      $0.subscribe(on: scheduler)
    }
    #expect(subscriber.isAlive)
    #expect(subscriber.log.all == [])

    scheduler.advance()

    #expect(subscriber.log.all == ["subscription", "1", "finished"])
    #expect(!subscriber.isAlive)
  }

  @Test func aRunningTimeoutKeepsTheSubscriptionAliveAndFires() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = subscribeDetached(to: DetachedPublisher(values: [], finishes: false)) {
      $0.timeout(.seconds(1), scheduler: scheduler)
    }
    #expect(subscriber.isAlive)

    scheduler.advance(by: .seconds(1))

    #expect(subscriber.log.all == ["subscription", "finished"])
    #expect(!subscriber.isAlive)  // the timer was cancelled when it fired
  }

  @Test func aValueWaitingInDebounceKeepsTheSubscriptionAliveUntilItGoesOut() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = subscribeDetached(to: DetachedPublisher(values: [1], finishes: false)) {
      $0.debounce(for: .seconds(1), scheduler: scheduler)
    }
    #expect(subscriber.isAlive)

    scheduler.advance(by: .seconds(1))

    #expect(subscriber.log.all == ["subscription", "1"])
    #expect(!subscriber.isAlive)  // the timer was cancelled when it fired
  }

  @Test func aPendingThrottleEmissionDoesNotKeepTheSubscriptionAlive() {
    let scheduler = VirtualTimeScheduler()
    let subscriber = subscribeDetached(to: DetachedPublisher(values: [1], finishes: false)) {
      $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    }
    #expect(!subscriber.isAlive)

    scheduler.advance(by: .seconds(1))

    #expect(subscriber.log.all == ["subscription"])
  }

  @Test func cancelReleasesTheDownstreamAtOnceWhileADeliveryIsPending() {
    // Stricter than Combine, which keeps the downstream until the pending
    // action runs (and then delivers nothing).
    let scheduler = VirtualTimeScheduler()
    expectCancelReleasesTheDownstream(scheduler) { $0.delay(for: .seconds(1), scheduler: scheduler) }
    expectCancelReleasesTheDownstream(scheduler) { $0.receive(on: scheduler) }
    expectCancelReleasesTheDownstream(scheduler) { $0.timeout(.seconds(5), scheduler: scheduler) }
    expectCancelReleasesTheDownstream(scheduler) { $0.debounce(for: .seconds(1), scheduler: scheduler) }
    // subscribe(on:): once subscribed, with its request pending.
    expectCancelReleasesTheDownstream(scheduler, subscribedOnTheScheduler: true) { $0.subscribe(on: scheduler) }
  }

  /// Subscribes a probe through `make`, sends a value (a delivery or a timer
  /// is then pending) and cancels: the probe must be gone before the
  /// scheduler runs what is pending.
  private func expectCancelReleasesTheDownstream<P: Publisher>(
    _ scheduler: VirtualTimeScheduler,
    subscribedOnTheScheduler: Bool = false,
    _ make: (TimeUpstream) -> P,
    sourceLocation: SourceLocation = #_sourceLocation
  ) where P.Output == Int, P.Failure == TestError {
    let upstream = TimeUpstream()
    weak var weakProbe: LifetimeProbe<Int, TestError>?
    let subscription: (any Subscription)? = {
      let probe = LifetimeProbe<Int, TestError>(demand: .unlimited)
      weakProbe = probe
      make(upstream).subscribe(probe)
      if subscribedOnTheScheduler { scheduler.advance(by: .seconds(1)) }
      return probe.subscription
    }()
    _ = upstream.send(1)

    #expect(subscription != nil, sourceLocation: sourceLocation)
    subscription?.cancel()

    #expect(weakProbe == nil, sourceLocation: sourceLocation)
    scheduler.advance(by: .seconds(10))
  }
}

/// What a test keeps of a `DetachedSubscriber`: its log, and a weak
/// reference that tells whether anything else still holds it.
private struct WatchedSubscriber {
  let log: EventLog
  weak var subscriber: DetachedSubscriber<Int>?

  var isAlive: Bool { subscriber != nil }
}

/// Subscribes a new `DetachedSubscriber` to the operator that `make` builds
/// on `publisher`, keeping no strong reference to it: only what the
/// operator schedules can keep it alive.
private func subscribeDetached<P: Publisher>(
  to publisher: DetachedPublisher<Int>,
  _ make: (DetachedPublisher<Int>) -> P
) -> WatchedSubscriber where P.Output == Int, P.Failure == Never {
  let log = EventLog()
  let subscriber = DetachedSubscriber<Int>(log: log)
  make(publisher).subscribe(subscriber)
  return WatchedSubscriber(log: log, subscriber: subscriber)
}

/// A subscriber that requests `.unlimited` and keeps no reference to its
/// subscription; it writes its events to a log that outlives it.
private final class DetachedSubscriber<Input>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: its only state is the log, itself Sendable.
  typealias Failure = Never

  private let log: EventLog

  init(log: EventLog) {
    self.log = log
  }

  func receive(subscription: any Subscription) {
    log.append("subscription")
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    log.append("\(input)")
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    log.append("finished")
  }
}

/// A publisher that sends `values` (and `.finished` if `finishes`) as soon
/// as it is subscribed, then forgets its subscriber: it keeps nothing alive.
private struct DetachedPublisher<Output>: Publisher {
  typealias Failure = Never

  let values: [Output]
  let finishes: Bool

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: Subscriptions.empty)
    for value in values {
      _ = subscriber.receive(value)
    }
    if finishes {
      subscriber.receive(completion: .finished)
    }
  }
}
