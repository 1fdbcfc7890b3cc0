extension Publisher {
  /// On an upstream failure, switches to the publisher `handler` builds from
  /// the error, instead of failing.
  ///
  /// Values pass through until the upstream fails; `catch` then calls
  /// `handler` with the error and continues with the publisher it returns,
  /// which receives the demand the downstream requested and has not yet
  /// received. A normal completion of the upstream ends the stream.
  ///
  /// ```text
  /// upstream  -a-b-x
  /// handler        -c-|     (the returned publisher)
  /// result    -a-b--c-|
  /// ```
  ///
  /// - Parameter handler: Called at most once, with the upstream's error;
  ///   returns the publisher to continue with.
  /// - Returns: The upstream's values, then, after a failure, those of the
  ///   replacement.
  @_alwaysEmitIntoClient
  public func `catch`<NewPublisher: Publisher>(
    _ handler: @escaping (Failure) -> NewPublisher
  ) -> Publishers.Catch<Self, NewPublisher> where NewPublisher.Output == Output {
    Publishers.Catch(upstream: self, handler: handler)
  }

  /// On an upstream failure, switches to the publisher the throwing
  /// `handler` builds from the error, or fails with what it throws.
  ///
  /// Like ``catch(_:)``, with a handler that may throw: the thrown error ends
  /// the stream as a failure. The failure type becomes `any Error`.
  ///
  /// ```text
  /// upstream  -a-x
  /// handler        (throws e)
  /// result    -a-x            x = e
  /// ```
  ///
  /// - Parameter handler: Called at most once, with the upstream's error;
  ///   returns the publisher to continue with, or throws.
  /// - Returns: The upstream's values, then, after a failure, those of the
  ///   replacement, or the error `handler` threw.
  @_alwaysEmitIntoClient
  public func tryCatch<NewPublisher: Publisher>(
    _ handler: @escaping (Failure) throws -> NewPublisher
  ) -> Publishers.TryCatch<Self, NewPublisher> where NewPublisher.Output == Output {
    Publishers.TryCatch(upstream: self, handler: handler)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/catch(_:)``: the upstream, and
  /// after a failure, the replacement that `handler` builds.
  public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    public typealias Output = Upstream.Output

    public typealias Failure = NewPublisher.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Builds the replacement publisher from the upstream's error.
    public let handler: (Upstream.Failure) -> NewPublisher

    /// Creates a publisher that follows `upstream`, then, if it fails, the
    /// publisher `handler` builds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - handler: Builds the replacement publisher from the upstream's error.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = handler
      let inner = CatchInner<Upstream, NewPublisher, S>(
        subscriber,
        name: "Catch",
        handler: { .success(handler($0)) },
        mapFailure: { $0 }
      )
      upstream.subscribe(CatchInner.UpstreamSubscriber(inner: inner))
    }
  }

  /// The publisher returned by ``Publisher/tryCatch(_:)``: the upstream, and
  /// after a failure, the replacement that `handler` builds, or its error.
  public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
  where Upstream.Output == NewPublisher.Output {
    public typealias Output = Upstream.Output

    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Builds the replacement publisher from the upstream's error, or throws.
    public let handler: (Upstream.Failure) throws -> NewPublisher

    /// Creates a publisher that follows `upstream`, then, if it fails, the
    /// publisher `handler` builds, or fails with what `handler` throws.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - handler: Builds the replacement publisher from the upstream's
    ///     error, or throws.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
      self.upstream = upstream
      self.handler = handler
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let handler = handler
      let inner = CatchInner<Upstream, NewPublisher, S>(
        subscriber,
        name: "TryCatch",
        handler: { error in Result { try handler(error) } },
        mapFailure: { $0 }
      )
      upstream.subscribe(CatchInner.UpstreamSubscriber(inner: inner))
    }
  }
}

