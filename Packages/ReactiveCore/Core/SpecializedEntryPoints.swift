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

/// A subscription whose `request(_:)` and `cancel()` go through its
/// ``SpecializedEntryPoints``: it writes only the specialised bodies.
///
/// `request(_:)` checks the demand (a request for no demand traps, as in
/// Combine) before it jumps, so no specialised body repeats the check;
/// a subscription that Combine lets take `.none` says so with
/// `acceptsNoDemand`.
@usableFromInline
protocol SpecializedSubscription: Subscription, AnyObject {
  var entryPoints: SpecializedEntryPoints<Self> { get }
  /// Whether `request(.none)` is accepted instead of trapping (false by default).
  static var acceptsNoDemand: Bool { get }
  /// `request(_:)`, specialised; `demand` is greater than zero unless `acceptsNoDemand`.
  func requestSpecialized(_ demand: Subscribers.Demand)
  /// `cancel()`, specialised.
  func cancelSpecialized()
}

// Always inlined: inlined into each class's witness, `entryPoints` is a
// stored-property read and `acceptsNoDemand` a constant; called as generic
// functions they cost a witness call each (subscribe + cancel: +160
// instructions in make bench).
extension SpecializedSubscription {
  @inlinable @inline(__always)
  static var acceptsNoDemand: Bool { false }

  @inlinable @inline(__always)
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0 || Self.acceptsNoDemand)
    entryPoints.request(self, demand)
  }

  @inlinable @inline(__always)
  func cancel() {
    entryPoints.cancel(self)
  }
}
