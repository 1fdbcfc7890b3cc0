import ReactiveCore
import SingleTraits
import Synchronization
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

/// Forwards a test-controlled upstream as a single publisher, trusting it.
struct ForwardSingle<Upstream: Publisher>: SinglePublisher {
  typealias Output = Upstream.Output
  typealias Failure = Upstream.Failure
  let upstream: Upstream

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    upstream.receive(subscriber: subscriber)
  }
}

/// Collects what closures receive, from any thread.
final class Collector<Element: Sendable>: Sendable {
  private let list = Mutex<[Element]>([])
  var all: [Element] { list.withLock { $0 } }
  func append(_ element: Element) { list.withLock { $0.append(element) } }
}

/// A variable that `@Sendable` sink closures may write (sinks take
/// `@Sendable` closures: see Docs/Concurrency.md).
final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>
  init(_ value: Value) { storage = Mutex(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
