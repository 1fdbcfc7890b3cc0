public import ReactiveCore

extension MaybePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome.
  ///
  /// The closure runs exactly once, when the publisher completes: with
  /// `.success(value)` if a value came before `.finished`, with `.finished`
  /// if none did, or with `.failure(error)`. It never runs after the
  /// returned cancellable is cancelled, and it is released after completion
  /// or cancellation, so it may capture the owner of the cancellable.
  ///
  /// ```swift
  /// let cancellable = cachedAvatar(for: user).sinkMaybe { outcome in
  ///   switch outcome {
  ///   case let .success(image): show(image)
  ///   case .finished: showPlaceholder()
  ///   case let .failure(error): report(error)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter receive: The closure to run with the outcome.
  /// - Returns: A cancellable that ends the subscription when cancelled or deinitialized.
  public func sinkMaybe(receive: @escaping (MaybeResult<Output, Failure>) -> Void) -> AnyCancellable {
    let sink = MaybeSink<Output, Failure>(receive)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

/// The subscriber behind `sinkMaybe(receive:)`: it keeps the value until
/// the completion says which outcome it was.
///
/// States:
/// - `awaitingSubscription(receive)`: created;
/// - `subscribed(subscription, receive, value)`: subscribed, with the value received so far;
/// - `terminal`: completed or cancelled; holds nothing.
private final class MaybeSink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: the only mutable state is under `state`'s lock.
  typealias Receive = (MaybeResult<Input, Failure>) -> Void

  private enum State: @unchecked Sendable {
    case awaitingSubscription(Receive)
    case subscribed(any Subscription, Receive, value: Input?)
    case terminal
  }

  private let state: Lock<State>

  var description: String { "SinkMaybe" }

  init(_ receive: @escaping Receive) {
    state = Lock(.awaitingSubscription(receive))
  }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard case let .awaitingSubscription(receive) = state else { return false }
      state = .subscribed(subscription, receive, value: nil)
      return true
    }
    if accepted {
      subscription.request(.unlimited)
    } else {
      subscription.cancel()  // a second subscription, or one after the end
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { state in
      // A maybe publisher publishes at most one value: keep the first.
      if case let .subscribed(subscription, receive, nil) = state {
        state = .subscribed(subscription, receive, value: input)
      }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let ending = state.withLock { state -> (Receive, Input?)? in
      defer { state = .terminal }
      switch state {
      case let .awaitingSubscription(receive): return (receive, nil)
      case let .subscribed(_, receive, value): return (receive, value)
      case .terminal: return nil
      }
    }
    guard let (receive, value) = ending else { return }
    switch completion {
    case .finished:
      receive(value.map { .success($0) } ?? .finished)
    case let .failure(error):
      receive(.failure(error))
    }
  }

  func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .terminal }
      return state
    }
    if case let .subscribed(subscription, _, _) = previous {
      subscription.cancel()
    }
    _ = previous  // the closure is released here, after the lock
  }
}
