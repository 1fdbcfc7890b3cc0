public import ReactiveCore
import SharedMachinery

extension Publisher {
  /// Combines each upstream value with the latest value of `other`.
  ///
  /// An upstream value that comes before `other` has published is dropped.
  /// The result finishes when the upstream finishes, whatever `other` does;
  /// a failure of either fails it. The subscriber's demand goes to the
  /// upstream; `other` is asked for `.unlimited`. A dropped value is
  /// replaced: the operator asks the upstream for one more.
  ///
  /// ```text
  /// upstream  -a---b-c--|
  /// other     --1-----2------
  /// result    -----B-C--|       B = b1, C = c1
  /// ```
  ///
  /// After a maybe publisher, the result is a maybe publisher. Not single
  /// after a single publisher: its value is dropped if `other` has not
  /// published yet.
  ///
  /// - Parameters:
  ///   - other: The publisher whose latest value is combined.
  ///   - resultSelector: Makes the published value of an upstream value and
  ///     `other`'s latest value.
  /// - Returns: A publisher of the combined values.
  public func withLatestFrom<Other: Publisher, Result>(
    _ other: Other,
    resultSelector: @escaping (Output, Other.Output) -> Result
  ) -> Publishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
  }

  /// Publishes the latest value of `other` each time the upstream publishes.
  ///
  /// As ``withLatestFrom(_:resultSelector:)`` with a selector that keeps
  /// `other`'s value: an upstream value that comes before `other` has
  /// published is dropped; the result finishes when the upstream finishes.
  ///
  /// ```text
  /// upstream  -a---b-c--|
  /// other     --1-----2------
  /// result    -----1-1--|
  /// ```
  ///
  /// - Parameter other: The publisher whose latest value is published.
  /// - Returns: A publisher of `other`'s latest values, one per upstream value.
  public func withLatestFrom<Other: Publisher>(
    _ other: Other
  ) -> Publishers.WithLatestFrom<Self, Other, Other.Output> where Other.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other) { $1 }
  }

  // OpenCombine 0.14.0, on which AppleSwitch builds this module, has no
  // combineLatest; Apple's Combine and ReactiveCore have it.
  #if !REACTIVECORE_IS_OPENCOMBINE
  /// Combines each upstream value with the latest values of `other1` and
  /// `other2`: CombineExt's spelling.
  ///
  /// As ``withLatestFrom(_:resultSelector:)`` with `other1.combineLatest(other2)`
  /// as the other publisher, which it is: an upstream value that comes
  /// before both have published is dropped (and the upstream asked for one
  /// more); the result finishes when the upstream finishes; a failure of any
  /// of the three fails it. The selector receives the latest values as one
  /// tuple, as CombineExt's does.
  ///
  /// ```text
  /// upstream  -a---b-c--|
  /// other1    --1---2--------
  /// other2    ---u----------
  /// result    -----B-C--|       B = f(b, (1, u)), C = f(c, (2, u)); f = resultSelector
  /// ```
  ///
  /// - Parameters:
  ///   - other1: A publisher whose latest value is combined.
  ///   - other2: Another publisher whose latest value is combined.
  ///   - resultSelector: Makes the published value of an upstream value and
  ///     the latest values of `other1` and `other2`.
  /// - Returns: A publisher of the combined values.
  public func withLatestFrom<Other1: Publisher, Other2: Publisher, Result>(
    _ other1: Other1,
    _ other2: Other2,
    resultSelector: @escaping (Output, (Other1.Output, Other2.Output)) -> Result
  ) -> Publishers.WithLatestFrom<Self, Publishers.CombineLatest<Other1, Other2>, Result>
  where Other1.Failure == Failure, Other2.Failure == Failure {
    // One machine: the others' latest pair comes from combineLatest, which
    // publishes once both have published, then on each change of either.
    Publishers.WithLatestFrom(upstream: self, other: other1.combineLatest(other2), resultSelector: resultSelector)
  }

  /// Publishes the latest values of `other1` and `other2` each time the
  /// upstream publishes: CombineExt's spelling.
  ///
  /// As ``withLatestFrom(_:_:resultSelector:)`` with a selector that keeps
  /// the pair.
  ///
  /// ```text
  /// upstream  -a---b-c--|
  /// other1    --1---2--------
  /// other2    ---u----------
  /// result    -----P-Q--|       P = (1, u), Q = (2, u)
  /// ```
  ///
  /// - Parameters:
  ///   - other1: A publisher whose latest value is published.
  ///   - other2: Another publisher whose latest value is published.
  /// - Returns: A publisher of the pairs of latest values, one per upstream value.
  public func withLatestFrom<Other1: Publisher, Other2: Publisher>(
    _ other1: Other1,
    _ other2: Other2
  ) -> Publishers.WithLatestFrom<Self, Publishers.CombineLatest<Other1, Other2>, (Other1.Output, Other2.Output)>
  where Other1.Failure == Failure, Other2.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other1.combineLatest(other2)) { $1 }
  }

  /// Combines each upstream value with the latest values of `other1`,
  /// `other2` and `other3`: CombineExt's spelling.
  ///
  /// As ``withLatestFrom(_:resultSelector:)`` with
  /// `other1.combineLatest(other2, other3)` as the other publisher, which it
  /// is: an upstream value that comes before all three have published is
  /// dropped (and the upstream asked for one more); the result finishes when
  /// the upstream finishes; a failure of any of the four fails it.
  ///
  /// ```text
  /// upstream  -a----b-c--|
  /// other1    --1----2--------
  /// other2    ---u-----------
  /// other3    ----v----------
  /// result    ------B-C--|       B = f(b, (1, u, v)), C = f(c, (2, u, v)); f = resultSelector
  /// ```
  ///
  /// - Parameters:
  ///   - other1: A publisher whose latest value is combined.
  ///   - other2: A second publisher whose latest value is combined.
  ///   - other3: A third publisher whose latest value is combined.
  ///   - resultSelector: Makes the published value of an upstream value and
  ///     the latest values of the three others.
  /// - Returns: A publisher of the combined values.
  public func withLatestFrom<Other1: Publisher, Other2: Publisher, Other3: Publisher, Result>(
    _ other1: Other1,
    _ other2: Other2,
    _ other3: Other3,
    resultSelector: @escaping (Output, (Other1.Output, Other2.Output, Other3.Output)) -> Result
  ) -> Publishers.WithLatestFrom<Self, Publishers.CombineLatest3<Other1, Other2, Other3>, Result>
  where Other1.Failure == Failure, Other2.Failure == Failure, Other3.Failure == Failure {
    Publishers.WithLatestFrom(
      upstream: self,
      other: other1.combineLatest(other2, other3),
      resultSelector: resultSelector
    )
  }

  /// Publishes the latest values of `other1`, `other2` and `other3` each
  /// time the upstream publishes: CombineExt's spelling.
  ///
  /// As ``withLatestFrom(_:_:_:resultSelector:)`` with a selector that
  /// keeps the triple.
  ///
  /// ```text
  /// upstream  -a----b-c--|
  /// other1    --1----2--------
  /// other2    ---u-----------
  /// other3    ----v----------
  /// result    ------P-Q--|       P = (1, u, v), Q = (2, u, v)
  /// ```
  ///
  /// - Parameters:
  ///   - other1: A publisher whose latest value is published.
  ///   - other2: A second publisher whose latest value is published.
  ///   - other3: A third publisher whose latest value is published.
  /// - Returns: A publisher of the triples of latest values, one per upstream value.
  public func withLatestFrom<Other1: Publisher, Other2: Publisher, Other3: Publisher>(
    _ other1: Other1,
    _ other2: Other2,
    _ other3: Other3
  )
    -> Publishers.WithLatestFrom<
      Self, Publishers.CombineLatest3<Other1, Other2, Other3>, (Other1.Output, Other2.Output, Other3.Output)
    >
  where Other1.Failure == Failure, Other2.Failure == Failure, Other3.Failure == Failure {
    Publishers.WithLatestFrom(upstream: self, other: other1.combineLatest(other2, other3)) { $1 }
  }
  #endif
}

