/// The reduction of `first()`, `last()`, `first(where:)`, `last(where:)`
/// and their `try` variants: keeps a value the predicate accepts, and
/// ``Kind`` says which one.
struct MatchReduction<Input, UpstreamFailure: Error, Failure: Error>: Reduction {
  typealias Output = Input

  /// Which accepted value the reduction keeps.
  enum Kind {
    /// Keep the first accepted value, and end the reduction there.
    case first
    /// Keep the latest accepted value, until the upstream finishes.
    case last
  }

  let name: StaticString
  let kind: Kind
  let predicate: (Input) throws(Failure) -> Bool
  var match: Input?

  mutating func receive(_ input: Input) -> ReductionStep<Failure> {
    do {
      guard try predicate(input) else { return .proceed }
      match = input
      switch kind {
      case .first: return .finish
      case .last: return .proceed
      }
    } catch {
      return .fail(error)
    }
  }

  func result() -> Input? { match }
}
