/// The subscription of `Just`, of a successful `Result.Publisher` and of a
/// non-nil `Optional.Publisher`: on the first demand it sends its value, then
/// `.finished`.
///
/// States (``SingleValueState``):
/// - `awaitingDemand(downstream, value)`: subscribed, nothing requested yet;
/// - `done`: value sent, or cancelled; holds nothing.
///
/// `State` is the state's type, as a generic argument (see
/// `ClassArgumentState`): the deinitialiser then asks the runtime's metadata
/// cache for nothing (a lookup, about 320 instructions, at the end of every
/// `Just` when the stored type was built from `Downstream`).
@usableFromInline
final class SingleValueSubscription<Downstream: Subscriber, State: ClassArgumentState>: SpecializedSubscription,
  CustomStringConvertible
where State.Core == SingleValueState<Downstream> {
  /// The lock of `state`, beside it (see `StateLock`: the deinitialiser
  /// then asks the runtime for no lock metadata).
  @usableFromInline
  let lock = StateLock()

  @usableFromInline
  @exclusivity(unchecked) var state: State

  /// Calls `body` with the state, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout SingleValueState<Downstream>) -> Result) -> Result {
    lock.withLock { body(&state.core) }
  }

  @usableFromInline
  let name: StaticString

  @usableFromInline
  var description: String { name.description }

  /// `requestSpecialized(_:)` and `cancelSpecialized()`, as closures formed
  /// in `init`: see `SpecializedEntryPoints`.
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<SingleValueSubscription>

  @inlinable
  init(_ downstream: Downstream, value: Downstream.Input, name: StaticString) {
    state = State(core: .awaitingDemand(downstream, value))
    self.name = name
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    let taken = withState { state -> SingleValueState<Downstream> in
      defer { state = .done }
      return state
    }
    guard case let .awaitingDemand(downstream, value) = taken else { return }
    _ = downstream.receive(value)
    downstream.receive(completion: .finished)
  }

  @inlinable
  func cancelSpecialized() {
    let taken = withState { state -> SingleValueState<Downstream> in
      defer { state = .done }
      return state
    }
    _ = taken  // downstream and value are released here, after the lock
  }
}

extension SingleValueSubscription: CombineReflectable {
  /// Shows the value not yet sent, unlabelled, as Combine's `Just`; nothing
  /// once it is sent or cancelled.
  @usableFromInline
  var customMirror: Mirror {
    let value = withState { state -> Downstream.Input? in
      guard case let .awaitingDemand(_, value) = state else { return nil }
      return value
    }
    return Mirror(self, unlabeledChildren: value.map { [$0] } ?? [])
  }
}

/// What a ``SingleValueSubscription`` holds.
@usableFromInline
enum SingleValueState<Downstream: Subscriber> {
  case awaitingDemand(Downstream, Downstream.Input)
  case done
}

extension SingleValueState: ClassArgumentState {
  @usableFromInline
  typealias Core = SingleValueState
}
