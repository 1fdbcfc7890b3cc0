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
  @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
  /// States (`Phase`):
  /// - `active`: following the upstream; the stored properties say how far;
  /// - `terminal`: completed or cancelled, holds nothing (every optional
  ///   property is nil).
  ///
  /// The generic parts live in stored properties beside a payload-free phase
  /// (see "Generic payloads cost code" in Docs/Internals.md), touched only
  /// under `lock`; what a transition takes out leaves the lock in a tuple and
  /// is released after it.
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Phase: UInt8 {
      case active, terminal
    }

    /// What the subscription held when it ended, released after the lock.
    private typealias Ending = (downstream: Downstream?, subscription: (any Subscription)?, upstream: Upstream?)

    private let lock = StateLock()
    @exclusivity(unchecked) private var phase = Phase.active
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var upstream: Upstream?
    /// Resubscriptions left; nil for no limit.
    @exclusivity(unchecked) private var remaining: Int?
    /// The current upstream subscription; nil between two attempts.
    @exclusivity(unchecked) private var subscription: (any Subscription)?
    /// Requested by the downstream and not yet received.
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var downstreamHasSubscription = false
    /// A subscribe loop is running on some thread.
    @exclusivity(unchecked) private var subscribing = true
    /// A failure arrived during the running subscribe call: subscribe again.
    @exclusivity(unchecked) private var needsResubscribe = false

    var description: String { "Retry" }

    /// Shows no children, as Combine's `retry`.
    var customMirror: Mirror { Mirror(childless: self) }

    init(_ downstream: Downstream, upstream: Upstream, retries: Int?) {
      self.downstream = downstream
      self.upstream = upstream
      remaining = retries.flatMap { $0 < 0 ? nil : $0 }  // negative: no limit, as in Combine
    }

    /// Runs the subscribe loop, from the first subscription to the last retry.
    func start() {
      var next: Upstream? = lock.withLock { phase == .active ? upstream : nil }
      while let upstream = next {
        upstream.subscribe(self)
        next = lock.withLock {
          guard phase == .active else { return nil }
          guard needsResubscribe else {
            subscribing = false
            return nil
          }
          needsResubscribe = false
          return self.upstream
        }
      }
    }

    /// Under the lock: the subscription is over; what it held leaves with the ending.
    private func takeEnding() -> Ending {
      phase = .terminal
      return (downstream.take(), subscription.take(), upstream.take())
    }

    // MARK: Upstream side

    func receive(subscription: any Subscription) {
      let (accepted, downstream, demand): (Bool, Downstream?, Subscribers.Demand) = lock.withLock {
        guard phase == .active, self.subscription == nil else { return (false, nil, .none) }
        self.subscription = subscription
        let downstream = downstreamHasSubscription ? nil : self.downstream
        downstreamHasSubscription = true
        return (true, downstream, self.demand)
      }
      guard accepted else {
        subscription.cancel()
        return
      }
      downstream?.receive(subscription: self)
      // Only on a resubscription can there be demand here; what the
      // downstream requests from now on goes straight to `subscription`.
      if demand > 0 {
        subscription.request(demand)
      }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let verdict: ValueVerdict<Downstream> = lock.withLock {
        guard phase == .active else { return .ignore }
        guard downstreamHasSubscription else { return .trap("a value before its subscription") }
        guard subscription != nil else { return .ignore }  // from an attempt that has failed
        guard demand > 0 else { return .trap("a value without demand") }
        demand -= 1
        return downstream.map { .forward($0) } ?? .ignore
      }
      guard let downstream = verdict.downstream(receiver: "Retry") else { return .none }
      let additional = downstream.receive(input)
      guard additional > 0 else { return .none }
      // As in Combine, the downstream's additional demand reaches the upstream
      // as a request, and `receive(_:)` returns `.none`.
      request(additional)
      return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      var resubscribe = false
      var ending: Ending = lock.withLock {
        guard phase == .active else { return (nil, nil, nil) }
        // Before the subscription: Combine does not trap, and would pass it
        // to a downstream that has no subscription yet; ignored.
        guard downstreamHasSubscription else { return (nil, nil, nil) }
        guard subscription != nil else { return (nil, nil, nil) }  // from an attempt that has failed
        switch completion {
        case .failure where remaining.map({ $0 > 0 }) ?? true:
          remaining = remaining.map { $0 - 1 }
          let loopIsRunning = subscribing
          needsResubscribe = loopIsRunning
          subscribing = true
          resubscribe = !loopIsRunning
          return (nil, subscription.take(), nil)  // the failed attempt's, released after the lock
        case .finished, .failure:
          return takeEnding()
        }
      }
      if let downstream = ending.downstream {
        downstream.receive(completion: completion)
      } else if resubscribe {
        ending = (nil, nil, nil)  // the failed subscription goes before the next attempt
        start()
      }
    }

    // MARK: Downstream side

    func request(_ demand: Subscribers.Demand) {
      // As in Combine, `.none` goes to the upstream as is: the upstream decides.
      let subscription: (any Subscription)? = lock.withLock {
        guard phase == .active else { return nil }
        self.demand += demand
        // Between two attempts, the next subscription receives it.
        return self.subscription
      }
      subscription?.request(demand)
    }

    func cancel() {
      let ending: Ending = lock.withLock {
        guard phase == .active else { return (nil, nil, nil) }
        return takeEnding()
      }
      ending.subscription?.cancel()
    }
  }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}
