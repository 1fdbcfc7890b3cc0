extension Publisher {
  /// Combines this publisher's values with another's in pairs: the n-th value of each, as a tuple.
  ///
  /// Each downstream request goes to every upstream; values wait in a buffer per
  /// upstream until every upstream has one. The result finishes as soon as an
  /// upstream has finished and its buffer is empty, cancelling the others, and
  /// fails at the first failure.
  ///
  /// ```text
  /// upstream  -a---b---c|
  /// other     ---1---2--|
  /// result    ---(a1)--(b2)|
  /// ```
  ///
  /// - Parameter other: Another publisher.
  /// - Returns: A publisher of the tuples.
  @inlinable
  public func zip<P: Publisher>(
    _ other: P
  ) -> Publishers.Zip<Self, P> where Failure == P.Failure {
    Publishers.Zip(self, other)
  }

  /// Like ``Publisher/zip(_:)``, with 2 publishers, publishing the result of `transform`.
  ///
  /// - Parameters:
  ///   - other: Another publisher.
  ///   - transform: Called with one value from each publisher, paired by position; its result is published.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func zip<P: Publisher, T>(
    _ other: P,
    _ transform: @escaping (Output, P.Output) -> T
  ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where Failure == P.Failure {
    Publishers.Map(upstream: Publishers.Zip(self, other), transform: transform)
  }

  /// Like ``Publisher/zip(_:)``, with 3 publishers, publishing a tuple.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  /// - Returns: A publisher of the tuples.
  @inlinable
  public func zip<P: Publisher, Q: Publisher>(
    _ publisher1: P,
    _ publisher2: Q
  ) -> Publishers.Zip3<Self, P, Q> where Failure == P.Failure, Failure == Q.Failure {
    Publishers.Zip3(self, publisher1, publisher2)
  }

  /// Like ``Publisher/zip(_:)``, with 3 publishers, publishing the result of `transform`.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  ///   - transform: Called with one value from each publisher, paired by position; its result is published.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func zip<P: Publisher, Q: Publisher, T>(
    _ publisher1: P,
    _ publisher2: Q,
    _ transform: @escaping (Output, P.Output, Q.Output) -> T
  ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where Failure == P.Failure, Failure == Q.Failure {
    Publishers.Map(upstream: Publishers.Zip3(self, publisher1, publisher2), transform: transform)
  }

  /// Like ``Publisher/zip(_:)``, with 4 publishers, publishing a tuple.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  ///   - publisher3: The fourth publisher.
  /// - Returns: A publisher of the tuples.
  @inlinable
  public func zip<P: Publisher, Q: Publisher, R: Publisher>(
    _ publisher1: P,
    _ publisher2: Q,
    _ publisher3: R
  ) -> Publishers.Zip4<Self, P, Q, R> where Failure == P.Failure, Failure == Q.Failure, Failure == R.Failure {
    Publishers.Zip4(self, publisher1, publisher2, publisher3)
  }

  /// Like ``Publisher/zip(_:)``, with 4 publishers, publishing the result of `transform`.
  ///
  /// - Parameters:
  ///   - publisher1: The second publisher.
  ///   - publisher2: The third publisher.
  ///   - publisher3: The fourth publisher.
  ///   - transform: Called with one value from each publisher, paired by position; its result is published.
  /// - Returns: A publisher of the combined values.
  @inlinable
  public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
    _ publisher1: P,
    _ publisher2: Q,
    _ publisher3: R,
    _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
  ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
  where Failure == P.Failure, Failure == Q.Failure, Failure == R.Failure {
    Publishers.Map(upstream: Publishers.Zip4(self, publisher1, publisher2, publisher3), transform: transform)
  }
}

extension Publishers {
  /// The zip of 2 publishers: the n-th values of all of them, published together as one tuple.
  ///
  /// See ``Publisher/zip(_:)`` for the demand and completion rules.
  public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
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
      let inner = ZipInner<S>(subscriber, sides: 2, description: "Zip") { values in
        (values[0] as! A.Output, values[1] as! B.Output)
      }
      subscriber.receive(subscription: inner)
      a.subscribe(ZipInner<S>.Side<A.Output>(inner: inner, index: 0))
      b.subscribe(ZipInner<S>.Side<B.Output>(inner: inner, index: 1))
    }
  }

  /// The zip of 3 publishers: the n-th values of all of them, published together as one tuple.
  ///
  /// See ``Publisher/zip(_:)`` for the demand and completion rules.
  public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
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
      let inner = ZipInner<S>(subscriber, sides: 3, description: "Zip") { values in
        (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output)
      }
      subscriber.receive(subscription: inner)
      a.subscribe(ZipInner<S>.Side<A.Output>(inner: inner, index: 0))
      b.subscribe(ZipInner<S>.Side<B.Output>(inner: inner, index: 1))
      c.subscribe(ZipInner<S>.Side<C.Output>(inner: inner, index: 2))
    }
  }

  /// The zip of 4 publishers: the n-th values of all of them, published together as one tuple.
  ///
  /// See ``Publisher/zip(_:)`` for the demand and completion rules.
  public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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
      let inner = ZipInner<S>(subscriber, sides: 4, description: "Zip") { values in
        (values[0] as! A.Output, values[1] as! B.Output, values[2] as! C.Output, values[3] as! D.Output)
      }
      subscriber.receive(subscription: inner)
      a.subscribe(ZipInner<S>.Side<A.Output>(inner: inner, index: 0))
      b.subscribe(ZipInner<S>.Side<B.Output>(inner: inner, index: 1))
      c.subscribe(ZipInner<S>.Side<C.Output>(inner: inner, index: 2))
      d.subscribe(ZipInner<S>.Side<D.Output>(inner: inner, index: 3))
    }
  }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

