import ReactiveCore
import Testing

extension Optional where Wrapped == ExitTest.Result {
  /// What the exit test's process wrote to standard error, as text; empty if the test did not run.
  var standardErrorText: String {
    map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  }
}

struct TestError: Error, Equatable, Hashable {
  var code = 0
}

/// An object whose lifetime a test follows through a weak reference.
final class Token: Sendable {}
