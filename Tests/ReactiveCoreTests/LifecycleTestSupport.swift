import ReactiveCore

// Helpers for the suites of the Lifecycle operators (catch, retry, share…).

/// Keeps a closure-captured `Token` and reports, through a weak reference,
/// whether the operator that holds the closure has let it go.
final class ReleaseWitness: @unchecked Sendable {
  // @unchecked Sendable: set up once by one test, read after.
  weak var token: Token?

  /// A new token, watched weakly; capture it in the closure under test.
  func makeToken() -> Token {
    let token = Token()
    self.token = token
    return token
  }

  var isReleased: Bool { token == nil }
}
