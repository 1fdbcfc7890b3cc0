public import MaybeTraits

/// A publisher whose type promises exactly one value before `.finished`,
/// unless it fails (or never completes).
///
/// A single publisher is also a `MaybePublisher`: it never publishes twice,
/// and it never finishes without a value.
///
/// ```text
/// --------    never: no value, no completion
/// --o--|      one value, then finished
/// -----x      failure
/// ```
public protocol SinglePublisher<Output, Failure>: MaybePublisher {}
