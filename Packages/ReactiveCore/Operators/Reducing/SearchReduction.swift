/// Looks for a value whose predicate result is `lookingFor`: publishes
/// `lookingFor` as soon as it finds one, `!lookingFor` if the upstream
/// finishes first. `contains` looks for `true`, `allSatisfy` for `false`.
struct SearchReduction<Input, UpstreamFailure: Error, Failure: Error>: Reduction {
  typealias Output = Bool

  let name: StaticString
  let lookingFor: Bool
  let predicate: (Input) throws(Failure) -> Bool
  var found = false

  init(name: StaticString, lookingFor: Bool, predicate: @escaping (Input) throws(Failure) -> Bool) {
    self.name = name
    self.lookingFor = lookingFor
    self.predicate = predicate
  }

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

  // Always succeeds: Failure is UpstreamFailure, or `any Error` for the try variants.
  static func failure(_ error: UpstreamFailure) -> Failure { error as! Failure }
}
