import Synchronization

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
