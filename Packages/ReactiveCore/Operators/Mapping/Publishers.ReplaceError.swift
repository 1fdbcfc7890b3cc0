extension Publisher {
  /// Replaces any error in the stream with the provided element.
  ///
  /// On an upstream failure the publisher publishes `output`, then
  /// finishes; if its subscriber has no demand left at that moment, the
  /// element waits for the next request.
  ///
  /// ```text
  /// upstream  -a-b-x
  /// result    -a-b-(e|)      e = output
  /// ```
  ///
  /// - Parameter output: An element to emit when the upstream publisher fails.
  /// - Returns: A publisher that replaces an error from the upstream
  ///   publisher with the provided output element.
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that replaces any error in the stream with a provided element.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Never

    /// The element with which to replace errors from the upstream publisher.
    public let output: Upstream.Output

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// Creates a publisher that replaces an upstream failure with `output`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - output: The element with which to replace errors from the upstream publisher.
    @inlinable
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.subscribe(Inner(downstream: subscriber, output: output))
    }
  }
}

extension Publishers.ReplaceError {
  /// The subscription between upstream and downstream; it counts the
  /// downstream's demand, to know whether the replacement may go at once.
  ///
  /// States:
  /// - `awaitingSubscription(downstream, output)`: no upstream yet;
  /// - `subscribed(upstream, downstream, output, demand)`: values flow;
  ///   `demand` is what the downstream asked for and has not received;
  /// - `failedAwaitingDemand(downstream, output)`: the upstream failed when
  ///   the downstream had no demand: the replacement waits for a request;
  /// - `terminal`: completed or cancelled; holds nothing.
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
  where Downstream.Input == Upstream.Output, Downstream.Failure == Never {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    // Touched only inside `state.withLock`; what leaves the lock is used only
    // by the thread that took it out, so @unchecked is sound.
    @usableFromInline
    enum State: @unchecked Sendable {
      case awaitingSubscription(Downstream, Output)
      case subscribed(any Subscription, Downstream, Output, demand: Subscribers.Demand)
      case failedAwaitingDemand(Downstream, Output)
      case terminal
    }

    /// What to do after the lock.
    @usableFromInline
    enum Action: @unchecked Sendable {
      case none
      case forward(Downstream)
      case request(any Subscription)
      case finish(Downstream)
      case replace(Downstream, Output)
    }

    @usableFromInline
    let state: Lock<State>

    @usableFromInline
    var description: String { "ReplaceError" }

    @inlinable
    init(downstream: Downstream, output: Output) {
      state = Lock(.awaitingSubscription(downstream, output))
    }

    @inlinable
    func receive(subscription: any Subscription) {
      let action = state.withLock { state -> Action in
        switch state {
        case let .awaitingSubscription(downstream, output):
          state = .subscribed(subscription, downstream, output, demand: .none)
          return .forward(downstream)
        case .subscribed, .failedAwaitingDemand, .terminal:
          return .none
        }
      }
      guard case let .forward(downstream) = action else {
        subscription.cancel()  // a second subscription, or one after the end
        return
      }
      downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribed(upstream, downstream, output, demand):
          state = .subscribed(upstream, downstream, output, demand: demand - 1)
          return .forward(downstream)
        case .awaitingSubscription, .failedAwaitingDemand, .terminal:
          return .none
        }
      }
      guard case let .forward(downstream) = action else { return .none }
      let additional = downstream.receive(input)
      guard additional > 0 else { return .none }
      state.withLock { state in
        if case let .subscribed(upstream, downstream, output, demand) = state {
          state = .subscribed(upstream, downstream, output, demand: demand + additional)
        }
      }
      return additional
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      let action = state.withLock { state -> Action in
        switch state {
        case let .subscribed(_, downstream, output, demand):
          switch completion {
          case .finished:
            state = .terminal
            return .finish(downstream)
          case .failure where demand == .none:
            state = .failedAwaitingDemand(downstream, output)
            return .none
          case .failure:
            state = .terminal
            return .replace(downstream, output)
          }
        case .awaitingSubscription, .failedAwaitingDemand, .terminal:
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
        case let .subscribed(upstream, downstream, output, pending):
          state = .subscribed(upstream, downstream, output, demand: pending + demand)
          return .request(upstream)
        case let .failedAwaitingDemand(downstream, output):
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
      if case let .subscribed(upstream, _, _, _) = ended {
        upstream.cancel()
      }
      // Downstream and output are released here, after the lock.
    }

    @inlinable
    func perform(_ action: Action) {
      switch action {
      case let .finish(downstream):
        downstream.receive(completion: .finished)
      case let .replace(downstream, output):
        _ = downstream.receive(output)
        downstream.receive(completion: .finished)
      case .none, .forward, .request:
        break
      }
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
