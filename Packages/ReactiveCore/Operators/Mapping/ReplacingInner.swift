/// The subscription of the operators that end with a replacement value,
/// `replaceEmpty(with:)` and `replaceError(with:)`: ``Kind`` says which end
/// calls for the replacement. It counts the downstream's demand, to know
/// whether the replacement may go at once or must wait for a request.
///
/// States:
/// - `awaitingSubscription(downstream, output)`: no upstream yet;
/// - `subscribed(upstream, downstream, output, demand, sawValue)`: values
///   flow; `demand` is what the downstream asked for and has not received;
/// - `awaitingDemand(downstream, output)`: the upstream ended in a way that
///   calls for the replacement, before any demand: it waits for the first
///   request;
/// - `terminal`: completed or cancelled; holds nothing.
@usableFromInline
final class ReplacingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Input {
  @usableFromInline
  typealias Failure = UpstreamFailure

  /// Which end of the upstream calls for the replacement.
  @usableFromInline
  enum Kind: Sendable {
    /// `replaceEmpty(with:)`: finishing without a value. The upstream runs
    /// free, and a failure passes through (`Downstream.Failure` is
    /// `UpstreamFailure`).
    case empty
    /// `replaceError(with:)`: any failure. The downstream's demand goes to
    /// the upstream as is (`Downstream.Failure` is `Never`).
    case error
  }

  @usableFromInline
  enum State {
    case awaitingSubscription(Downstream, Input)
    case subscribed(any Subscription, Downstream, Input, demand: Subscribers.Demand, sawValue: Bool)
    case awaitingDemand(Downstream, Input)
    case terminal
  }

  /// What to do after the lock.
  @usableFromInline
  enum Action {
    case none
    case forward(Downstream)
    case request(any Subscription)
    case complete(Downstream, Subscribers.Completion<Downstream.Failure>)
    case replace(Downstream, Input)
  }

  @usableFromInline
  let kind: Kind

  @usableFromInline
  let state: Lock<State>

  @usableFromInline
  var description: String {
    switch kind {
    case .empty: "ReplaceEmpty"
    case .error: "ReplaceError"
    }
  }

  @inlinable
  init(kind: Kind, downstream: Downstream, output: Input) {
    self.kind = kind
    state = Lock(.awaitingSubscription(downstream, output))
  }

  @inlinable
  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .awaitingSubscription(downstream, output):
        state = .subscribed(subscription, downstream, output, demand: .none, sawValue: false)
        return .forward(downstream)
      case .subscribed, .awaitingDemand, .terminal:
        return .none
      }
    }
    guard case let .forward(downstream) = action else {
      subscription.cancel()  // a second subscription, or one after the end
      return
    }
    downstream.receive(subscription: self)
    if kind == .empty {
      // What Combine does: the upstream runs free whatever the downstream asks.
      subscription.request(.unlimited)
    }
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    var unwanted = false
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(upstream, downstream, output, demand, _):
        // `replaceError` passes on the downstream's demand, so a value beyond it
        // is the upstream's fault; `replaceEmpty` asked for `.unlimited`.
        unwanted = kind == .error && demand == .none
        state = .subscribed(upstream, downstream, output, demand: demand - 1, sawValue: true)
        return .forward(downstream)
      case .awaitingSubscription, .awaitingDemand, .terminal:
        return .none
      }
    }
    // Combine traps here too (its demand count would go negative).
    precondition(!unwanted, "API violation: \(description) received a value without demand")
    guard case let .forward(downstream) = action else { return .none }
    let additional = downstream.receive(input)
    guard additional > 0 else { return .none }
    state.withLock { state in
      if case let .subscribed(upstream, downstream, output, demand, sawValue) = state {
        state = .subscribed(upstream, downstream, output, demand: demand + additional, sawValue: sawValue)
      }
    }
    return additional
  }

  @inlinable
  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(_, downstream, output, demand, sawValue):
        let replaces: Bool
        switch (kind, completion) {
        case (.empty, .finished): replaces = !sawValue
        case (.error, .failure): replaces = true
        case (.empty, .failure), (.error, .finished): replaces = false
        }
        guard replaces else {
          state = .terminal
          return .complete(downstream, Self.passedThrough(completion))
        }
        if demand == .none {
          state = .awaitingDemand(downstream, output)
          return .none
        }
        state = .terminal
        return .replace(downstream, output)
      case .awaitingSubscription, .awaitingDemand, .terminal:
        return .none
      }
    }
    perform(action)
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let action = state.withLock { state -> Action in
      switch state {
      case let .subscribed(upstream, downstream, output, pending, sawValue):
        state = .subscribed(upstream, downstream, output, demand: pending + demand, sawValue: sawValue)
        return .request(upstream)
      case let .awaitingDemand(downstream, output):
        state = .terminal
        return .replace(downstream, output)
      case .awaitingSubscription, .terminal:
        return .none
      }
    }
    if case let .request(upstream) = action {
      upstream.request(demand)
    } else {
      perform(action)
    }
  }

  @inlinable
  func cancel() {
    let ended = state.exchange(.terminal)
    if case let .subscribed(upstream, _, _, _, _) = ended {
      upstream.cancel()
    }
    // Downstream and output are released here, after the lock.
  }

  @inlinable
  func perform(_ action: Action) {
    switch action {
    case let .complete(downstream, completion):
      downstream.receive(completion: completion)
    case let .replace(downstream, output):
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    case .none, .forward, .request:
      break
    }
  }

  /// A completion that is not replaced: `.finished`, or, for `.empty` only,
  /// a failure, where `Downstream.Failure` is `UpstreamFailure`.
  @inlinable
  static func passedThrough(
    _ completion: Subscribers.Completion<UpstreamFailure>
  ) -> Subscribers.Completion<Downstream.Failure> {
    switch completion {
    case .finished: .finished
    // Always succeeds: only `.empty` passes a failure through.
    case let .failure(error): .failure(error as! Downstream.Failure)
    }
  }
}

extension ReplacingInner: CombineReflectable {
  /// Shows no children, as Combine's `replaceEmpty(with:)` and `replaceError(with:)`.
  @usableFromInline
  var customMirror: Mirror { Mirror(childless: self) }
}
