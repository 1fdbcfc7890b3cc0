// What the test targets share. Not a product: only the package's test
// targets depend on it. Each test target re-exports it from its own
// `Support.swift` (`@_exported import TestSupport`), so that a test file
// uses `TestError`, `Token` or `ContractChecker` without importing it.
//
// TraitsTesting stays the user-facing module (it does not import Testing);
// this target may, because only tests use it.

import SharedMachinery
public import Testing

/// The error the tests send; `code` tells two failures apart.
public struct TestError: Error, Equatable, Hashable, CustomStringConvertible {
  public var code: Int

  public init(code: Int = 0) {
    self.code = code
  }

  /// `TestError(code: 1)`, whichever module the test is in.
  public var description: String { "TestError(code: \(code))" }
}

/// An object whose lifetime a test follows through a weak reference.
public final class Token: Sendable {
  public init() {}
}

extension Optional where Wrapped == ExitTest.Result {
  /// What the exit test's process wrote to standard error, as text; empty if the test did not run.
  public var standardErrorText: String {
    map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
  }
}

/// Carries a value that is not `Sendable` across threads or into a lock,
/// for a test that owns every use of it.
public struct UncheckedSendable<Value>: @unchecked Sendable {
  public let value: Value

  public init(_ value: Value) {
    self.value = value
  }
}

/// A variable that `@Sendable` sink closures may write (sinks take
/// `@Sendable` closures: see Docs/Concurrency.md).
public final class Shared<Value: Sendable>: Sendable {
  // SharedMachinery's Lock, not a bare Mutex: ThreadSanitizer misses a contended
  // Mutex's hand-over and reports false races (SharedMachinery says why).
  private let storage: Lock<Value>

  public init(_ value: Value) {
    storage = Lock(value)
  }

  public var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}

/// Collects what closures receive, from any thread, in order: values, or
/// named events written by several closures of one test, to check which of
/// two things happened first.
public final class Collector<Element: Sendable>: Sendable {
  private let list = Lock<[Element]>([])  // not a bare Mutex: see Shared

  public init() {}

  public var all: [Element] { list.withLock { $0 } }

  public func append(_ element: Element) { list.withLock { $0.append(element) } }
}

/// An ordered log of named events (see ``Collector``).
public typealias EventLog = Collector<String>
