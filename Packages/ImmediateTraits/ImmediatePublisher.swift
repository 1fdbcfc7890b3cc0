public import ReactiveCore

/// A publisher that publishes a value or fails right on subscription,
/// synchronously, before `receive(subscriber:)` returns, as soon as the
/// subscriber demands a value.
///
/// ```text
/// (o…     a value at subscription, maybe more later
/// x       failure at subscription
/// ```
public protocol ImmediatePublisher<Output, Failure>: Publisher {}
