/// The subscription of `Just`, of a successful `Result.Publisher` and of a
/// non-nil `Optional.Publisher`: on the first demand it sends its value, then
/// `.finished`.
///
/// States (``SingleValueState``):
/// - `awaitingDemand(downstream, value)`: subscribed, nothing requested yet;
/// - `done`: value sent, or cancelled; holds nothing.
///
/// Generic over its state's type, not over the downstream that type is
/// built from (see ``SingleValueStateProtocol``).
@usableFromInline
final class SingleValueSubscription<State: SingleValueStateProtocol>: SpecializedSubscription,
  CustomStringConvertible
{
  @usableFromInline
  typealias Downstream = State.Downstream

  /// The lock of `state`, beside it (see `StateLock`: the deinitialiser
  /// then asks the runtime for no lock metadata).
  @usableFromInline
  let lock = StateLock()

  @usableFromInline
  @exclusivity(unchecked) var state: State

  /// Calls `body` with the state, under the lock.
  @inlinable
  func withState<Result>(_ body: (inout SingleValueState<Downstream>) -> Result) -> Result {
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

/// A ``SingleValueState`` named by a generic parameter of its own: the
/// subscription's deinitialiser, which Swift never specialises, finds the
/// state's metadata in the object's class. A stored
/// `SingleValueState<Downstream>` cost a lookup in the runtime's metadata
/// cache (about 320 instructions) at the end of every `Just`. The state's
/// only conformance is its own type. (The same idiom as
/// `AsyncWaiterMachineProtocol`.)
@usableFromInline
protocol SingleValueStateProtocol {
  associatedtype Downstream: Subscriber

  /// Wraps `core`: the state is its own wrapper.
  init(core: SingleValueState<Downstream>)

  /// The state itself.
  var core: SingleValueState<Downstream> { get set }
}

extension SingleValueState: SingleValueStateProtocol {
  @inlinable
  init(core: SingleValueState) {
    self = core
  }

  @inlinable
  var core: SingleValueState {
    get { self }
    _modify { yield &self }
  }
}
