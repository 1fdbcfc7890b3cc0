public import MaybeTraits

/// A publisher that publishes no value: it finishes, or fails, or never
/// completes.
///
/// A completable publisher is a `MaybePublisher` whose `Output` is `Never`:
/// it stands for work whose only news is that it is over, such as a save, a
/// deletion or a cache flush.
///
/// ```text
/// --------    never: no completion
/// -----|      finished
/// -----x      failure
/// ```
///
/// Since `Output` is `Never`, the compiler already knows that such a publisher
/// publishes no value; the protocol gives the trait a name to write in a
/// signature (`some CompletablePublisher<SaveError>`), and the operators that
/// only make sense for it: ``sinkCompletable(receive:)``, ``andThen(_:)``,
/// `value`.
public protocol CompletablePublisher<Failure>: MaybePublisher where Output == Never {}
