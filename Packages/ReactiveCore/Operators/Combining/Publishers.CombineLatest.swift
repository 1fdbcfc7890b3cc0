extension Publisher {
  /// Publishes a tuple of the latest values of this publisher and another, each time either publishes.
  ///
  /// Nothing is published until every upstream has published a value. Each
  /// downstream request goes to every upstream; without demand, only the
  /// newest combination waits. The result finishes when every upstream has
  /// finished, and fails at the first failure, cancelling the others.
  ///
  /// ```text
  /// upstream  -a-----b--|
  /// other     ---1-2----|
  /// result    ---p-q-r--|     p = (a, 1), q = (a, 2), r = (b, 2)
  /// ```
  ///
  /// - Parameter other: Another publisher.
  /// - Returns: A publisher of the tuples.
  @inlinable
  public func combineLatest<P: Publisher>(
    _ other: P
  ) -> Publishers.CombineLatest<Self, P> where Failure == P.Failure {
    Publishers.CombineLatest(self, other)
  }

  /// Like ``Publisher/combineLatest(_:)``, with 2 publishers, publishing the result of `transform`.
  ///
  /// - Parameters:
  ///   - other: Another publisher.
  ///   - transform: Called with the latest value of each publisher; its result is published.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func combineLatest<P: Publisher, T>(
    _ other: P,
    _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
    Publishers.Map(upstream: Publishers.CombineLatest(self, other), transform: transform)
  }

  /// Like ``Publisher/combineLatest(_:)``, with 3 publishers, publishing a tuple.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  /// - Returns: A publisher of the tuples.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher>(
    _ publisher1: P,
    _ publisher2: Q
  ) -> Publishers.CombineLatest3<Self, P, Q> where Failure == P.Failure, Failure == Q.Failure {
    Publishers.CombineLatest3(self, publisher1, publisher2)
  }

  /// Like ``Publisher/combineLatest(_:)``, with 3 publishers, publishing the result of `transform`.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  ///   - transform: Called with the latest value of each publisher; its result is published.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher, T>(
    _ publisher1: P,
    _ publisher2: Q,
    _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where Failure == P.Failure, Failure == Q.Failure {
    Publishers.Map(upstream: Publishers.CombineLatest3(self, publisher1, publisher2), transform: transform)
  }

  /// Like ``Publisher/combineLatest(_:)``, with 4 publishers, publishing a tuple.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  ///   - publisher3: The fourth publisher.
  /// - Returns: A publisher of the tuples.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P,
    _ publisher2: Q,
    _ publisher3: R
  ) -> Publishers.CombineLatest4<Self, P, Q, R> where Failure == P.Failure, Failure == Q.Failure, Failure == R.Failure {
    Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
  }

  /// Like ``Publisher/combineLatest(_:)``, with 4 publishers, publishing the result of `transform`.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  ///   - publisher3: The fourth publisher.
  ///   - transform: Called with the latest value of each publisher; its result is published.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P,
    _ publisher2: Q,
    _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
  where Failure == P.Failure, Failure == Q.Failure, Failure == R.Failure {
    Publishers.Map(upstream: Publishers.CombineLatest4(self, publisher1, publisher2, publisher3), transform: transform)
  }
}

extension Publishers {
  /// The latest value of each of 2 publishers, published as one tuple whenever any of them changes.
  ///
  /// See ``Publisher/combineLatest(_:)`` for the demand and completion rules.
  public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
    public typealias Output = (A.Output, B.Output)
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// Creates a publisher that combines the values of 2 upstream publishers.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, S.Input == Output {
      let inner = CombineLatestInner<S>(subscriber, sides: 2, description: "CombineLatest") { values in
        (values[0] as! A.Output, values[1] as! B.Output)
      }
      subscriber.receive(subscription: inner)
      a.subscribe(CombineLatestInner<S>.Side<A.Output>(inner: inner, index: 0))
      b.subscribe(CombineLatestInner<S>.Side<B.Output>(inner: inner, index: 1))
    }
  }

  /// The latest value of each of 3 publishers, published as one tuple whenever any of them changes.
  ///
  /// See ``Publisher/combineLatest(_:)`` for the demand and completion rules.
  public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where A.Failure == B.Failure, A.Failure == C.Failure {
    public typealias Output = (A.Output, B.Output, C.Output)
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// Creates a publisher that combines the values of 3 upstream publishers.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, S.Input == Output {
      let inner = CombineLatestInner<S>(subscriber, sides: 3, description: "CombineLatest") { values in
        (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output)
      }
      subscriber.receive(subscription: inner)
      a.subscribe(CombineLatestInner<S>.Side<A.Output>(inner: inner, index: 0))
      b.subscribe(CombineLatestInner<S>.Side<B.Output>(inner: inner, index: 1))
      c.subscribe(CombineLatestInner<S>.Side<C.Output>(inner: inner, index: 2))
    }
  }

  /// The latest value of each of 4 publishers, published as one tuple whenever any of them changes.
  ///
  /// See ``Publisher/combineLatest(_:)`` for the demand and completion rules.
  public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where A.Failure == B.Failure, A.Failure == C.Failure, A.Failure == D.Failure {
    public typealias Output = (A.Output, B.Output, C.Output, D.Output)
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// The fourth upstream publisher.
    public let d: D

    /// Creates a publisher that combines the values of 4 upstream publishers.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    ///   - d: The fourth upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, S.Input == Output {
      let inner = CombineLatestInner<S>(subscriber, sides: 4, description: "CombineLatest") { values in
        (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output, values[3] as! D.Output)
      }
      subscriber.receive(subscription: inner)
      a.subscribe(CombineLatestInner<S>.Side<A.Output>(inner: inner, index: 0))
      b.subscribe(CombineLatestInner<S>.Side<B.Output>(inner: inner, index: 1))
      c.subscribe(CombineLatestInner<S>.Side<C.Output>(inner: inner, index: 2))
      d.subscribe(CombineLatestInner<S>.Side<D.Output>(inner: inner, index: 3))
    }
  }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

