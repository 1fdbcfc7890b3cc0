/// A subscription's `request(_:)` and `cancel()`, as closures formed where
/// the subscription is created.
///
/// Why: a subscription is called through `any Subscription`, and a protocol
/// witness (or a class method) of a generic type always runs the generic,
/// unspecialised body, which asks the runtime for the metadata of every
/// generic type it touches (`Lock<State>`, `State`, optionals, tuples): a
/// hash-table lookup each, thousands of instructions per call. The
/// subscription's `init` is `@inlinable`, so it is usually compiled where
/// the concrete types are known: a closure literal formed there is
/// specialised too, and, capturing nothing, costs no allocation. `request(_:)`
/// and `cancel()` jump through these closures straight into specialised code.
/// Where `init` itself runs unspecialised, the closures are unspecialised as
/// well and behave exactly the same, only slower.
@usableFromInline
struct SpecializedEntryPoints<Owner: AnyObject> {
  @usableFromInline
  let request: (Owner, Subscribers.Demand) -> Void

  @usableFromInline
  let cancel: (Owner) -> Void

  @inlinable
  init(
    request: @escaping (Owner, Subscribers.Demand) -> Void,
    cancel: @escaping (Owner) -> Void
  ) {
    self.request = request
    self.cancel = cancel
  }
}

/// A subscription whose `request(_:)` and `cancel()` jump through the
/// `entryPoints` it formed in `init`: the two forwarding methods, written
/// once for every such subscription (Just's, Publishers.Sequence's,
/// Future's and the subjects').
///
/// The methods are inlinable and tiny: in the witness of each conforming
/// (final) class they inline to the same stored-property read and closure
/// call as a method written in the class itself.
@usableFromInline
protocol SpecializedEntryPointsOwner: AnyObject, Subscription {
  var entryPoints: SpecializedEntryPoints<Self> { get }
}

extension SpecializedEntryPointsOwner {
  @inlinable
  func request(_ demand: Subscribers.Demand) {
    entryPoints.request(self, demand)
  }

  @inlinable
  func cancel() {
    entryPoints.cancel(self)
  }
}
