/// An error that stands for another by its description, so that a test can
/// compare failures whose type is not `Equatable`, such as `any Error`.
///
/// Every API of TraitsTesting that compares failures with `==` (event lists,
/// completions, marble comparisons) accepts it: map the failure first.
///
/// ```swift
/// let failing: AnyPublisher<Int, any Error> = Fail(error: URLError(.timedOut)).eraseToAnyPublisher()
/// let recorder = failing.mapError(DescribedError.init).record()
/// #expect(recorder.events == [.subscription, .failure(DescribedError(URLError(.timedOut)))])
/// ```
///
/// A string literal is a described error too, which suits errors whose
/// description is short and stable: `.failure("boom")`. Two described errors
/// are equal when their descriptions are, so two different errors with the
/// same description compare equal: when that matters, compare failures with
/// a closure instead (``MarbleRecorder/compare(with:values:error:failuresBy:)``,
/// ``RecordingSubscriber/hasEvents(_:failuresBy:)``).
public struct DescribedError: Error, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The description of the error this one stands for: `String(describing: error)`.
  public let description: String

  /// Stands for `error`, by its description.
  ///
  /// - Parameter error: The error; its `String(describing:)` is kept.
  public init(_ error: any Error) {
    if let described = error as? DescribedError {
      self = described
    } else {
      description = String(describing: error)
    }
  }

  /// A described error whose description is `value`.
  ///
  /// - Parameter value: The description.
  public init(stringLiteral value: String) {
    description = value
  }
}