/// The subscription of `Zip`, `Zip3` and `Zip4`. Its state:
/// - `outlet`: downstream, its demand and the tuples waiting for it;
/// - `sides`: one link per upstream, `awaiting` → `subscribed` → `finished`
///   (or `ended` on cancel, failure or the end of the result);
/// - `buffers`: per upstream, its values not yet zipped (boxed in `Any`:
///   the upstreams' output types differ; `combine` unboxes them).
///
/// A value completes a tuple when every buffer has one; the tuple is queued
/// in the outlet. Each downstream request goes to every subscribed upstream,
/// and so does each additional demand downstream returns, except that the
/// upstream whose value completed a tuple delivered at once gets it as its
/// `receive(_:)`'s result. The result finishes once an upstream has
/// finished with an empty buffer (after the queued tuples), and fails at the
/// first failure; the other upstreams are cancelled after the completion.
final class ZipInner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is behind `state`.
  struct State: CombiningOutletHolder, @unchecked Sendable {
    var outlet: CombiningOutlet<Downstream, Void>
    var sides: [CombiningLink]
    var buffers: [CombiningQueue<Any>]

    /// Whether an upstream finished and none of its values are left: no tuple can come.
    var exhausted: Bool {
      sides.indices.contains { index in
        if case .finished = sides[index] { return buffers[index].isEmpty }
        return false
      }
    }

    /// Ends every side; returns the subscriptions to cancel and the values to release after the lock.
    mutating func end() -> (cancelled: [any Subscription], dropped: [Any]) {
      let cancelled = sides.compactMap(\.subscription)
      for index in sides.indices { sides[index] = .ended }
      let dropped: [Any] = buffers.indices.map { buffers[$0].removeAll() }
      return (cancelled, dropped)
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
        buffers: Array(repeating: CombiningQueue(), count: sides)
      )
    )
    self.combine = combine
    self.description = description
  }

  func receive(subscription: any Subscription, index: Int) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .awaiting = state.sides[index] else { return nil }
      state.sides[index] = .subscribed(subscription)
      return state.outlet.demandBeyondQueue - state.buffers[index].count
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  /// A value of side `index`. When it completes a tuple that reaches
  /// downstream at once, the demand downstream returns goes back to this
  /// side as the result, as in Combine, and is requested from the others.
  func receive(_ input: Any, index: Int) -> Subscribers.Demand {
    let after = state.withLock { state -> CombiningAftermath in
      guard case .subscribed = state.sides[index], state.outlet.isOpen else { return .none }
      state.buffers[index].append(input)
      var after = CombiningAftermath()
      while state.buffers.allSatisfy({ !$0.isEmpty }) {
        let values = state.buffers.indices.map { state.buffers[$0].removeFirst() }
        after.drain = state.outlet.enqueue(combine(values), tag: ()) || after.drain
      }
      guard state.exhausted else { return after }
      after.drain = state.outlet.finish() || after.drain
      (after.cancelled, after.released) = state.end()
      return after
    }
    var returned = Subscribers.Demand.none
    if after.drain {
      returned = state.drain { _, additional in
        forward(additional, skipping: index)
        return additional
      }
    }
    for subscription in after.cancelled { subscription.cancel() }
    return returned
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>, index: Int) {
    let after = state.withLock { state -> CombiningAftermath in
      guard case .subscribed = state.sides[index] else { return .none }
      state.sides[index] = .finished
      var after = CombiningAftermath()
      switch completion {
      case .finished:
        guard state.exhausted else { return .none }
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

  /// Acts on what an event decided, after the lock: delivers what is due,
  /// then cancels (Combine sends a completion downstream before it cancels
  /// the other sides).
  private func finish(_ after: CombiningAftermath) {
    if after.drain { state.drain { forward($1) } }
    for subscription in after.cancelled { subscription.cancel() }
  }

  /// After a tuple reached downstream: passes the additional demand to
  /// every side but `skipping`, which gets it as `receive(_:)`'s result.
  private func forward(_ additional: Subscribers.Demand, skipping: Int? = nil) {
    guard additional > 0 else { return }
    let subscriptions = state.withLock { state in
      state.sides.indices.compactMap { $0 == skipping ? nil : state.sides[$0].subscription }
    }
    for subscription in subscriptions { subscription.request(additional) }
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (drain, subscriptions) = state.withLock { state in
      (state.outlet.add(demand), state.sides.compactMap(\.subscription))
    }
    for subscription in subscriptions { subscription.request(demand) }
    if drain { state.drain { forward($1) } }
  }

  func cancel() {
    let after = state.withLock { state -> CombiningAftermath in
      let (cancelled, dropped) = state.end()
      let (downstream, queued) = state.outlet.cancel()
      return CombiningAftermath(cancelled: cancelled, released: [dropped, downstream as Any, queued])
    }
    finish(after)  // the downstream and the values are released after the lock
  }

  /// The subscriber a zip attaches to each of its upstreams.
  struct Side<Input>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    let inner: ZipInner
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

extension ZipInner: CombineReflectable {
  /// Shows the downstream and the demand it has not yet received.
  var customMirror: Mirror {
    let (downstream, demand) = state.withLock { ($0.outlet.downstream, $0.outlet.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension ZipInner.Side: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.playgroundDescription }
}
