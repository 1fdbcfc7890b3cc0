extension Publisher {
  /// Publishes `output` if the upstream finishes without publishing a value.
  ///
  /// Values and failures pass through unchanged. As in Combine, the operator
  /// asks its upstream for `.unlimited` once subscribed. The replacement
  /// waits for the subscriber's first demand.
  ///
  /// ```text
  /// upstream  -----|       --a--|     ---x
  /// result    -----(e|)    --a--|     ---x      e = output
  /// ```
  ///
  /// - Parameter output: The value to publish when the upstream finishes empty.
  /// - Returns: A publisher that never finishes without a value.
  @inlinable
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that publishes a value if its upstream finishes without
  /// publishing any.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The element to deliver when the upstream publisher finishes without delivering any elements.
    public let output: Upstream.Output

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// Creates a publisher that publishes `output` if `upstream` finishes empty.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - output: The element to deliver when the upstream finishes without
    ///     delivering any elements.
    @inlinable
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceEmpty {
  /// The subscription between upstream and downstream.
  ///
  /// States:
  /// - `awaitingSubscription(downstream, output)`: no upstream yet;
  /// - `subscribed(upstream, downstream, output, sawValue, sawDemand)`: values flow;
  /// - `finishedEmpty(downstream, output)`: the upstream finished without a
  ///   value before any demand: the replacement waits for the first request;
  /// - `terminal`: completed or cancelled; holds nothing.
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    // Touched only inside `state.withLock`; what leaves the lock is used only
    // by the thread that took it out, so @unchecked is sound.
    @usableFromInline
    enum State: @unchecked Sendable {
      case awaitingSubscription(Downstream, Output)
      case subscribed(any Subscription, Downstream, Output, sawValue: Bool, sawDemand: Bool)
      case finishedEmpty(Downstream, Output)
      case terminal
    }

    /// What to do after the lock.
    @usableFromInline
    enum Action: @unchecked Sendable {
      case none
      case forward(Downstream)
      case request(any Subscription)
      case complete(Downstream, Subscribers.Completion<Failure>)
      case replace(Downstream, Output)
    }

    @usableFromInline
    let state: Lock<State>

    @usableFromInline
    var description: String { "ReplaceEmpty" }

    @inlinable
    init(downstream: Downstream, output: Output) {
      state = Lock(.awaitingSubscription(downstream, output))
    }

    @inlinable
    func receive(subscription: any Subscription) {
      let action = state.withLock { state -> Action in
        switch state {
        case let .awaitingSubscription(downstream, output):
          state = .subscribed(subscription, downstream, output, sawValue: false, sawDemand: false)
          return .forward(downstream)
        case .subscribed, .finishedEmpty, .terminal:
          return .none
        }
      }
      guard case let .forward(downstream) = action else {
        subscription.cancel()  // a second subscription, or one after the end
        return
      }
      downstream.receive(subscription: self)
      // What Combine does: the upstream runs free whatever the downstream asks.
      subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribed(upstream, downstream, output, _, sawDemand):
          state = .subscribed(upstream, downstream, output, sawValue: true, sawDemand: sawDemand)
          return .forward(downstream)
        case .awaitingSubscription, .finishedEmpty, .terminal:
          return .none
        }
      }
      guard case let .forward(downstream) = action else { return .none }
      return downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribed(_, downstream, output, sawValue, sawDemand):
          switch completion {
          case .finished where !sawValue && !sawDemand:
            state = .finishedEmpty(downstream, output)
            return .none
          case .finished where !sawValue:
            state = .terminal
            return .replace(downstream, output)
          case .finished, .failure:
            state = .terminal
            return .complete(downstream, completion)
          }
        case .awaitingSubscription, .finishedEmpty, .terminal:
          return .none
        }
      }
      perform(action)
    }

    @inlinable
    func request(_ demand: Subscribers.Demand) {
      precondition(demand > 0, "API violation: demand must be greater than zero")
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribed(upstream, downstream, output, sawValue, _):
          state = .subscribed(upstream, downstream, output, sawValue: sawValue, sawDemand: true)
          return .request(upstream)
        case let .finishedEmpty(downstream, output):
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
      let ended = state.withLock { state -> State in
        defer { state = .terminal }
        return state
      }
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
  }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
