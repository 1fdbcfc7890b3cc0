// `MergeMany`, and what a value does in the subscription of every merge
// (CombiningInner.swift, shared with combineLatest). The declarations of
// `Merge` to `Merge8` and their `merge(with:)` operators are generated into
// Publishers.Merge+Arities.swift; the decisions are CombiningStateMachine's
// (MergeStateMachine.swift: what a value does).

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
    @_alwaysEmitIntoClient
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Creates the merge of the publishers in `upstream`, in its order.
    ///
    /// - Parameter upstream: The publishers to merge; an empty sequence is allowed.
    @_alwaysEmitIntoClient
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
    @_alwaysEmitIntoClient
    public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
      Publishers.MergeMany(publishers + [other])
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

/// The subscription of every merge.
@usableFromInline
typealias MergeInner<Downstream: Subscriber> = CombiningInner<Downstream, MergeValues<Downstream.Input>>

extension CombiningInner where Values: MergeStorage {
  @inlinable
  func finishWithoutUpstreams() {
    let action = state.withLock { $0.noUpstreams() }
    perform(consume action)
  }

  @inlinable
  func receive(_ input: Downstream.Input) -> Subscribers.Demand {
    let action = state.withLock { $0.valueArrived(input) }
    perform(consume action)
    return .none
  }
}

/// The subscriber a merge attaches to each of its upstreams.
@usableFromInline
struct MergeSide<Downstream: Subscriber>: Subscriber, LibrarySubscriber, CustomStringConvertible {
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

extension MergeSide: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
