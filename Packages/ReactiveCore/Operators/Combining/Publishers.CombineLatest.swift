// What a value does in the subscription of `CombineLatest`, `CombineLatest3`
// and `CombineLatest4` (CombiningInner.swift, shared with merge). Their
// declarations (the public structs, the `combineLatest` operators, the typed
// latest values) are generated into Publishers.CombineLatest+Arities.swift;
// the decisions are CombiningStateMachine's (CombineLatestStateMachine.swift:
// what a value does).

/// The subscription of every combineLatest.
@usableFromInline
typealias CombineLatestInner<Downstream: Subscriber, Latest: CombineLatestValues & ~Copyable> =
  CombiningInner<Downstream, Latest>
where Latest.Output == Downstream.Input

extension CombiningInner where Values: CombineLatestValues & ~Copyable {
  @inlinable
  convenience init(_ downstream: Downstream, upstreams: Int) {
    self.init(downstream, upstreams: upstreams, description: "CombineLatest")
  }

  /// A value of upstream `side`; `store` swaps it with that upstream's
  /// latest value, so that the previous one is released after the lock.
  @inlinable
  func receive<Input>(_ input: Input, side: Int, store: (inout Values, inout Input?) -> Void) -> Subscribers.Demand {
    var slot: Input? = input
    let action = state.withLock { machine in
      machine.valueArrived(side: side) { store(&$0, &slot) }
    }
    perform(consume action)
    return .none  // the previous value in `slot` is released here, after the lock
  }

  /// The subscriber a combineLatest attaches to each of its upstreams.
  @usableFromInline
  struct Side<Input>: Subscriber, LibrarySubscriber, CustomStringConvertible {
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    let inner: CombiningInner
    @usableFromInline
    let side: Int
    /// Swaps a value with this upstream's latest: formed once, in
    /// `receive(subscriber:)`, where the values' type is known.
    @usableFromInline
    let store: (inout Values, inout Input?) -> Void
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @inlinable
    init(inner: CombiningInner, side: Int, store: @escaping (inout Values, inout Input?) -> Void) {
      self.inner = inner
      self.side = side
      self.store = store
    }

    @usableFromInline
    var description: String { inner.description }

    @inlinable
    func receive(subscription: any Subscription) {
      inner.receive(subscription: subscription, side: side)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      inner.receive(input, side: side, store: store)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      inner.receive(completion: completion, side: side)
    }
  }
}

extension CombiningInner.Side: CustomReflectable, CustomPlaygroundDisplayConvertible where Values: ~Copyable {
  /// The mirror of the subscription it feeds.
  @usableFromInline
  var customMirror: Mirror { inner.customMirror }
  @usableFromInline
  var playgroundDescription: Any { inner.playgroundDescription }
}
