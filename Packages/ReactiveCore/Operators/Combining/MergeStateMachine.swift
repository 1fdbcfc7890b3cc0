// What a value does in every merge (`Merge` to `Merge8`, `MergeMany`); the
// rest of its decisions are CombiningStateMachine's
// (CombiningStateMachine.swift: states, transitions, delivery).
//
//   valueArrived           not running → none (dropped)
//                          queued; demand and nobody delivers → claim, first delivery step
//   noUpstreams            (MergeMany of nothing) → completing(.finished); claim

/// What a merge keeps per upstream: nothing, each value is delivered as it is.
@usableFromInline
package protocol MergeStorage: CombiningValues {}

/// The one ``MergeStorage``.
@usableFromInline
package struct MergeValues<Output>: MergeStorage {
  @inlinable
  package init() {}
}

/// The decisions of a merge: ``CombiningStateMachine`` keeping nothing per upstream.
@usableFromInline
package typealias MergeStateMachine<Downstream, Upstream, Output, Failure: Error> =
  CombiningStateMachine<Downstream, Upstream, MergeValues<Output>, Failure>

extension CombiningStateMachine where Values: MergeStorage {
  /// A value of any upstream: Combine does not check which.
  @inlinable
  package mutating func valueArrived(_ value: Output) -> Action {
    guard case .running = state else { return .none }
    return enqueue(value, replacingUnrequested: false)
  }

  /// A merge of no upstream (an empty `MergeMany`) finishes at once.
  @inlinable
  package mutating func noUpstreams() -> Action {
    guard case let .running(downstream) = state else { return .none }
    state = .completing(downstream, .finished)
    return claim()
  }
}
