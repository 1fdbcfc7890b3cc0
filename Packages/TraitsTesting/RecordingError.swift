import ReactiveCore

/// Why ``RecordingSubscriber/next(timeout:)`` or
/// ``RecordingSubscriber/awaitCompletion(timeout:)`` gave up.
///
/// Its description says what was awaited and lists the events recorded so
/// far, so that a failing test explains itself:
///
/// ```text
/// RecordingSubscriber timed out after 0.05 seconds awaiting value #2;
/// recorded events: [subscription, value(1)]
/// ```
///
/// ```swift
/// do {
///   _ = try await recorder.next(timeout: .milliseconds(50))
/// } catch let error as RecordingError {
///   print(error)
/// }
/// ```
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The awaited event did not come within `timeout`.
  ///
  /// - `awaited`: `"value #n"` (the n-th value returned by `next`) or `"completion"`.
  /// - `recordedEvents`: the events recorded when the timeout expired, such as `"[subscription, value(1)]"`.
  case timeout(awaited: String, timeout: Duration, recordedEvents: String)

  /// The publisher completed before the value that `next` awaited.
  ///
  /// - `awaited`: `"value #n"`, the n-th value returned by `next`.
  /// - `completion`: `".finished"` or `".failure(error)"`.
  /// - `recordedEvents`: every event recorded, such as `"[subscription, value(1), finished]"`.
  case completedBeforeNextValue(awaited: String, completion: String, recordedEvents: String)

  public var description: String {
    switch self {
    case let .timeout(awaited, timeout, recordedEvents):
      "RecordingSubscriber timed out after \(timeout) awaiting \(awaited); recorded events: \(recordedEvents)"
    case let .completedBeforeNextValue(awaited, completion, recordedEvents):
      "RecordingSubscriber completed with \(completion) before a next value (\(awaited)); "
        + "recorded events: \(recordedEvents)"
    }
  }

  static func describe<Failure>(_ completion: Subscribers.Completion<Failure>) -> String {
    switch completion {
    case .finished:
      ".finished"
    case let .failure(error):
      ".failure(\(error))"
    }
  }

  static func describe<Input, Failure>(_ events: [RecordingSubscriber<Input, Failure>.Event]) -> String {
    "[" + events.map(\.description).joined(separator: ", ") + "]"
  }
}
