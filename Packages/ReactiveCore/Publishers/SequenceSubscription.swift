/// The subscription of `Publishers.Sequence` and `Record`: it sends the
/// elements of an iterator as demand allows, then a completion.
///
/// It keeps one element of lookahead, so that the completion follows the last
/// element without waiting for more demand (an empty iterator never gets
/// here: its publisher completes at once with `Subscriptions.empty`).
///
/// States:
/// - `idle(downstream, iterator, next)`: no outstanding demand;
/// - `emitting(pendingDemand)`: one thread owns downstream and iterator and
///   loops; `request(_:)` from any thread (or reentrantly from `receive`) only
///   adds to `pendingDemand`, so delivery never recurses;
/// - `cancelledWhileEmitting`: the emitting thread stops at its next check;
/// - `done`: completed or cancelled; holds nothing.
@usableFromInline
final class SequenceSubscription<Downstream: Subscriber, Elements: IteratorProtocol>:
  SpecializedSubscription, CustomStringConvertible
where Elements.Element == Downstream.Input {
  @usableFromInline
  enum State {
    case idle(Downstream, Elements, next: Downstream.Input)
    case emitting(pendingDemand: Subscribers.Demand)
    case cancelledWhileEmitting
    case done
  }

  @usableFromInline
  let state: Lock<State>

  @usableFromInline
  let completion: Subscribers.Completion<Downstream.Failure>

  @usableFromInline
  let kind: SequenceSubscriptionKind

  /// The sequence's own description, as in Combine, while the subscription
  /// holds its iterator (idle); otherwise what Combine shows once it is over:
  /// `Sequence`, or `Cancelled Events` for a `Record`.
  @usableFromInline
  var description: String {
    let sequence = state.withLock { state -> Any? in
      guard case let .idle(_, elements, _) = state else { return nil }
      return (elements as? any SequenceCarrying)?.carriedSequence
    }
    return sequence.map { String(describing: $0) } ?? kind.descriptionWithoutSequence  // the user's, after the lock
  }

  /// `requestSpecialized(_:)` and `cancelSpecialized()`, as closures formed
  /// in `init`: see `SpecializedEntryPoints`.
  @usableFromInline
  let entryPoints: SpecializedEntryPoints<SequenceSubscription>

  /// `request(.none)` asks for nothing, as in Combine: no trap.
  @inlinable
  static var acceptsNoDemand: Bool { true }

  @inlinable
  init(
    _ downstream: Downstream,
    elements: Elements,
    first: Downstream.Input,
    completion: Subscribers.Completion<Downstream.Failure>,
    kind: SequenceSubscriptionKind
  ) {
    state = Lock(.idle(downstream, elements, next: first))
    self.completion = completion
    self.kind = kind
    entryPoints = SpecializedEntryPoints(
      request: { $0.requestSpecialized($1) },
      cancel: { $0.cancelSpecialized() }
    )
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    guard demand > 0 else { return }  // as in Combine, `.none` asks for nothing
    let start = state.withLock { state -> State in
      switch state {
      case .idle:
        defer { state = .emitting(pendingDemand: .none) }
        return state
      case let .emitting(pendingDemand):
        state = .emitting(pendingDemand: pendingDemand + demand)
        return .done
      case .cancelledWhileEmitting, .done:
        return .done
      }
    }
    guard case .idle(let downstream, var elements, var next) = start else { return }
    emit(downstream, &elements, &next, demand: demand)
  }

  /// The emitting loop; runs on one thread at a time, outside the lock.
  @inlinable
  func emit(
    _ downstream: Downstream,
    _ elements: inout Elements,
    _ next: inout Downstream.Input,
    demand: Subscribers.Demand
  ) {
    var demand = demand
    while true {
      while demand > 0 {
        demand -= 1
        demand += downstream.receive(next)
        let stillActive = state.withLock { state -> Bool in
          switch state {
          case let .emitting(pendingDemand):
            demand += pendingDemand
            state = .emitting(pendingDemand: .none)
            return true
          case .cancelledWhileEmitting:
            state = .done
            return false
          case .idle, .done:
            preconditionFailure("Bug in \(kind.name): \(state) while emitting")
          }
        }
        guard stillActive else { return }
        guard let following = elements.next() else {
          let cancelled = state.withLock { state -> Bool in
            defer { state = .done }
            if case .cancelledWhileEmitting = state { return true }
            return false
          }
          if !cancelled {
            downstream.receive(completion: completion)
          }
          return
        }
        next = following
      }
      // Demand is exhausted: go idle, unless more arrived meanwhile.
      let keepGoing = state.withLock { state -> Bool in
        switch state {
        case let .emitting(pendingDemand) where pendingDemand > 0:
          demand = pendingDemand
          state = .emitting(pendingDemand: .none)
          return true
        case .emitting:
          state = .idle(downstream, elements, next: next)
          return false
        case .cancelledWhileEmitting:
          state = .done
          return false
        case .idle, .done:
          preconditionFailure("Bug in \(kind.name): \(state) while emitting")
        }
      }
      guard keepGoing else { return }
    }
  }

  @inlinable
  func cancelSpecialized() {
    let taken = state.withLock { state -> State in
      switch state {
      case .idle:
        defer { state = .done }
        return state
      case .emitting:
        state = .cancelledWhileEmitting
        return .done
      case .cancelledWhileEmitting, .done:
        return .done
      }
    }
    _ = taken  // downstream, iterator and lookahead are released here, after the lock
  }
}

