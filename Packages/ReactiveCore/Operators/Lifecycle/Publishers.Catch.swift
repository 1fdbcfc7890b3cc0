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
  @inlinable
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
  @inlinable
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
    @inlinable
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
    @inlinable
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
/// States:
/// - `awaitingUpstream`: created, no upstream subscription yet;
/// - `upstream`: following the upstream; `demand` is requested and not yet received;
/// - `awaitingReplacement`: the upstream failed, the replacement is being subscribed;
/// - `replacement`: following the replacement, demand passes straight through;
/// - `terminal`: completed or cancelled, holds nothing.
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
  enum State {
    case awaitingUpstream(Downstream, Handler)
    case upstream(any Subscription, Downstream, Handler, demand: Subscribers.Demand)
    case awaitingReplacement(Downstream, demand: Subscribers.Demand)
    case replacement(any Subscription, Downstream)
    case terminal
  }

  @usableFromInline
  let state: Lock<State>
  @usableFromInline
  let name: StaticString
  // Pure and stateless (an erasure or the identity): kept for the whole life.
  @usableFromInline
  let mapFailure: MapFailure

  @usableFromInline
  var description: String { name.description }

  @inlinable
  init(_ downstream: Downstream, name: StaticString, handler: @escaping Handler, mapFailure: @escaping MapFailure) {
    state = Lock(.awaitingUpstream(downstream, handler))
    self.name = name
    self.mapFailure = mapFailure
  }

  // MARK: Downstream side

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let subscription = state.withLock { state -> (any Subscription)? in
      switch state {
      case let .upstream(subscription, downstream, handler, outstanding):
        state = .upstream(subscription, downstream, handler, demand: outstanding + demand)
        return subscription
      case let .awaitingReplacement(downstream, outstanding):
        // Requested from the replacement when its subscription arrives.
        state = .awaitingReplacement(downstream, demand: outstanding + demand)
        return nil
      case let .replacement(subscription, _):
        return subscription
      case .awaitingUpstream, .terminal:
        return nil
      }
    }
    subscription?.request(demand)
  }

  @inlinable
  func cancel() {
    let taken = state.exchange(.terminal)
    switch taken {
    case let .upstream(subscription, _, _, _), let .replacement(subscription, _):
      subscription.cancel()
    case .awaitingUpstream, .awaitingReplacement, .terminal:
      break  // a replacement subscription arriving later is cancelled then
    }
  }

  // MARK: Upstream side

  @usableFromInline
  enum UpstreamSubscriptionAction {
    case forward(Downstream)
    case reject
  }

  @inlinable
  func receiveUpstream(subscription: any Subscription) {
    let action = state.withLock { state -> UpstreamSubscriptionAction in
      switch state {
      case let .awaitingUpstream(downstream, handler):
        state = .upstream(subscription, downstream, handler, demand: .none)
        return .forward(downstream)
      case .upstream, .awaitingReplacement, .replacement, .terminal:
        return .reject
      }
    }
    switch action {
    case let .forward(downstream):
      downstream.receive(subscription: self)
    case .reject:
      subscription.cancel()
    }
  }

  @inlinable
  func receiveUpstream(_ value: Upstream.Output) -> Subscribers.Demand {
    let verdict = state.withLock { state -> ValueVerdict<Downstream> in
      switch state {
      case let .upstream(_, _, _, demand) where demand == .none:
        return .trap("a value without demand")
      case let .upstream(subscription, downstream, handler, demand):
        state = .upstream(subscription, downstream, handler, demand: demand - 1)
        return .forward(downstream)
      case .awaitingUpstream:
        return .trap("a value before its subscription")
      case .awaitingReplacement, .replacement, .terminal:
        return .ignore  // not following the upstream any more
      }
    }
    guard let downstream = verdict.downstream(receiver: name.description) else { return .none }
    let additional = downstream.receive(value)
    guard additional > 0 else { return .none }
    state.withLock { state in
      if case let .upstream(subscription, downstream, handler, demand) = state {
        state = .upstream(subscription, downstream, handler, demand: demand + additional)
      }
    }
    return additional
  }

  @usableFromInline
  enum UpstreamCompletionAction {
    case none
    case finish(Downstream)
    case replace(Downstream, Handler, Upstream.Failure)
    /// The upstream broke the contract: trap after the lock, as Combine does.
    case trap(StaticString)
  }

  @inlinable
  func receiveUpstream(completion: Subscribers.Completion<Upstream.Failure>) {
    let action = state.withLock { state -> UpstreamCompletionAction in
      switch state {
      case let .upstream(_, downstream, handler, demand):
        switch completion {
        case .finished:
          state = .terminal
          return .finish(downstream)
        case let .failure(error):
          state = .awaitingReplacement(downstream, demand: demand)
          return .replace(downstream, handler, error)
        }
      case .awaitingUpstream:
        // Combine ignores a finish here, and traps on a failure.
        guard case .failure = completion else { return .none }
        return .trap("a failure before its subscription")
      case .awaitingReplacement, .replacement:
        guard case .failure = completion else { return .none }
        return .trap("a second failure from its upstream")
      case .terminal:
        return .none  // cancelled, or over
      }
    }
    switch action {
    case .none:
      break
    case let .trap(violation):
      preconditionFailure("API violation: \(name) received \(violation)")
    case let .finish(downstream):
      downstream.receive(completion: .finished)
    case let .replace(downstream, handler, error):
      switch handler(error) {
      case let .success(replacement):
        replacement.subscribe(self)
      case let .failure(thrown):
        let stillWanted = state.withLock { state -> Bool in
          guard case .awaitingReplacement = state else { return false }
          state = .terminal
          return true
        }
        if stillWanted {
          downstream.receive(completion: .failure(thrown))
        }
      }
    }
  }

  // MARK: Replacement side (the inner is the replacement's subscriber)

  @inlinable
  func receive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      switch state {
      case let .awaitingReplacement(downstream, demand):
        state = .replacement(subscription, downstream)
        return demand
      case .awaitingUpstream, .upstream, .replacement, .terminal:
        return nil
      }
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
    let downstream = state.withLock { state -> Downstream? in
      guard case let .replacement(_, downstream) = state else { return nil }
      return downstream
    }
    return downstream?.receive(value) ?? .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<NewPublisher.Failure>) {
    let downstream = state.withLock { state -> Downstream? in
      guard case let .replacement(_, downstream) = state else { return nil }
      state = .terminal
      return downstream
    }
    switch completion {
    case .finished:
      downstream?.receive(completion: .finished)
    case let .failure(error):
      downstream?.receive(completion: .failure(mapFailure(error)))
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
    let (downstream, demand) = state.withLock { state -> (Downstream?, Subscribers.Demand) in
      switch state {
      case let .awaitingUpstream(downstream, _): (downstream, .none)
      case let .upstream(_, downstream, _, demand), let .awaitingReplacement(downstream, demand): (downstream, demand)
      case let .replacement(_, downstream): (downstream, .none)
      case .terminal: (nil, .none)
      }
    }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension CatchInner.UpstreamSubscriber: CustomReflectable, CustomPlaygroundDisplayConvertible {
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
