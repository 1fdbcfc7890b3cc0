extension Publisher {
  /// Publishes a running accumulation: each value is folded into the last
  /// result, and every intermediate result is published.
  ///
  /// Demand passes through: each upstream element gives one result.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-B-C-|      A = f(initial, a), B = f(A, b), C = f(B, c)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value, folded with the
  ///     first upstream value.
  ///   - nextPartialResult: Called with (accumulator, value); its result is
  ///     published and becomes the new accumulator.
  /// - Returns: A publisher of each result of the closure.
  @inlinable
  public func scan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Scan<Self, T> {
    Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }

  /// Publishes a running accumulation computed by a closure that may throw;
  /// every intermediate result is published.
  ///
  /// When the closure throws, the publisher cancels the upstream and fails
  /// with the thrown error; nothing follows.
  ///
  /// ```text
  /// upstream  -a-b-c-|
  /// result    -A-x          f(A, b) throws x
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The accumulator's starting value, folded with the
  ///     first upstream value.
  ///   - nextPartialResult: Called with (accumulator, value); its result is
  ///     published and becomes the new accumulator. It may throw.
  /// - Returns: A publisher of each result of the closure, which fails with
  ///   the error the closure throws.
  @inlinable
  public func tryScan<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryScan<Self, T> {
    Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that publishes each result of a closure that combines the
  /// previous result with the next upstream element.
  public struct Scan<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The previous result passed with the first element.
    public let initialResult: Output

    /// Called with (accumulator, value); returns the next accumulator.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that publishes each result of `nextPartialResult`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Called with (accumulator, value); returns the
    ///     next accumulator.
    @inlinable
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Upstream.Failure {
      upstream.subscribe(Inner(downstream: subscriber, initialResult: initialResult, next: nextPartialResult))
    }
  }

  /// A publisher that publishes each result of an error-throwing closure
  /// that combines the previous result with the next upstream element.
  public struct TryScan<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The previous result passed with the first element.
    public let initialResult: Output

    /// Called with (accumulator, value); returns the next accumulator, or throws.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that publishes each result of `nextPartialResult`,
    /// and fails with the error it throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - initialResult: The accumulator's starting value.
    ///   - nextPartialResult: Called with (accumulator, value); returns the
    ///     next accumulator, or throws.
    @inlinable
    public init(
      upstream: Upstream,
      initialResult: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initialResult = initialResult
      self.nextPartialResult = nextPartialResult
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == any Error {
      typealias Payload = (result: Output, next: (Output, Upstream.Output) throws -> Output)
      let inner = MappingInner<Upstream.Output, Upstream.Failure, S, Payload>(
        subscriber,
        payload: (initialResult, nextPartialResult),
        name: "TryScan",
        contract: .mapping,
        keepsState: true,
        mapFailure: { $0 },
        step: { payload, input in
          payload.result = try payload.next(payload.result, input)
          return payload.result
        }
      )
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.Scan {
  /// Folds each value into the running result, and hands the upstream's own
  /// subscription to the downstream, as Combine's `scan` does: demand and
  /// cancel go straight to the upstream.
  ///
  /// States:
  /// - `awaitingSubscription(downstream, result, next)`: no upstream yet;
  /// - `subscribed(downstream, result, next)`: values flow;
  /// - `folding(downstream)`: the closure runs, outside the lock, on the
  ///   thread that received a value;
  /// - `terminal`: the upstream completed; holds nothing.
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    typealias Next = (Output, Upstream.Output) -> Output

    @usableFromInline
    enum State {
      case awaitingSubscription(Downstream, Output, Next)
      case subscribed(Downstream, Output, Next)
      case folding(Downstream)
      case terminal
    }

    @usableFromInline
    let state: Lock<State>

    @usableFromInline
    var description: String { "Scan" }

    @inlinable
    init(downstream: Downstream, initialResult: Output, next: @escaping Next) {
      state = Lock(.awaitingSubscription(downstream, initialResult, next))
    }

    @inlinable
    func receive(subscription: any Subscription) {
      let downstream = state.withLock { state -> Downstream? in
        guard case let .awaitingSubscription(downstream, result, next) = state else { return nil }
        state = .subscribed(downstream, result, next)
        return downstream
      }
      guard let downstream else {
        // A second subscription, or one after the end: not wanted.
        subscription.cancel()
        return
      }
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
      let taken = state.withLock { state -> State? in
        switch state {
        case let .subscribed(downstream, _, _):
          defer { state = .folding(downstream) }
          return state
        case .awaitingSubscription:
          // The upstream broke the contract. Combine hands the value to a
          // downstream that has no subscription yet, which breaks it again:
          // ignored, as our other operators do (Docs/ReactiveCore.md).
          return nil
        case .folding, .terminal:
          return nil  // over, or concurrent values (a broken contract): ignored
        }
      }
      guard case let .subscribed(downstream, result, next) = taken else { return .none }
      let folded = next(result, input)
      let stored = State.subscribed(downstream, folded, next)
      state.withLock { state in
        guard case .folding = state else { return }  // completed meanwhile: `stored` is dropped after the lock
        state = stored
      }
      return downstream.receive(folded)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      let ended = state.withLock { state -> State? in
        switch state {
        case .subscribed, .folding:
          defer { state = .terminal }
          return state
        case .awaitingSubscription:
          return nil  // too early: ignored (Combine hands it to a downstream without subscription)
        case .terminal:
          return .terminal
        }
      }
      switch ended {
      case let .subscribed(downstream, _, _), let .folding(downstream):
        downstream.receive(completion: completion)
      case .awaitingSubscription, .terminal, nil:
        return
      }
    }
  }
}

extension Publishers.Scan.Inner: CombineReflectable {
  /// Shows the downstream and the running result, as Combine's `scan`.
  @usableFromInline
  var customMirror: Mirror {
    let shown = state.withLock { state -> (Downstream?, Output?) in
      switch state {
      case let .awaitingSubscription(downstream, result, _), let .subscribed(downstream, result, _):
        (downstream, result)
      case let .folding(downstream): (downstream, nil)
      case .terminal: (nil, nil)
      }
    }
    return Mirror(self, children: ["downstream": shown.0 as Any, "result": mirrorChild(shown.1)])
  }
}
