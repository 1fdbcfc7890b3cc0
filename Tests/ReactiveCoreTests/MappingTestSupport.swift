import ReactiveCore
import Testing
import TraitsTesting

// Helpers for the suites of the mapping operators (map, filter, scan…);
// `testEvents` of a `try` operator's recording is in Tests/TestSupport.

/// A publisher that never publishes, and records how each of its subscribers
/// describes itself: an operator's `Inner` reads as Combine's operator name.
final class SubscriberNameProbe<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: used by one thread, in one test.
  private(set) var subscriberNames: [String] = []

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscriberNames.append(String(describing: subscriber))
    subscriber.receive(subscription: Subscriptions.empty)
  }
}

/// An upstream that breaks the contract on purpose: it keeps its subscriber
/// after a cancel and sends whatever the test tells it, so that a test can
/// check that an operator forwards nothing once it is over.
final class UnrulyPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
  // @unchecked Sendable: used by one thread, in one test.
  private final class Cancellations: Subscription {
    var count = 0

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
      count += 1
    }
  }

  private var subscribers: [AnySubscriber<Output, Failure>] = []
  private let subscription = Cancellations()

  /// How many times its subscribers cancelled.
  var cancellations: Int { subscription.count }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    subscribers.append(AnySubscriber(subscriber))
    subscriber.receive(subscription: subscription)
  }

  func send(_ value: Output) {
    for subscriber in subscribers {
      _ = subscriber.receive(value)
    }
  }

  func send(completion: Subscribers.Completion<Failure>) {
    for subscriber in subscribers {
      subscriber.receive(completion: completion)
    }
  }
}

/// Checks that a `try` operator, once its closure throws, cancels its
/// upstream and forwards nothing more: sends `values`, then a finish, through
/// an `UnrulyPublisher` (which keeps sending after a cancel) and checks that
/// it was cancelled once. Returns the recorder, whose events the caller checks.
func expectNothingForwardedAfterTheThrownError<P: Publisher>(
  sending values: [Int] = [1, 2],
  _ make: (UnrulyPublisher<Int, Never>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = UnrulyPublisher<Int, Never>()
  let recorder = make(upstream).record()
  for value in values {
    upstream.send(value)
  }
  upstream.send(completion: .finished)
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  return recorder
}

/// Checks that a `try` operator whose closure throws for 2 fails with the
/// thrown error and cancels its upstream, which keeps no subscriber: sends
/// 1 then 2. Returns the recorder, whose events the caller checks.
func expectFailsWithTheThrownErrorAndCancelsTheUpstream<P: Publisher>(
  _ make: (TestPublisher<Int, Never>) -> P,
  sourceLocation: SourceLocation = #_sourceLocation
) -> RecordingSubscriber<P.Output, P.Failure> {
  let upstream = TestPublisher<Int, Never>()
  let recorder = make(upstream).record()
  upstream.send(1)
  upstream.send(2)
  #expect(upstream.cancellations == 1, sourceLocation: sourceLocation)
  #expect(!upstream.hasSubscribers, sourceLocation: sourceLocation)
  return recorder
}