extension SequenceSubscription: CombineReflectable {
  /// Shows the sequence, as Combine's sequence subscription, and a
  /// `Record`'s completion; an empty array in place of the sequence once it
  /// is over or while a thread is delivering (Combine's is empty once over).
  @usableFromInline
  var customMirror: Mirror {
    let sequence = state.withLock { state -> Any? in
      guard case let .idle(_, elements, _) = state else { return nil }
      return (elements as? any SequenceCarrying)?.carriedSequence
    }
    let shown = sequence ?? [Downstream.Input]()
    switch kind {
    case .sequence:
      return Mirror(self, children: ["sequence": shown])
    case .record:
      return Mirror(self, children: ["sequence": shown, "completion": completion])
    }
  }
}

extension SequenceSubscription {
  /// What `Publishers.Sequence` and `Record` do for a new subscriber: a
  /// subscription that sends the elements of `sequence`, then `completion`;
  /// or, when there is no element, an empty subscription and `completion`
  /// at once.
  @inlinable
  static func start<Base: Sequence>(
    _ downstream: Downstream,
    sequence: Base,
    completion: Subscribers.Completion<Downstream.Failure>,
    kind: SequenceSubscriptionKind
  ) where Elements == DescribedIterator<Base> {
    var elements = DescribedIterator(sequence)
    if let first = elements.next() {
      downstream.receive(
        subscription: SequenceSubscription(
          downstream,
          elements: elements,
          first: first,
          completion: completion,
          kind: kind
        )
      )
    } else {
      downstream.receive(subscription: Subscriptions.empty)
      downstream.receive(completion: completion)
    }
  }
}

/// The publisher a `SequenceSubscription` serves.
@usableFromInline
enum SequenceSubscriptionKind {
  case sequence, record

  /// The publisher's name, for trap messages.
  @usableFromInline
  var name: String {
    switch self {
    case .sequence: "Sequence"
    case .record: "Record"
    }
  }

  /// What the subscription describes itself as when it holds no sequence,
  /// as Combine's.
  var descriptionWithoutSequence: String {
    switch self {
    case .sequence: "Sequence"
    case .record: "Cancelled Events"
    }
  }
}

/// An iterator that keeps the sequence it iterates, so that the sequence
/// subscription can describe itself as that sequence, as Combine's does.
@usableFromInline
struct DescribedIterator<Base: Sequence>: IteratorProtocol, SequenceCarrying {
  @usableFromInline
  let sequence: Base

  @usableFromInline
  var base: Base.Iterator

  @inlinable
  init(_ sequence: Base) {
    self.sequence = sequence
    base = sequence.makeIterator()
  }

  @inlinable
  mutating func next() -> Base.Element? {
    base.next()
  }

  var carriedSequence: Any { sequence }
}

/// An iterator that can show the sequence it iterates.
protocol SequenceCarrying {
  var carriedSequence: Any { get }
}
