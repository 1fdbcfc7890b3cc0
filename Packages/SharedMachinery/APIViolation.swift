/// The API violations a subscription checks, each message written once.
///
/// Policy, decided here for every module: a violation that Combine traps on
/// traps here too, with the message below (a subscription asked for zero
/// values); one that Combine ignores is ignored (and, where it hides a bug,
/// reported through ``MisuseDiagnostics``). Docs/Reliability.md lists them.
@usableFromInline
package enum APIViolation {
  /// The message of `request(.none)`.
  @usableFromInline
  package static let zeroDemandMessage = "API violation: demand must be greater than zero"

  /// Traps unless `isPositive`: `request(_:)` with `.none` is a violation of
  /// Combine's contract that Combine's own subscriptions trap on.
  ///
  /// Call it as `APIViolation.checkDemand(demand > 0)`: the toolbox names no
  /// Combine type, so the comparison is the caller's. Transparent, so that
  /// the check costs what the `precondition` it replaces cost.
  @_transparent @usableFromInline
  package static func checkDemand(_ isPositive: Bool, file: StaticString = #fileID, line: UInt = #line) {
    precondition(isPositive, zeroDemandMessage, file: file, line: line)
  }
}
