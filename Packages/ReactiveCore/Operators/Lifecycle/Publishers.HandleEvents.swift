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
  @inlinable
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
    @inlinable
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

  /// States:
  /// - `awaitingSubscription`: created, no upstream subscription yet;
  /// - `subscribed`: holds the upstream subscription;
  /// - `terminal`: completed or cancelled, holds nothing (hooks released).
  private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
      case awaitingSubscription(Downstream, Hooks)
      case subscribed(any Subscription, Downstream, Hooks)
      case terminal
    }

    private enum SubscriptionAction {
      case accept(Downstream, Hooks)
      case reject(Hooks?)
    }

    private let state: Lock<State>

    var description: String { "HandleEvents" }

    /// Shows no children, as Combine's `handleEvents`.
    var customMirror: Mirror { Mirror(childless: self) }

    init(_ downstream: Downstream, hooks: Hooks) {
      state = Lock(.awaitingSubscription(downstream, hooks))
    }

    private var hooks: Hooks? {
      state.withLock { state in
        switch state {
        case let .awaitingSubscription(_, hooks), let .subscribed(_, _, hooks): hooks
        case .terminal: nil
        }
      }
    }

    func receive(subscription: any Subscription) {
      let action = state.withLock { state -> SubscriptionAction in
        switch state {
        case let .awaitingSubscription(downstream, hooks):
          state = .subscribed(subscription, downstream, hooks)
          return .accept(downstream, hooks)
        case let .subscribed(_, _, hooks):
          return .reject(hooks)
        case .terminal:
          return .reject(nil)
        }
      }
      switch action {
      case let .accept(downstream, hooks):
        hooks.receiveSubscription?(subscription)
        downstream.receive(subscription: self)
      case let .reject(hooks):
        // Combine shows every subscription to the hook, even one it cancels.
        hooks?.receiveSubscription?(subscription)
        subscription.cancel()
      }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      let taken = state.withLock { state -> (Downstream, Hooks)? in
        guard case let .subscribed(_, downstream, hooks) = state else { return nil }
        return (downstream, hooks)
      }
      guard let (downstream, hooks) = taken else { return .none }
      hooks.receiveOutput?(input)
      let additional = downstream.receive(input)
      if additional > 0 {
        self.hooks?.receiveRequest?(additional)
      }
      return additional
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      let taken = state.withLock { state -> (Downstream, Hooks)? in
        defer { state = .terminal }
        switch state {
        case let .awaitingSubscription(downstream, hooks), let .subscribed(_, downstream, hooks):
          return (downstream, hooks)
        case .terminal:
          return nil
        }
      }
      guard let (downstream, hooks) = taken else { return }
      hooks.receiveCompletion?(completion)
      downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
      // As in Combine, `.none` reaches the hook and the upstream as is: the upstream decides.
      let taken = state.withLock { state -> (any Subscription, Hooks)? in
        guard case let .subscribed(subscription, _, hooks) = state else { return nil }
        return (subscription, hooks)
      }
      guard let (subscription, hooks) = taken else { return }
      hooks.receiveRequest?(demand)
      subscription.request(demand)
    }

    /// A cancel before the upstream's subscription holds: the hook sees it,
    /// as in Combine, and the subscription that comes is cancelled.
    func cancel() {
      let taken = state.withLock { state -> State in
        defer { state = .terminal }
        return state
      }
      switch taken {
      case let .subscribed(subscription, _, hooks):
        hooks.receiveCancel?()
        subscription.cancel()
      case let .awaitingSubscription(_, hooks):
        hooks.receiveCancel?()
      case .terminal:
        break
      }
    }
  }
}
