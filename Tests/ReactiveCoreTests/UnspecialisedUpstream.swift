import ReactiveCore

extension Sequence {
  /// This sequence's publisher behind `Deferred`: the same events as
  /// `publisher`, without Combine's specialised operators of
  /// `Publishers.Sequence` (whose `map` is another `Publishers.Sequence`), so
  /// that an operator test builds and subscribes to the operator's own type.
  var unspecialisedPublisher: Deferred<Publishers.Sequence<Self, Never>> {
    Deferred { self.publisher }
  }
}

/// `Just(value)` behind `Deferred`: the same events as `Just`, without
/// Combine's specialised operators of `Just` (whose `map` is another `Just`).
func unspecialisedJust<Output>(_ value: Output) -> Deferred<Just<Output>> {
  Deferred { Just(value) }
}
