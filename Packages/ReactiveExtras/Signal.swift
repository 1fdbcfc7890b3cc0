/// An event of a publisher, as a value: a value, the finish, or a failure.
///
/// `materialize()` turns a publisher's events into signals, and
/// `dematerialize()` turns signals back into events.
public enum Signal<Output, Failure: Error> {
  /// The publisher published `Output`.
  case value(Output)
  /// The publisher finished.
  case finished
  /// The publisher failed with `Failure`.
  case failure(Failure)
}

extension Signal: Equatable where Output: Equatable, Failure: Equatable {}

extension Signal: Hashable where Output: Hashable, Failure: Hashable {}

extension Signal: Sendable where Output: Sendable {}

/// CombineExt's name for ``Signal``: the same type, so that code shared with
/// an app that uses CombineExt compiles here unchanged (`Event<Int, MyError>`,
/// `.value(1)`, `.finished`, `.failure(error)`).
public typealias Event<Output, Failure: Error> = Signal<Output, Failure>
