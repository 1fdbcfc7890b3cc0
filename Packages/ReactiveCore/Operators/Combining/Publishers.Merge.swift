// `MergeMany`, and the subscription of every merge. The declarations of
// `Merge` to `Merge8` and their `merge(with:)` operators are generated into
// Publishers.Merge+Arities.swift; the decisions are MergeStateMachine's.

extension Publishers {
  /// The merge of any number of publishers of one type: their values, interleaved in arrival order.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules. With
  /// no upstream, it finishes at once.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publishers this operator subscribes to, in order.
    public let publishers: [Upstream]

    /// Creates the merge of the publishers listed.
    ///
    /// - Parameter upstream: The publishers to merge; none is allowed.
    @inlinable
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Creates the merge of the publishers in `upstream`, in its order.
    ///
    /// - Parameter upstream: The publishers to merge; an empty sequence is allowed.
    @inlinable
    public init<S: Swift.Sequence>(_ upstream: S) where Upstream == S.Element {
      publishers = Array(upstream)
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      let inner = MergeInner<S>(subscriber, upstreams: publishers.count, description: "Merge")
      subscriber.receive(subscription: inner)
      for (side, publisher) in publishers.enumerated() {
        publisher.subscribe(MergeSide(inner: inner, side: side))
      }
      if publishers.isEmpty { inner.finishWithoutUpstreams() }
    }

    /// Adds one more publisher to the merge.
    ///
    /// - Parameter other: Another publisher of this publisher's type.
    /// - Returns: A merge of this publisher's upstreams and `other`.
    @inlinable
    public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
      Publishers.MergeMany(publishers + [other])
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

/// The subscription of every merge (`Merge` to `Merge8`, `MergeMany`):
/// `MergeStateMachine` behind a lock, and the callouts its actions ask for,
/// made after unlocking. Inlinable and created in the inlinable
/// `receive(subscriber:)`, for the same reason as `ZipInner`.
@usableFromInline
final class MergeInner<Downstream: Subscriber>: SpecializedSubscription, CustomStringConvertible {
  @usableFromInline
  typealias Machine = MergeStateMachine<Downstream, any Subscription, Downstream.Input, Downstream.Failure>

  @usableFromInline
  let state: Lock<Machine>

  /// `request(_:)` and `cancel()` reach specialised code through these
  /// (downstream calls them through `any Subscription`; see `SpecializedEntryPoints`).
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<MergeInner>

  @usableFromInline
  let description: String

  @inlinable
  init(_ downstream: Downstream, upstreams: Int, description: String) {
    state = Lock(Machine(downstream: downstream, upstreams: upstreams))
    self.description = description
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  func finishWithoutUpstreams() {
    let action = state.withLock { $0.noUpstreams() }
    perform(action)
  }

  @inlinable
  func receive(subscription: any Subscription, side: Int) {
    let action = state.withLock { $0.upstreamSubscribed(subscription, side: side) }
    perform(action)
  }

  @inlinable
  func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    let action = state.withLock { $0.valueArrived(input) }
    perform(action)
    return .none
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Downstream.Failure>, side: Int) {
    let action = state.withLock { $0.upstreamCompleted(side: side, completion) }
    perform(action)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    let action = state.withLock { $0.request(demand) }
    perform(action)
  }

  @inlinable
  func cancelSpecialized() {
    let action = state.withLock { $0.cancel() }
    perform(action)  // downstream and the values are released here, after the lock
  }

  /// Performs an action after the lock, and the ones it leads to while this
  /// thread delivers.
  @inlinable
  func perform(_ first: consuming Machine.Action) {
    var action = first
    while true {
      // Consumed, not copied: a copy of the generic action goes through its value witnesses.
      switch consume action {
      case .none, .idle:
        return
      case let .cancelUpstream(subscription):
        subscription.cancel()
        return
      case let .requestUpstream(subscription, demand):
        subscription.request(demand)
        return
      case let .request(links, demand, resume):
        for link in links { link.subscription?.request(demand) }
        guard resume else { return }
        action = state.withLock { $0.resume() }
      case let .cancelUpstreams(subscriptions, leftovers, resume):
        for subscription in subscriptions { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        guard resume else { return }
        action = state.withLock { $0.resume() }
      case let .deliver(downstream, value):
        let additional = downstream.receive(value)
        action = state.withLock { $0.delivered(additional) }
      case let .complete(downstream, completion):
        downstream.receive(completion: completion)
        return
      case let .cancelled(subscriptions, leftovers):
        for subscription in subscriptions { subscription.cancel() }
        _ = leftovers  // released here, after the lock
        return
      }
    }
  }
}

/// The subscriber a merge attaches to each of its upstreams.
@usableFromInline
struct MergeSide<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  @usableFromInline
  typealias Input = Downstream.Input
  @usableFromInline
  typealias Failure = Downstream.Failure

  @usableFromInline
  let inner: MergeInner<Downstream>
  @usableFromInline
  let side: Int
  @usableFromInline
  let combineIdentifier = CombineIdentifier()

  @inlinable
  init(inner: MergeInner<Downstream>, side: Int) {
    self.inner = inner
    self.side = side
  }

  @usableFromInline
  var description: String { inner.description }

  @inlinable
  func receive(subscription: any Subscription) {
    inner.receive(subscription: subscription, side: side)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receive(input)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receive(completion: completion, side: side)
  }
}

extension MergeInner: CombineReflectable {
  /// Shows the downstream and the demand it has not yet received.
  @usableFromInline
  var customMirror: Mirror {
    let (downstream, demand) = state.withLock { ($0.downstream, $0.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension MergeSide: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