extension Publishers {
  /// A publisher that combines each upstream value with the latest value
  /// of another publisher.
  public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher
  where Other.Failure == Upstream.Failure {
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are published, combined.
    public let upstream: Upstream

    /// The publisher whose latest value each upstream value is combined with.
    public let other: Other

    /// Makes the published value of an upstream value and `other`'s latest value.
    public let resultSelector: (Upstream.Output, Other.Output) -> Output

    /// Creates a publisher that combines each value of `upstream` with the
    /// latest value of `other`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are published, combined.
    ///   - other: The publisher whose latest value is combined.
    ///   - resultSelector: Makes the published value.
    public init(
      upstream: Upstream,
      other: Other,
      resultSelector: @escaping (Upstream.Output, Other.Output) -> Output
    ) {
      self.upstream = upstream
      self.other = other
      self.resultSelector = resultSelector
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = WithLatestFromInner<Upstream.Output, Other.Output, S>(
        downstream: subscriber,
        resultSelector: resultSelector
      )
      // `other` first, so that a value it has at hand (a `Just`, a
      // `CurrentValueSubject`) is the latest before the upstream's first value.
      other.subscribe(WithLatestFromOtherSide(inner: inner))
      upstream.subscribe(inner)
    }
  }
}

/// The subscription of ``Publishers/WithLatestFrom``: the upstream's
/// subscriber, and the downstream's subscription.
private final class WithLatestFromInner<Input, Latest, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible, @unchecked Sendable
{
  // @unchecked Sendable: all mutable state is under `state`'s lock.
  typealias Failure = Downstream.Failure

