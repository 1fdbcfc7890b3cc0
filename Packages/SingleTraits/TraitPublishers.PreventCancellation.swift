public import MaybeTraits
import SharedMachinery

extension MaybePublisher {
  /// Returns a publisher that publishes the same value and completion as
  /// this publisher, and lets this publisher run to completion even if the
  /// subscription is cancelled.
  ///
  /// This publisher is subscribed, with unlimited demand, as soon as the
  /// returned publisher is: its work starts at once, as a `Future`'s does.
  /// The value waits for the subscriber's demand. After cancellation, the
  /// subscriber receives nothing more, but this publisher is not cancelled:
  /// its value and completion are dropped when they come.
  ///
  /// ```text
  /// upstream  ----a|       ----a|
  /// result    ----a|       --^         ^ = cancelled; the upstream still completes
  /// ```
  ///
  /// ```swift
  /// // The save completes even if the screen that started it goes away.
  /// cancellable = savePublisher(model).preventCancellation().sinkSingle { ... }
  /// ```
  ///
  /// - Returns: A publisher with this publisher's trait (maybe or single).
  @inlinable
  public func preventCancellation() -> TraitPublishers.PreventCancellation<Self> {
    TraitPublishers.PreventCancellation(upstream: self)
  }
}

extension TraitPublishers {
  /// A publisher that lets its upstream run to completion even if its
  /// subscription is cancelled. See
  /// ``MaybeTraits/MaybePublisher/preventCancellation()``.
  public struct PreventCancellation<Upstream: MaybePublisher>: MaybePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher that runs to completion.
    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(PreventCancellationInner(subscriber))
    }
  }
}

extension TraitPublishers.PreventCancellation: SinglePublisher where Upstream: SinglePublisher {}

/// The subscription behind `preventCancellation()`.
///
/// It asks the upstream for `.unlimited` as soon as it is subscribed, and
/// never cancels it: it keeps the upstream subscription until the upstream
/// completes, even after the downstream cancels.
///
/// States:
/// - `awaitingSubscription(downstream)`: created;
/// - `running(downstream, upstream, value, demanded)`: subscribed, with the value received so far;
/// - `finishedWithValue(downstream, value)`: the upstream finished; the value waits for demand;
/// - `detached(upstream)`: the downstream cancelled; the upstream runs on, kept alive until it completes;
/// - `terminal`: completed; holds nothing.
private final class PreventCancellationInner<Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  private enum State {
    case awaitingSubscription(Downstream)
    case running(Downstream, any Subscription, value: Input?, demanded: Bool)
    case finishedWithValue(Downstream, Input)
    case detached(any Subscription)
    case terminal
  }

  /// What to do once the lock is released.
  private enum Action {
    case none
    case deliver(Downstream, Input)
    case complete(Downstream, Subscribers.Completion<Failure>)
    case release(State)
  }

  private let state: Lock<State>

  var description: String { "PreventCancellation" }

  init(_ downstream: Downstream) {
    state = Lock(.awaitingSubscription(downstream))
  }

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .awaitingSubscription(downstream) = state else { return nil }
      state = .running(downstream, subscription, value: nil, demanded: false)
      return downstream
    }
    guard let downstream else {
      subscription.cancel()  // a second subscription
      return
    }
    downstream.receive(subscription: self)
    subscription.request(.unlimited)  // the upstream runs, demanded or not
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    state.withLock { state in
      // A maybe publisher publishes at most one value: keep the first.
      if case let .running(downstream, subscription, nil, demanded) = state {
        state = .running(downstream, subscription, value: input, demanded: demanded)
      }
      // .detached: nobody wants the value any more; it is dropped.
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .running(downstream, _, value, demanded):
        switch (completion, value) {
        case let (.finished, .some(value)) where !demanded:
          state = .finishedWithValue(downstream, value)
          return .none
        case let (.finished, .some(value)):
          state = .terminal
          return .deliver(downstream, value)
        case (.finished, nil), (.failure, _):
          state = .terminal
          return .complete(downstream, completion)
        }
      case .detached:
        // The upstream is done: its subscription is released after the lock.
        defer { state = .terminal }
        return .release(state)
      case .awaitingSubscription, .finishedWithValue, .terminal:
        return .none  // an upstream that broke the contract: ignored
      }
    }
    perform(action)
  }

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let action = state.withLock { state -> Action in
      switch state {
      case let .running(downstream, subscription, value, false):
        state = .running(downstream, subscription, value: value, demanded: true)
        return .none
      case let .finishedWithValue(downstream, value):
        state = .terminal
        return .deliver(downstream, value)
      case .awaitingSubscription, .running, .detached, .terminal:
        return .none  // already demanded, or over
      }
    }
    perform(action)
  }

  func cancel() {
    let action = state.withLock { state -> Action in
      switch state {
      case let .running(_, subscription, _, _):
        // The upstream is not cancelled: it keeps this object until it completes.
        defer { state = .detached(subscription) }
        return .release(state)
      case .finishedWithValue:
        defer { state = .terminal }
        return .release(state)
      case .awaitingSubscription, .detached, .terminal:
        return .none
      }
    }
    perform(action)
  }

  private func perform(_ action: Action) {
    switch action {
    case let .deliver(downstream, value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case let .complete(downstream, completion):
      downstream.receive(completion: completion)
    case .none, .release:
      break  // what `.release` holds is released here, after the lock
    }
  }
}
