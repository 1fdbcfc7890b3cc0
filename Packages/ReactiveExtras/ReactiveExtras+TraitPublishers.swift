public import MaybeTraits
public import SingleTraits

// Which ReactiveExtras publishers are single or maybe publishers: each type
// has a row, its conformance with the weakest condition that is true for every
// upstream, or a comment that says why it must not conform. Each conformance
// is used in Tests/ReactiveExtrasTests; each non-conformance is a
// compile-failure check in Tests/CompileChecks/ReactiveExtrasConformances.swift.

// Publishers.ShareReplay: the replay keeps at least one value (share(replay:)
// traps on a count below 1), so every subscriber, early or late, receives the
// upstream's value if it had one, then its completion. Each connection has a
// subject of its own, so no subscriber sees the values of two connections.
extension Publishers.ShareReplay: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.ShareReplay: SinglePublisher where Upstream: SinglePublisher {}

// Publishers.WithLatestFrom: at most one value after a maybe publisher.
// Not single after a single: its value is dropped if `other` has not published yet.
extension Publishers.WithLatestFrom: MaybePublisher where Upstream: MaybePublisher {}

// Publishers.Materialize: not maybe — after a single it publishes two signals,
// the value's and the completion's.
// Publishers.Dematerialize: not maybe — its signals may carry any number of values.
