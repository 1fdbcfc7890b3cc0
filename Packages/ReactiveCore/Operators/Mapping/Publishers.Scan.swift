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
  @_alwaysEmitIntoClient
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
  @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
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
  /// States (`Phase`), and what each keeps in the stored properties (the
  /// others are nil):
  /// - `awaitingSubscription`: `downstream`, `parts` (result and closure);
  ///   no upstream yet;
  /// - `subscribed`: `downstream`, `parts`; values flow;
  /// - `folding`: `downstream`; the closure runs, outside the lock, on the
  ///   thread that received a value;
  /// - `terminal`: the upstream completed; holds nothing.
  ///
  /// The generic parts live in stored properties beside a payload-free phase
  /// (see "Generic payloads cost code" in Docs/Internals.md), touched only
  /// under `lock`; what a transition takes out leaves the lock in a tuple and
  /// is released after it.
  @usableFromInline
  final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    typealias Next = (Output, Upstream.Output) -> Output

    /// The running result and the closure that folds a value into it.
    @usableFromInline
    typealias Parts = (result: Output, next: Next)

    @usableFromInline
    enum Phase: UInt8 {
      case awaitingSubscription, subscribed, folding, terminal
    }

    @usableFromInline
    let lock = StateLock()
    @usableFromInline
    @exclusivity(unchecked) var phase = Phase.awaitingSubscription
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var parts: Parts?

    @usableFromInline
    var description: String { "Scan" }

    @inlinable
    init(downstream: Downstream, initialResult: Output, next: @escaping Next) {
      self.downstream = downstream
      parts = (initialResult, next)
    }

    @inlinable
    func receive(subscription: any Subscription) {
      let downstream: Downstream? = lock.withLock {
        guard phase == .awaitingSubscription else { return nil }
        phase = .subscribed
        return self.downstream
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
      // Before the subscription, the upstream broke the contract. Combine
      // hands the value to a downstream that has no subscription yet, which
      // breaks it again: ignored, as our other operators do
      // (Docs/ReactiveCore.md). While folding (concurrent values, a broken
      // contract) or after the end: ignored too.
      let taken: (Downstream, Parts)? = lock.withLock {
        guard phase == .subscribed, let downstream, let parts = parts.take() else { return nil }
        phase = .folding
        return (downstream, parts)
      }
      guard let (downstream, (result, next)) = taken else { return .none }
      let folded = next(result, input)
      var stored: Parts? = (folded, next)
      lock.withLock {
        guard phase == .folding else { return }  // completed meanwhile: `stored` is dropped after the lock
        phase = .subscribed
        parts = stored.take()
      }
      _ = stored
      return downstream.receive(folded)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
      let ended: (downstream: Downstream?, parts: Parts?) = lock.withLock {
        switch phase {
        case .subscribed, .folding:
          phase = .terminal
          return (downstream.take(), parts.take())
        case .awaitingSubscription:
          return (nil, nil)  // too early: ignored (Combine hands it to a downstream without subscription)
        case .terminal:
          return (nil, nil)
        }
      }
      ended.downstream?.receive(completion: completion)
    }
  }
}

extension Publishers.Scan.Inner: CombineReflectable {
  /// Shows the downstream and the running result, as Combine's `scan`.
  @usableFromInline
  var customMirror: Mirror {
    let shown: (Downstream?, Output?) = lock.withLock { (downstream, parts?.result) }
    return Mirror(self, children: ["downstream": shown.0 as Any, "result": mirrorChild(shown.1)])
  }
}
