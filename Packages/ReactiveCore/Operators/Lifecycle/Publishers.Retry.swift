extension Publisher {
  /// Resubscribes to the upstream after a failure, up to `retries` times.
  ///
  /// The downstream keeps one subscription for the whole stream. Each new
  /// upstream subscription receives the demand the downstream requested and
  /// has not yet received. Once the attempts are spent, the last failure is
  /// delivered. As in Combine, a negative `retries` resubscribes without limit.
  ///
  /// ```text
  /// attempt 1  -a-x            retry(2): the upstream, subscribed three times
  /// attempt 2     -b-x
  /// attempt 3        -c-|
  /// result     -a--b--c-|
  /// ```
  ///
  /// - Parameter retries: The number of times to resubscribe after a failure;
  ///   negative for no limit.
  /// - Returns: A publisher that resubscribes to the upstream after a failure.
  @inlinable
  public func retry(_ retries: Int) -> Publishers.Retry<Self> {
    Publishers.Retry(upstream: self, retries: retries)
  }
}

extension Publishers {
  /// A publisher that resubscribes to the upstream after a failure, up to a
  /// number of times.
  public struct Retry<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The number of times to resubscribe after a failure; nil, or a negative
    /// number, resubscribes without limit.
    public let retries: Int?

    /// Creates a publisher that resubscribes to the upstream after a failure.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - retries: The number of times to resubscribe after a failure; nil, or
    ///     a negative number, resubscribes without limit.
    @inlinable
    public init(upstream: Upstream, retries: Int?) {
      self.upstream = upstream
      self.retries = retries
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      Inner(subscriber, upstream: upstream, retries: retries).start()
    }
  }
}

extension Publishers.Retry {
  /// Follows one upstream subscription after another. The upstream is
  /// subscribed in a loop, not recursively: a failure that arrives while a
  /// subscribe call is running (an upstream that fails at once) asks the
  /// loop for one more turn.
  ///
  /// States:
  /// - `active`: following the upstream (see `Active`);
  /// - `terminal`: completed or cancelled, holds nothing.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private struct Active {
      var downstream: Downstream
      var upstream: Upstream
      /// Resubscriptions left; nil for no limit.
      var remaining: Int?
      /// The current upstream subscription; nil between two attempts.
      var subscription: (any Subscription)?
      /// Requested by the downstream and not yet received.
      var demand = Subscribers.Demand.none
      var downstreamHasSubscription = false
      /// A subscribe loop is running on some thread.
      var subscribing = true
      /// A failure arrived during the running subscribe call: subscribe again.
      var needsResubscribe = false
    }

    private enum State {
      case active(Active)
      case terminal
    }

    private let state: Lock<State>

    var description: String { "Retry" }

    /// Shows no children, as Combine's `retry`.
    var customMirror: Mirror { Mirror(childless: self) }

    init(_ downstream: Downstream, upstream: Upstream, retries: Int?) {
      let remaining = retries.flatMap { $0 < 0 ? nil : $0 }  // negative: no limit, as in Combine
      state = Lock(.active(Active(downstream: downstream, upstream: upstream, remaining: remaining)))
    }

    /// Runs the subscribe loop, from the first subscription to the last retry.
    func start() {
      var next: Upstream? = state.withLock { state in
        guard case let .active(active) = state else { return nil }
        return active.upstream
      }
      while let upstream = next {
        upstream.subscribe(self)
        next = state.withLock { state -> Upstream? in
          guard case var .active(active) = state else { return nil }
          defer { state = .active(active) }
          guard active.needsResubscribe else {
            active.subscribing = false
            return nil
          }
          active.needsResubscribe = false
          return active.upstream
        }
      }
    }

    // MARK: Upstream side

    private enum SubscriptionAction {
      case accept(Downstream?, Subscribers.Demand)
      case reject
    }

    func receive(subscription: any Subscription) {
      let action = state.withLock { state -> SubscriptionAction in
        guard case var .active(active) = state, active.subscription == nil else { return .reject }
        defer { state = .active(active) }
        active.subscription = subscription
        let downstream = active.downstreamHasSubscription ? nil : active.downstream
        active.downstreamHasSubscription = true
        return .accept(downstream, active.demand)
      }
      switch action {
      case let .accept(downstream, demand):
        downstream?.receive(subscription: self)
        // Only on a resubscription can there be demand here; what the
        // downstream requests from now on goes straight to `subscription`.
        if demand > 0 {
          subscription.request(demand)
        }
      case .reject:
        subscription.cancel()
      }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let verdict = state.withLock { state -> ValueVerdict<Downstream> in
        guard case var .active(active) = state else { return .ignore }
        guard active.downstreamHasSubscription else { return .trap("a value before its subscription") }
        guard active.subscription != nil else { return .ignore }  // from an attempt that has failed
        guard active.demand > 0 else { return .trap("a value without demand") }
        active.demand -= 1
        state = .active(active)
        return .forward(active.downstream)
      }
      guard let downstream = verdict.downstream(receiver: "Retry") else { return .none }
      let additional = downstream.receive(input)
      guard additional > 0 else { return .none }
      // As in Combine, the downstream's additional demand reaches the upstream
      // as a request, and `receive(_:)` returns `.none`.
      request(additional)
      return .none
    }

    private enum CompletionAction {
      case none
      case deliver(Downstream)
      case resubscribe
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let action = state.withLock { state -> CompletionAction in
        guard case var .active(active) = state else { return .none }
        // Before the subscription: Combine does not trap, and would pass it
        // to a downstream that has no subscription yet; ignored.
        guard active.downstreamHasSubscription else { return .none }
        guard active.subscription != nil else { return .none }  // from an attempt that has failed
        switch completion {
        case .failure where active.remaining.map({ $0 > 0 }) ?? true:
          active.remaining = active.remaining.map { $0 - 1 }
          active.subscription = nil
          let loopIsRunning = active.subscribing
          active.needsResubscribe = loopIsRunning
          active.subscribing = true
          state = .active(active)
          return loopIsRunning ? .none : .resubscribe
        case .finished, .failure:
          state = .terminal
          return .deliver(active.downstream)
        }
      }
      switch action {
      case .none:
        break
      case let .deliver(downstream):
        downstream.receive(completion: completion)
      case .resubscribe:
        start()
      }
    }

    // MARK: Downstream side

    func request(_ demand: Subscribers.Demand) {
      // As in Combine, `.none` goes to the upstream as is: the upstream decides.
      let subscription = state.withLock { state -> (any Subscription)? in
        guard case var .active(active) = state else { return nil }
        active.demand += demand
        state = .active(active)
        // Between two attempts, the next subscription receives it.
        return active.subscription
      }
      subscription?.request(demand)
    }

    func cancel() {
      let taken = state.exchange(.terminal)
      if case let .active(active) = taken {
        active.subscription?.cancel()
      }
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}