/// The subscription of `CombineLatest`, `CombineLatest3` and `CombineLatest4`. Its state:
/// - `outlet`: downstream, its demand and the combinations waiting for it;
/// - `sides`: one link per upstream, `awaiting` → `subscribed` → `finished`
///   (or `ended` on cancel or failure);
/// - `latest`: per upstream, its latest value, nil until the first (boxed
///   in `Any`: the upstreams' output types differ; `combine` unboxes them).
///
/// Once every upstream has a value, each value queues a combination; when
/// downstream has no demand for the combination already waiting, the new
/// one replaces it. Each downstream request, and each additional demand
/// downstream returns, goes to every subscribed upstream. The result
/// finishes when every upstream has finished (after the waiting
/// combinations), and fails at the first failure, cancelling the others.
final class CombineLatestInner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is behind `state`.
  struct State: CombiningOutletHolder, @unchecked Sendable {
    var outlet: CombiningOutlet<Downstream, Void>
    var sides: [CombiningLink]
    var latest: [Any?]

    var allFinished: Bool {
      sides.allSatisfy {
        if case .finished = $0 { return true }
        return false
      }
    }

    /// Ends every side; returns the subscriptions to cancel and the values to release after the lock.
    mutating func end() -> (cancelled: [any Subscription], dropped: [Any]) {
      let cancelled = sides.compactMap(\.subscription)
      for index in sides.indices { sides[index] = .ended }
      defer { latest = [] }
      return (cancelled, latest as [Any])
    }
  }

  let state: Lock<State>
  let combine: ([Any]) -> Downstream.Input
  let description: String

  init(_ downstream: Downstream, sides: Int, description: String, combine: @escaping ([Any]) -> Downstream.Input) {
    state = Lock(
      State(
        outlet: CombiningOutlet(downstream),
        sides: Array(repeating: .awaiting, count: sides),
        latest: Array(repeating: nil, count: sides)
      )
    )
    self.combine = combine
    self.description = description
  }

  func receive(subscription: any Subscription, index: Int) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .awaiting = state.sides[index] else { return nil }
      state.sides[index] = .subscribed(subscription)
      return state.outlet.demandBeyondQueue
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ input: Any, index: Int) -> Subscribers.Demand {
    let after = state.withLock { state -> CombiningAftermath in
      guard case .subscribed = state.sides[index], state.outlet.isOpen else { return .none }
      var after = CombiningAftermath()
      if let previous = state.latest[index] { after.released.append(previous) }
      state.latest[index] = input
      let values = state.latest.compactMap { $0 }
      guard values.count == state.latest.count else { return after }
      let (drain, replaced) = state.outlet.enqueueLatest(combine(values), tag: ())
      after.drain = drain
      if let replaced { after.released.append(replaced) }
      return after
    }
    finish(after)
    return .none
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>, index: Int) {
    let after = state.withLock { state -> CombiningAftermath in
      guard case .subscribed = state.sides[index] else { return .none }
      state.sides[index] = .finished
      var after = CombiningAftermath()
      switch completion {
      case .finished:
        guard state.allFinished else { return .none }
        after.drain = state.outlet.finish()
      case let .failure(error):
        let (drain, queued) = state.outlet.fail(error)
        after.drain = drain
        after.released.append(queued)
      }
      let (cancelled, dropped) = state.end()
      after.cancelled = cancelled
      after.released.append(dropped)
      return after
    }
    finish(after)
  }

  /// Acts on what an event decided, after the lock.
  private func finish(_ after: CombiningAftermath) {
    for subscription in after.cancelled { subscription.cancel() }
    if after.drain { state.drain(delivered: forward) }
  }

  /// After a combination reached downstream: passes the additional demand to every upstream.
  private func forward(_: Void, additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    for subscription in state.withLock({ $0.sides.compactMap(\.subscription) }) {
      subscription.request(additional)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (drain, subscriptions) = state.withLock { state in
      (state.outlet.add(demand), state.sides.compactMap(\.subscription))
    }
    for subscription in subscriptions { subscription.request(demand) }
    if drain { state.drain(delivered: forward) }
  }

  func cancel() {
    let after = state.withLock { state -> CombiningAftermath in
      let (cancelled, dropped) = state.end()
      let (downstream, queued) = state.outlet.cancel()
      return CombiningAftermath(cancelled: cancelled, released: [dropped, downstream as Any, queued])
    }
    finish(after)  // the downstream and the values are released after the lock
  }

  /// The subscriber a combineLatest attaches to each of its upstreams.
  struct Side<Input>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    let inner: CombineLatestInner
    let index: Int
    let combineIdentifier = CombineIdentifier()

    var description: String { inner.description }

    func receive(subscription: any Subscription) {
      inner.receive(subscription: subscription, index: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      inner.receive(input, index: index)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      inner.receive(completion: completion, index: index)
    }
  }
}

extension CombineLatestInner: CombineReflectable {
  /// Shows the downstream and the demand it has not yet received.
  var customMirror: Mirror {
    let (downstream, demand) = state.withLock { ($0.outlet.downstream, $0.outlet.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension CombineLatestInner.Side: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.playgroundDescription }
}
