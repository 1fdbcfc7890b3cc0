// What a value does in `combineLatest` (`CombineLatest`, `CombineLatest3`,
// `CombineLatest4`); the rest of its decisions are CombiningStateMachine's
// (CombiningStateMachine.swift: states, transitions, delivery).
//
//   valueArrived(i)        link i not subscribed, or not running → none (dropped)
//                          stored as upstream i's latest; once every upstream has one, a
//                          combination is queued — or replaces the newest queued one when
//                          downstream has no demand for that one (→ discard it);
//                          demand and nobody delivers → claim, first delivery step

/// The typed latest values of a combineLatest, one per upstream (generated per arity).
@usableFromInline
package protocol CombineLatestValues: CombiningValues, ~Copyable {
  /// The latest value of every upstream, once every upstream has one.
  var combination: Output? { get }
}

/// The decisions of a combineLatest: ``CombiningStateMachine`` over the latest values.
@usableFromInline
package typealias CombineLatestStateMachine<
  Downstream,
  Upstream,
  Latest: CombineLatestValues & ~Copyable,
  Failure: Error
> = CombiningStateMachine<Downstream, Upstream, Latest, Failure>

extension CombiningStateMachine where Values: CombineLatestValues & ~Copyable {
  /// A value of upstream `side`; `store` makes it that upstream's latest.
  @inlinable
  package mutating func valueArrived(side: Int, store: (inout Values) -> Void) -> Action {
    guard links.isSubscribed(side: side), case .running = state else { return .none }
    store(&values)
    guard let combination = values.combination else { return .none }
    return enqueue(combination, replacingUnrequested: true)
  }
}