  /// What a live subscription holds. Before the upstream's subscription
  /// comes (`upstream == nil`), the downstream has no subscription yet: a
  /// failure of `other` then waits in `otherFailure`. It waits there too
  /// while an upstream value is being delivered (`isEmitting`), so that the
  /// downstream never receives the failure during a `receive(_:)`: the
  /// emitting thread delivers it when the downstream returns.
  private struct Live {
    var downstream: Downstream
    var resultSelector: (Input, Latest) -> Downstream.Input
    var upstream: (any Subscription)?
    /// Nil before `other`'s subscription comes, and after it finishes.
    var other: (any Subscription)?
    var latest: Latest?
    var otherFailure: Failure?
    var isEmitting = false
  }

  private enum State {
    case live(Live)
    case ended  // completed or cancelled: holds nothing
  }

  private enum Action {
    case none
    case request(any Subscription, Subscribers.Demand)
    case cancel(any Subscription)
    case subscribe(Downstream)
    /// `other` failed before the upstream's subscription came: cancels it,
    /// gives the downstream its subscription, then the failure.
    case failEarly(Live, Failure, upstream: any Subscription)
    case release((any Subscription)?)
    case complete(Downstream, Subscribers.Completion<Failure>, cancelling: (any Subscription)?, Live?)
    case end(Live)  // released after the lock

    var isNone: Bool {
      if case .none = self { true } else { false }
    }
  }

  private let state: Lock<State>

  init(downstream: Downstream, resultSelector: @escaping (Input, Latest) -> Downstream.Input) {
    state = Lock(.live(Live(downstream: downstream, resultSelector: resultSelector)))
  }

