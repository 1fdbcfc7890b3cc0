/// Looks for a value whose predicate result is `lookingFor`: publishes
/// `lookingFor` as soon as it finds one, `!lookingFor` if the upstream
/// finishes first. `contains` looks for `true`, `allSatisfy` for `false`.
struct SearchReduction<Input, UpstreamFailure: Error, Failure: Error>: Reduction {
  typealias Output = Bool

  let name: StaticString
  let lookingFor: Bool
  let predicate: (Input) throws(Failure) -> Bool
  var found = false

  mutating func receive(_ input: Input) -> ReductionStep<Failure> {
    do {
      guard try predicate(input) == lookingFor else { return .proceed }
      found = true
      return .finish
    } catch {
      return .fail(error)
    }
  }

  func result() -> Bool? { found ? lookingFor : !lookingFor }
}
