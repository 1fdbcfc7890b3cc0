import ReactiveCore
import TraitsTesting

// Helpers for the suites of the Lifecycle operators (catch, retry, share…).

extension RecordingSubscriber where Failure == any Error {
  /// The events with each failure cast to `TestError` (code -1 if it is
  /// another error), so that a whole event list of a publisher that fails
  /// with `any Error` can be compared at once.
  var testErrorEvents: [RecordingSubscriber<Input, TestError>.Event] {
    events.map { event in
      switch event {
      case .subscription: .subscription
      case let .value(value): .value(value)
      case .finished: .finished
      case let .failure(error): .failure(error as? TestError ?? TestError(code: -1))
      }
    }
  }
}

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
