public import ReactiveCore

/// A publisher whose type promises at most one value: it ends empty, ends
/// after a single value, fails, or never completes.
///
/// The guarantee is made by the compiler: a type conforms only if every
/// instance, for every possible upstream, publishes at most one value and
/// then completes (or fails, or never completes and never publishes twice).
///
/// ```text
/// --------    never: no value, no completion
/// -----|      finished without a value
/// --o--|      one value, then finished
/// -----x      failure
/// ```
public protocol MaybePublisher<Output, Failure>: Publisher {}
