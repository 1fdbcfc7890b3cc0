import Synchronization

/// A publisher you feed by hand: whatever code holds it calls ``send(_:)``
/// and ``send(completion:)``, and its subscribers receive what was sent.
///
/// Subjects are the bridge from imperative code (a delegate callback, a
/// button handler) to a stream.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  /// Publishes the given value to the current subscribers.
  func send(_ value: Output)

  /// Ends the stream for every subscriber, present and future.
  ///
  /// - Parameter completion: `.finished`, or `.failure` with the error.
  func send(completion: Subscribers.Completion<Failure>)

  /// Receives the subscription of an upstream publisher that feeds this
  /// subject (`upstream.subscribe(subject)`), so that the subject can ask it
  /// for values.
  ///
  /// - Parameter subscription: The upstream's subscription.
  func send(subscription: any Subscription)
}

extension Subject where Output == Void {
  /// Shorthand for `send(())`, for subjects whose values carry no data:
  /// only the fact that something happened.
  @_alwaysEmitIntoClient
  public func send() {
    send(())
  }
}

extension Publisher {
  /// Feeds this publisher's values and completion into `subject`.
  ///
  /// The subject receives this publisher's subscription and requests from it
  /// once one of its own subscribers has demand; it then receives every value
  /// and the completion.
  ///
  /// The attachment does not keep the subject alive: when the subject is
  /// deallocated, it cancels this publisher's subscription.
  ///
  /// - Parameter subject: The subject to feed.
  /// - Returns: A cancellable that cancels this publisher's subscription.
  public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where Failure == S.Failure, Output == S.Output {
    let subscriber = SubjectSubscriber(subject)
    subscribe(subscriber)
    return AnyCancellable(subscriber)
  }
}

/// Forwards a publisher's events to a subject, and is the subscription the
/// subject sees: the subject's requests reach the upstream through it.
///
/// It holds the subject weakly, as Combine does: attaching a subject to a
/// publisher does not keep the subject alive. A subject that nobody keeps
/// (neither its owner nor one of its live subscriptions) is deallocated, and
/// then cancels this subscription, and with it the upstream.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible {
  typealias Input = Downstream.Output
  typealias Failure = Downstream.Failure

  /// The payload: a weak reference, dropped on completion and on cancel.
  struct WeakSubject {
    weak var subject: Downstream?
  }

  /// The life cycle and the subject it forwards to, under one lock.
  private struct State {
    var lifecycle = SubscriberLifecycle()
    var subject: WeakSubject?
  }

  private let state: Lock<State>

  var description: String { "Subject" }

  init(_ subject: Downstream) {
    state = Lock(State(subject: WeakSubject(subject: subject)))
  }

  func receive(subscription: any Subscription) {
    let (action, subject) = state.withLock { state -> (SubscriberLifecycle.SubscriptionAction, Downstream?) in
      let action = state.lifecycle.receive(subscription: subscription)
      guard case .accept = action else { return (action, nil) }
      guard let subject = state.lifecycle.active(state.subject)?.subject else {
        _ = state.lifecycle.cancel(releasing: &state.subject)  // the subject is gone: end here; cancel after the lock
        return (action, nil)
      }
      return (action, subject)
    }
    switch (action, subject) {
    case let (.accept, subject?):
      subject.send(subscription: self)
    case let (.accept(subscription), nil), let (.reject(subscription), _):
      subscription.cancel()
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { $0.lifecycle.active($0.subject)?.subject }?.send(input)
    return .none
  }

  /// A completion before the subscription is ignored, as in Combine: the
  /// subject is not completed by an upstream that has not subscribed it.
  func receive(completion: Subscribers.Completion<Failure>) {
    state.withLock { $0.lifecycle.completeIfSubscribed(releasing: &$0.subject)?.subject }?.send(completion: completion)
  }

  func request(_ demand: Subscribers.Demand) {
    let upstream = state.withLock { $0.lifecycle.subscription }
    upstream?.request(demand)
  }

  func cancel() {
    let (subscription, _) = state.withLock { $0.lifecycle.cancel(releasing: &$0.subject) }
    subscription?.cancel()
  }
}

extension SubjectSubscriber: CombineReflectable {
  /// Shows the subject (as `downstreamSubject` and `subject`, nil once it is
  /// gone or the stream is over) and the upstream subscription, as Combine's.
  var customMirror: Mirror {
    let (subject, upstream) = state.withLock { ($0.subject?.subject, $0.lifecycle.subscription) }
    return Mirror(
      self,
      children: [
        "downstreamSubject": subject as Any, "upstreamSubscription": upstream as Any, "subject": subject as Any,
      ]
    )
  }
}
