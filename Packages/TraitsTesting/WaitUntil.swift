/// Waits until `condition` holds, checking it every millisecond, for at most
/// `timeout`: for tests whose publisher works on another thread or task.
///
/// ```swift
/// let task = Task { await publisher.values.first { _ in true } }
/// try await waitUntil { upstream.requests.count == 1 }
/// ```
///
/// The timeout is generous by default: a condition that holds in a
/// millisecond on a quiet machine may take seconds on a loaded one, and the
/// wait ends as soon as the condition holds.
///
/// - Parameters:
///   - timeout: How long to wait before giving up.
///   - condition: Checked on the calling task, once per millisecond.
/// - Throws: ``ConditionTimeout`` if the condition still does not hold after
///   `timeout`, or `CancellationError` if the task is cancelled.
public func waitUntil(timeout: Duration = .seconds(20), _ condition: () -> Bool) async throws {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { throw ConditionTimeout(timeout: timeout) }
    try await Task.sleep(for: .milliseconds(1))
  }
}

/// The error of a ``waitUntil(timeout:_:)`` whose condition never held.
public struct ConditionTimeout: Error, CustomStringConvertible {
  /// How long the wait lasted.
  public let timeout: Duration

  /// Creates the error of a wait that lasted `timeout`.
  public init(timeout: Duration) {
    self.timeout = timeout
  }

  public var description: String { "condition not met within \(timeout)" }
}