  var description: String { "WithLatestFrom" }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      switch state {
      case var .live(live) where live.upstream == nil:
        if let failure = live.otherFailure {
          state = .ended
          return .failEarly(live, failure, upstream: subscription)
        }
        live.upstream = subscription
        state = .live(live)
        return .subscribe(live.downstream)
      case .live, .ended:
        return .cancel(subscription)  // a second subscription, or too late
      }
    }
    perform(action)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let emission = state.withLock { state -> (Downstream, (Input, Latest) -> Downstream.Input, Latest?)? in
      switch state {
      case var .live(live) where live.upstream != nil && live.otherFailure == nil:
        if live.latest != nil {
          live.isEmitting = true
          state = .live(live)
        }
        return (live.downstream, live.resultSelector, live.latest)
      case .live, .ended:
        return nil  // before the subscription (a broken upstream), failing, or over
      }
    }
    guard let (downstream, resultSelector, latest) = emission else { return .none }
    guard let latest else { return .max(1) }  // dropped: ask for a replacement
    let demand = downstream.receive(resultSelector(input, latest))
    let action = state.withLock { state -> Action in
      switch state {
      case var .live(live):
        live.isEmitting = false
        if let failure = live.otherFailure, let upstream = live.upstream {
          state = .ended  // `other` failed during the delivery
          return .complete(live.downstream, .failure(failure), cancelling: upstream, live)
        }
        state = .live(live)
        return .none
      case .ended:
        return .none  // cancelled during the delivery
      }
    }
    perform(action)
    return action.isNone ? demand : .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> Action in
      switch state {
      case let .live(live) where live.upstream != nil:
        state = .ended
        return .complete(live.downstream, completion, cancelling: live.other, live)
      case .live, .ended:
        return .none  // before the subscription (a broken upstream), or over
      }
    }
    perform(action)
  }

  // MARK: Other

  func receiveOther(subscription: any Subscription) {
    let action = state.withLock { state -> Action in
      switch state {
      case var .live(live) where live.other == nil && live.otherFailure == nil:
        live.other = subscription
        state = .live(live)
        return .request(subscription, .unlimited)
      case .live, .ended:
        return .cancel(subscription)
      }
    }
    perform(action)
  }

  func receiveOther(_ value: Latest) {
    let replaced = state.withLock { state -> Latest? in
      switch state {
      case var .live(live):
        let replaced = live.latest
        live.latest = value
        state = .live(live)
        return replaced
      case .ended:
        return nil
      }
    }
    withExtendedLifetime(replaced) {}  // released after the lock
  }

  func receiveOther(completion: Subscribers.Completion<Failure>) {
    let action = state.withLock { state -> Action in
      switch state {
      case var .live(live):
        switch completion {
        case .finished:
          // The latest value stays; only the upstream's end finishes the result.
          let other = live.other
          live.other = nil
          state = .live(live)
          return .release(other)
        case let .failure(error):
          guard let upstream = live.upstream, !live.isEmitting else {
            // Delivered with the downstream's subscription, or by the thread
            // that delivers a value, when the downstream returns.
            let other = live.other
            live.other = nil
            live.otherFailure = error
            state = .live(live)
            return .release(other)
          }
          state = .ended
          return .complete(live.downstream, completion, cancelling: upstream, live)
        }
      case .ended:
        return .none
      }
    }
    perform(action)
  }

  // MARK: Downstream

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let action = state.withLock { state -> Action in
      switch state {
      case let .live(live):
        return live.upstream.map { .request($0, demand) } ?? .none
      case .ended:
        return .none
      }
    }
    perform(action)
  }

  func cancel() {
    let action = state.withLock { state -> Action in
      switch state {
      case let .live(live):
        state = .ended
        return .end(live)
      case .ended:
        return .none  // cancel is idempotent
      }
    }
    perform(action)
  }

  private func perform(_ action: Action) {
    switch action {
    case .none:
      break
    case let .request(subscription, demand):
      subscription.request(demand)
    case let .cancel(subscription):
      subscription.cancel()
    case let .subscribe(downstream):
      downstream.receive(subscription: self)
    case let .failEarly(live, failure, upstream):
      upstream.cancel()
      live.downstream.receive(subscription: self)
      live.downstream.receive(completion: .failure(failure))
    case .release:
      break  // what it carries is released here, after the lock
    case let .complete(downstream, completion, cancelling, _):
      cancelling?.cancel()
      downstream.receive(completion: completion)
    case let .end(live):
      live.upstream?.cancel()
      live.other?.cancel()
    }
  }
}

/// The subscriber to `other`: passes its events to the inner subscription.
private final class WithLatestFromOtherSide<Input, Latest, Downstream: Subscriber>: Subscriber,
  CustomStringConvertible, @unchecked Sendable
{
  // @unchecked Sendable: a constant reference to an inner subscription, which is thread-safe.
  typealias Failure = Downstream.Failure

  private let inner: WithLatestFromInner<Input, Latest, Downstream>

  init(inner: WithLatestFromInner<Input, Latest, Downstream>) {
    self.inner = inner
  }

  var description: String { "WithLatestFrom" }

  func receive(subscription: any Subscription) {
    inner.receiveOther(subscription: subscription)
  }

  func receive(_ input: Latest) -> Subscribers.Demand {
    inner.receiveOther(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receiveOther(completion: completion)
  }
}
