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
  /// result    ---p---q--|     p = (a, 1), q = (b, 2)
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
///   the upstreams' output types differ; `combine` unboxes them);
/// - `started`: downstream has its subscription. As in Combine, it receives
///   it once every upstream has given its own (from inside the last one's
///   `receive(subscription:)`); if the result ends before that, just before
///   its completion (Combine would send the completion alone).
///
/// A value completes a tuple when every buffer has one; the tuple is queued
/// in the outlet. Each downstream request goes to every subscribed upstream,
/// and so does each additional demand downstream returns, except that the
/// upstream whose value completed a tuple delivered at once gets it as its
/// `receive(_:)`'s result, and so do requests made during that delivery
/// (from inside downstream's `receive`), as in Combine. The result finishes once an upstream has
/// finished with an empty buffer (after the queued tuples), and fails at the
/// first failure; the other upstreams are cancelled after the completion.
final class ZipInner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is behind `state`.
  struct State: CombiningOutletHolder, @unchecked Sendable {
    var outlet: CombiningOutlet<Downstream, Void>
    var sides: [CombiningLink]
    var buffers: [CombiningQueue<Any>]
    var started = false
    /// The upstream whose value is being delivered from inside its
    /// `receive(_:)`, and the demand requested meanwhile that goes back to
    /// it as that call's result (as in Combine) rather than by `request`.
    var delivering: (index: Int, demand: Subscribers.Demand)?
    /// Upstreams to cancel once the thread that delivers has delivered the
    /// completion (the result ended while another delivery ran).
    var cancelAfterCompletion: [any Subscription] = []

    /// Ends every side and returns the subscriptions to cancel now: none if
    /// another thread holds the delivery (`delivers` false), which cancels
    /// them after the completion it will deliver, as Combine does.
    mutating func endAfterCompletion(delivers: Bool) -> (cancelled: [any Subscription], dropped: [Any]) {
      let (cancelled, dropped) = end()
      guard delivers else {
        cancelAfterCompletion += cancelled
        return ([], dropped)
      }
      return (cancelled, dropped)
    }

    /// Marks downstream started, and returns it, when it must now receive
    /// its subscription: every upstream gave its own, or `ending` (the
    /// result completes before they all did).
    mutating func start(ending: Bool = false) -> Downstream? {
      guard !started, ending || !sides.contains(where: { if case .awaiting = $0 { true } else { false } }) else {
        return nil
      }
      started = true
      return outlet.downstream
    }

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
    let (accepted, downstream) = state.withLock { state -> (Bool, Downstream?) in
      guard case .awaiting = state.sides[index] else { return (false, nil) }
      state.sides[index] = .subscribed(subscription)
      return (true, state.start())
    }
    guard accepted else { return subscription.cancel() }
    downstream?.receive(subscription: self)  // its requests reach every upstream from here
  }

  /// A value of side `index`. When it completes a tuple that reaches
  /// downstream at once, the demand downstream returns goes back to this
  /// side as the result, as in Combine, and is requested from the others.
  func receive(_ input: Any, index: Int) -> Subscribers.Demand {
    let (after, early) = state.withLock { state -> (CombiningAftermath, Downstream?) in
      guard case .subscribed = state.sides[index], state.outlet.isOpen else { return (.none, nil) }
      state.buffers[index].append(input)
      var after = CombiningAftermath()
      while state.buffers.allSatisfy({ !$0.isEmpty }) {
        let values = state.buffers.indices.map { state.buffers[$0].removeFirst() }
        after.drain = state.outlet.enqueue(combine(values), tag: ()) || after.drain
      }
      if after.drain { state.delivering = (index, .none) }
      guard state.exhausted else { return (after, nil) }
      let early = state.start(ending: true)
      after.drain = state.outlet.finish() || after.drain
      (after.cancelled, after.released) = state.endAfterCompletion(delivers: after.drain)
      return (after, early)
    }
    early?.receive(subscription: self)
    var returned = Subscribers.Demand.none
    if after.drain {
      returned = state.drain { _, additional in
        forward(additional, skipping: index)
        return additional
      }
      returned += state.withLock { state in
        defer { state.delivering = nil }
        return state.delivering?.demand ?? .none
      }
    }
    cancel(after.cancelled + (after.drain ? takeCancelAfterCompletion() : []))
    return returned
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>, index: Int) {
    let (after, early) = state.withLock { state -> (CombiningAftermath, Downstream?) in
      guard case .subscribed = state.sides[index] else { return (.none, nil) }
      state.sides[index] = .finished
      var after = CombiningAftermath()
      switch completion {
      case .finished:
        guard state.exhausted else { return (.none, nil) }
        after.drain = state.outlet.finish()
      case let .failure(error):
        let (drain, queued) = state.outlet.fail(error)
        after.drain = drain
        after.released.append(queued)
      }
      let early = state.start(ending: true)
      let (cancelled, dropped) = state.endAfterCompletion(delivers: after.drain)
      after.cancelled = cancelled
      after.released.append(dropped)
      return (after, early)
    }
    finish(after, early: early)
  }

  /// Acts on what an event decided, after the lock: gives downstream its
  /// subscription if the result ends before every upstream gave its own,
  /// delivers what is due, then cancels (Combine sends a completion
  /// downstream before it cancels the other sides).
  private func finish(_ after: CombiningAftermath, early: Downstream? = nil) {
    early?.receive(subscription: self)
    if after.drain { state.drain { forward($1) } }
    cancel(after.cancelled + (after.drain ? takeCancelAfterCompletion() : []))
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
      // During a delivery from an upstream's receive(_:), that upstream
      // gets this demand as the call's result.
      let skipped = state.delivering?.index
      state.delivering?.demand += demand
      let subscriptions = state.sides.indices.compactMap { $0 == skipped ? nil : state.sides[$0].subscription }
      return (state.outlet.add(demand), subscriptions)
    }
    for subscription in subscriptions { subscription.request(demand) }
    if drain {
      state.drain { forward($1) }
      cancel(takeCancelAfterCompletion())
    }
  }

  /// What another thread's event left to cancel once this thread, which
  /// delivered, has delivered the completion.
  private func takeCancelAfterCompletion() -> [any Subscription] {
    state.withLock { state in
      defer { state.cancelAfterCompletion = [] }
      return state.cancelAfterCompletion
    }
  }

  private func cancel(_ subscriptions: [any Subscription]) {
    for subscription in subscriptions { subscription.cancel() }
  }

  func cancel() {
    let after = state.withLock { state -> CombiningAftermath in
      let (cancelled, dropped) = state.end()
      let (downstream, queued) = state.outlet.cancel()
      let pending = state.cancelAfterCompletion  // the completion will not be delivered now
      state.cancelAfterCompletion = []
      return CombiningAftermath(cancelled: pending + cancelled, released: [dropped, downstream as Any, queued])
    }
    finish(after)  // the downstream and the values are released after the lock
  }

  /// The subscriber a zip attaches to each of its upstreams. Like Combine's,
  /// it has no description of its own: an upstream that describes its
  /// subscriber shows its type.
  struct Side<Input>: Subscriber {
    typealias Failure = Downstream.Failure

    let inner: ZipInner
    let index: Int
    let combineIdentifier = CombineIdentifier()

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
