import CompletableTraits
import ReactiveCore
import Synchronization
import Testing

struct TestError: Error, Equatable, Hashable {
  var code = 0
}

/// An object whose lifetime a test follows through a weak reference.
final class Token: Sendable {}

/// Forwards a test-controlled upstream as a completable publisher, trusting it.
struct ForwardCompletable<Upstream: Publisher>: CompletablePublisher where Upstream.Output == Never {
  typealias Failure = Upstream.Failure
  let upstream: Upstream

  func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
    upstream.receive(subscriber: subscriber)
  }
}

/// Compiles only for a completable publisher: checks conditional conformances.
func completable<P: CompletablePublisher>(_ publisher: P) -> P { publisher }

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
