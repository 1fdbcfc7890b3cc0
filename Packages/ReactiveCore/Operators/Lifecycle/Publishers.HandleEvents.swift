extension Publisher {
  /// Lets every event through unchanged, and calls your closures as they
  /// pass: a tap for side effects such as logging.
  ///
  /// Each closure runs before the event goes on: `receiveSubscription` with
  /// the upstream's subscription, before the downstream receives its own;
  /// `receiveOutput` before each value; `receiveCompletion` before the
  /// completion; `receiveCancel` before the cancel reaches the upstream;
  /// `receiveRequest` before a request reaches the upstream, and also with
  /// the additional demand the downstream returns for a value. After the
  /// completion or a cancel, the closures are released and run no more.
  ///
  /// ```text
  /// upstream  -a-b-|
  /// result    -a-b-|     (receiveOutput sees a, b; receiveCompletion sees |)
  /// ```
  ///
  /// - Parameters:
  ///   - receiveSubscription: Runs when the upstream gives its subscription.
  ///   - receiveOutput: Runs with each value from the upstream.
  ///   - receiveCompletion: Runs when the upstream completes.
  ///   - receiveCancel: Runs when the downstream cancels.
  ///   - receiveRequest: Runs with each demand the downstream requests.
  /// - Returns: The same events, seen first by the closures.
  @_alwaysEmitIntoClient
  public func handleEvents(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveOutput: ((Output) -> Void)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
    receiveCancel: (() -> Void)? = nil,
    receiveRequest: ((Subscribers.Demand) -> Void)? = nil
  ) -> Publishers.HandleEvents<Self> {
    Publishers.HandleEvents(
      upstream: self,
      receiveSubscription: receiveSubscription,
      receiveOutput: receiveOutput,
      receiveCompletion: receiveCompletion,
      receiveCancel: receiveCancel,
      receiveRequest: receiveRequest
    )
  }
}

extension Publishers {
  /// The publisher returned by `handleEvents`: the upstream's events,
  /// unchanged, each seen first by a closure.
  public struct HandleEvents<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Runs when the upstream gives its subscription.
    public var receiveSubscription: ((any Subscription) -> Void)?

    /// Runs with each value from the upstream.
    public var receiveOutput: ((Upstream.Output) -> Void)?

    /// Runs when the upstream completes.
    public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?

    /// Runs when the downstream cancels.
    public var receiveCancel: (() -> Void)?

    /// Runs with each demand the downstream requests or returns.
    public var receiveRequest: ((Subscribers.Demand) -> Void)?

    /// Creates a publisher that calls the given closures on `upstream`'s events.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - receiveSubscription: Runs when the upstream gives its subscription.
    ///   - receiveOutput: Runs with each value from the upstream.
    ///   - receiveCompletion: Runs when the upstream completes.
    ///   - receiveCancel: Runs when the downstream cancels.
    ///   - receiveRequest: Runs with each demand the downstream requests or returns.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      receiveSubscription: ((any Subscription) -> Void)? = nil,
      receiveOutput: ((Upstream.Output) -> Void)? = nil,
      receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
      receiveCancel: (() -> Void)? = nil,
      receiveRequest: ((Subscribers.Demand) -> Void)?
    ) {
      self.upstream = upstream
      self.receiveSubscription = receiveSubscription
      self.receiveOutput = receiveOutput
      self.receiveCompletion = receiveCompletion
      self.receiveCancel = receiveCancel
      self.receiveRequest = receiveRequest
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(Inner(subscriber, hooks: Hooks(self)))
    }
  }
}

extension Publishers.HandleEvents {
  /// The closures, copied from the publisher for one subscription.
  private struct Hooks {
    let receiveSubscription: ((any Subscription) -> Void)?
    let receiveOutput: ((Upstream.Output) -> Void)?
    let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
    let receiveCancel: (() -> Void)?
    let receiveRequest: ((Subscribers.Demand) -> Void)?

    init(_ publisher: Publishers.HandleEvents<Upstream>) {
      receiveSubscription = publisher.receiveSubscription
      receiveOutput = publisher.receiveOutput
      receiveCompletion = publisher.receiveCompletion
      receiveCancel = publisher.receiveCancel
      receiveRequest = publisher.receiveRequest
    }
  }

  /// States (`Phase`), and what each keeps in the stored properties (the
  /// others are nil):
  /// - `awaitingSubscription`: `downstream`, `hooks`; created, no upstream
  ///   subscription yet;
  /// - `subscribed`: `subscription` (the upstream's), `downstream`, `hooks`;
  /// - `terminal`: completed or cancelled, holds nothing (hooks released).
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
      case awaitingSubscription, subscribed, terminal
    }

    /// What the subscription held when it ended, released after the lock.
    private typealias Ending = (downstream: Downstream?, subscription: (any Subscription)?, hooks: Hooks?)

    private let lock = StateLock()
    @exclusivity(unchecked) private var phase = Phase.awaitingSubscription
    @exclusivity(unchecked) private var subscription: (any Subscription)?
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var hooks: Hooks?

    var description: String { "HandleEvents" }

    /// Shows no children, as Combine's `handleEvents`.
    var customMirror: Mirror { Mirror(childless: self) }

    init(_ downstream: Downstream, hooks: Hooks) {
      self.downstream = downstream
      self.hooks = hooks
    }

    /// Under the lock: the subscription is over; what it held leaves with the ending.
    private func takeEnding() -> Ending {
      phase = .terminal
      return (downstream.take(), subscription.take(), hooks.take())
    }

    func receive(subscription: any Subscription) {
      let (downstream, hooks): (Downstream?, Hooks?) = lock.withLock {
        switch phase {
        case .awaitingSubscription:
          phase = .subscribed
          self.subscription = subscription
          return (self.downstream, self.hooks)
        case .subscribed:
          return (nil, self.hooks)
        case .terminal:
          return (nil, nil)
        }
      }
      // Combine shows every subscription to the hook, even one it cancels.
      hooks?.receiveSubscription?(subscription)
      guard let downstream else {
        subscription.cancel()
        return
      }
      downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let (downstream, hooks): (Downstream?, Hooks?) = lock.withLock {
        phase == .subscribed ? (self.downstream, self.hooks) : (nil, nil)
      }
      guard let downstream, let hooks else { return .none }
      hooks.receiveOutput?(input)
      let additional = downstream.receive(input)
      if additional > 0 {
        let hooks: Hooks? = lock.withLock { self.hooks }  // nil once over
        hooks?.receiveRequest?(additional)
      }
      return additional
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let ending: Ending = lock.withLock {
        guard phase != .terminal else { return (nil, nil, nil) }
        return takeEnding()
      }
      guard let downstream = ending.downstream, let hooks = ending.hooks else { return }
      hooks.receiveCompletion?(completion)
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      // As in Combine, `.none` reaches the hook and the upstream as is: the upstream decides.
      let (subscription, hooks): ((any Subscription)?, Hooks?) = lock.withLock {
        phase == .subscribed ? (self.subscription, self.hooks) : (nil, nil)
      }
      guard let subscription, let hooks else { return }
      hooks.receiveRequest?(demand)
      subscription.request(demand)
    }

    /// A cancel before the upstream's subscription holds: the hook sees it,
    /// as in Combine, and the subscription that comes is cancelled.
    func cancel() {
      let ending: Ending = lock.withLock {
        guard phase != .terminal else { return (nil, nil, nil) }
        return takeEnding()
      }
      ending.hooks?.receiveCancel?()
      ending.subscription?.cancel()
    }
  }
}