/// The subscription of `Catch` and `TryCatch`: it follows the upstream, then,
/// after a failure, the publisher the handler returns, and counts the demand
/// outstanding so that the replacement receives it.
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `awaitingUpstream`: `downstream`, `handler`; created, no upstream
///   subscription yet;
/// - `upstream`: `subscription` (the upstream's), `downstream`, `handler`;
///   following the upstream; `demand` is requested and not yet received;
/// - `awaitingReplacement`: `downstream`; the upstream failed, the
///   replacement is being subscribed; `demand` waits for it;
/// - `replacement`: `subscription` (the replacement's), `downstream`;
///   demand passes straight through;
/// - `terminal`: completed or cancelled, holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase
/// (see "Generic payloads cost code" in Docs/Internals.md), touched only
/// under `lock`; what a transition takes out leaves the lock in a tuple and
/// is released after it.
///
/// The upstream's events reach it through ``UpstreamSubscriber``; it is
/// itself the replacement's subscriber.
@usableFromInline
final class CatchInner<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscription,
  Subscriber, CustomStringConvertible
where Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output {
  @usableFromInline
  typealias Input = NewPublisher.Output
  @usableFromInline
  typealias Failure = NewPublisher.Failure
  @usableFromInline
  typealias Handler = (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>
  @usableFromInline
  typealias MapFailure = (NewPublisher.Failure) -> Downstream.Failure

  @usableFromInline
  enum Phase: UInt8 {
    case awaitingUpstream, upstream, awaitingReplacement, replacement, terminal
  }

  /// What the subscription held when it ended, released after the lock.
  @usableFromInline
  typealias Ending = (downstream: Downstream?, subscription: (any Subscription)?, handler: Handler?)

  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var phase = Phase.awaitingUpstream
  @usableFromInline
  @exclusivity(unchecked) var subscription: (any Subscription)?
  @usableFromInline
  @exclusivity(unchecked) var downstream: Downstream?
  @usableFromInline
  @exclusivity(unchecked) var handler: Handler?
  @usableFromInline
  @exclusivity(unchecked) var demand = Subscribers.Demand.none
  @usableFromInline
  let name: StaticString
  // Pure and stateless (an erasure or the identity): kept for the whole life.
  @usableFromInline
  let mapFailure: MapFailure

  @usableFromInline
  var description: String { name.description }

  @inlinable
  init(_ downstream: Downstream, name: StaticString, handler: @escaping Handler, mapFailure: @escaping MapFailure) {
    self.downstream = downstream
    self.handler = handler
    self.name = name
    self.mapFailure = mapFailure
  }

  // MARK: Downstream side

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let subscription: (any Subscription)? = lock.withLock {
      switch phase {
      case .upstream:
        self.demand += demand
        return self.subscription
      case .awaitingReplacement:
        // Requested from the replacement when its subscription arrives.
        self.demand += demand
        return nil
      case .replacement:
        return self.subscription
      case .awaitingUpstream, .terminal:
        return nil
      }
    }
    subscription?.request(demand)
  }

  @inlinable
  func cancel() {
    // Before a subscription (the upstream's or the replacement's), there is
    // none to cancel: one arriving later is cancelled then.
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil, nil) }
      return takeEnding()
    }
    ending.subscription?.cancel()
  }

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  @inlinable
  func takeEnding() -> Ending {
    phase = .terminal
    demand = .none
    return (downstream.take(), subscription.take(), handler.take())
  }

  // MARK: Upstream side

  @inlinable
  func receiveUpstream(subscription: any Subscription) {
    let downstream: Downstream? = lock.withLock {
      guard phase == .awaitingUpstream else { return nil }
      phase = .upstream
      self.subscription = subscription
      return self.downstream
    }
    guard let downstream else {
      subscription.cancel()
      return
    }
    downstream.receive(subscription: self)
  }

  @inlinable
  func receiveUpstream(_ value: Upstream.Output) -> Subscribers.Demand {
    let verdict: ValueVerdict<Downstream> = lock.withLock {
      switch phase {
      case .upstream where demand == .none:
        return .trap("a value without demand")
      case .upstream:
        demand -= 1
        return downstream.map { .forward($0) } ?? .ignore
      case .awaitingUpstream:
        return .trap("a value before its subscription")
      case .awaitingReplacement, .replacement, .terminal:
        return .ignore  // not following the upstream any more
      }
    }
    guard let downstream = verdict.downstream(receiver: name.description) else { return .none }
    let additional = downstream.receive(value)
    guard additional > 0 else { return .none }
    lock.withLock {
      if phase == .upstream { demand += additional }
    }
    return additional
  }

  @inlinable
  func receiveUpstream(completion: Subscribers.Completion<Upstream.Failure>) {
    var violation: StaticString? = nil
    var replacing: Handler? = nil
    let ending: Ending = lock.withLock {
      switch phase {
      case .upstream:
        switch completion {
        case .finished:
          return takeEnding()
        case .failure:
          phase = .awaitingReplacement
          replacing = handler.take()
          return (nil, subscription.take(), nil)
        }
      case .awaitingUpstream:
        // Combine ignores a finish here, and traps on a failure.
        if case .failure = completion { violation = "a failure before its subscription" }
        return (nil, nil, nil)
      case .awaitingReplacement, .replacement:
        if case .failure = completion { violation = "a second failure from its upstream" }
        return (nil, nil, nil)
      case .terminal:
        return (nil, nil, nil)  // cancelled, or over
      }
    }
    if let violation {
      preconditionFailure("API violation: \(name) received \(violation)")
    }
    ending.downstream?.receive(completion: .finished)  // only a finish from `upstream` ends here
    guard let replacing, case let .failure(error) = completion else { return }
    switch replacing(error) {
    case let .success(replacement):
      replacement.subscribe(self)
    case let .failure(thrown):
      let stillWanted: Ending = lock.withLock {
        guard phase == .awaitingReplacement else { return (nil, nil, nil) }
        return takeEnding()
      }
      stillWanted.downstream?.receive(completion: .failure(thrown))
    }
  }

  // MARK: Replacement side (the inner is the replacement's subscriber)

  @inlinable
  func receive(subscription: any Subscription) {
    let demand: Subscribers.Demand? = lock.withLock {
      guard phase == .awaitingReplacement else { return nil }
      phase = .replacement
      self.subscription = subscription
      defer { self.demand = .none }
      return self.demand
    }
    guard let demand else {
      subscription.cancel()
      return
    }
    if demand > 0 {
      subscription.request(demand)
    }
  }

  @inlinable
  func receive(_ value: NewPublisher.Output) -> Subscribers.Demand {
    let downstream: Downstream? = lock.withLock { phase == .replacement ? self.downstream : nil }
    return downstream?.receive(value) ?? .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<NewPublisher.Failure>) {
    let ending: Ending = lock.withLock {
      guard phase == .replacement else { return (nil, nil, nil) }
      return takeEnding()
    }
    switch completion {
    case .finished:
      ending.downstream?.receive(completion: .finished)
    case let .failure(error):
      ending.downstream?.receive(completion: .failure(mapFailure(error)))
    }
  }

  /// Subscribes the inner to the upstream.
  @usableFromInline
  struct UpstreamSubscriber: Subscriber, LibrarySubscriber, CustomStringConvertible {
    @usableFromInline
    typealias Input = Upstream.Output
    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    let inner: CatchInner

    @inlinable
    init(inner: CatchInner) {
      self.inner = inner
    }

    @inlinable
    var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }
    @usableFromInline
    var description: String { inner.description }

    @inlinable
    func receive(subscription: any Subscription) {
      inner.receiveUpstream(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      inner.receiveUpstream(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      inner.receiveUpstream(completion: completion)
    }
  }
}

extension CatchInner: CombineReflectable {
  /// Shows the downstream and the demand not yet served, as Combine's
  /// `catch` and `tryCatch` (once the replacement runs, demand goes straight
  /// to it and none is kept here).
  @usableFromInline
  var customMirror: Mirror {
    let (downstream, demand): (Downstream?, Subscribers.Demand) = lock.withLock { (self.downstream, self.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension CatchInner.UpstreamSubscriber: CustomReflectable, CustomPlaygroundDisplayConvertible {
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
