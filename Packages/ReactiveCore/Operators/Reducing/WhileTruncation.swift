/// The truncation of `drop(while:)` and `prefix(while:)` and their `try`
/// variants: the predicate splits the stream at the first value that fails
/// it, and ``Kind`` says which side is published.
struct WhileTruncation<Input, UpstreamFailure: Error, Failure: Error>: Truncation {
  /// Which side of the first value that fails the predicate is published.
  enum Kind {
    /// `drop(while:)`: skip values while the predicate holds, then forward
    /// every value, the predicate no longer called.
    case drop
    /// `prefix(while:)`: forward values while the predicate holds; finish on
    /// the first that fails it.
    case prefix
  }

  let name: StaticString
  let kind: Kind
  let predicate: (Input) throws(Failure) -> Bool
  // Only `.drop` gets a value after the predicate failed: `.prefix` has finished.
  var predicateHolds = true

  var zeroDemandTraps: Bool { true }

  // Combine's `prefix(while:)` traps; its `drop(while:)` ignores them.
  var earlyEventsTrap: Bool { kind == .prefix }

  mutating func receive(_ input: Input) -> TruncationStep<Failure> {
    guard predicateHolds else { return .forward }
    do {
      if try predicate(input) {
        switch kind {
        case .drop: return .skip
        case .prefix: return .forward
        }
      }
      predicateHolds = false
      switch kind {
      case .drop: return .forward
      case .prefix: return .finish
      }
    } catch {
      return .fail(error)
    }
  }
}
