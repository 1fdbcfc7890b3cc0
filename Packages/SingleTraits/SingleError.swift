import MaybeTraits

/// The error of a publisher built by `checkSingle()`: the upstream broke the
/// single contract, or it failed.
///
/// A single publisher publishes exactly one value and finishes, or fails
/// before any value: it never finishes empty, never publishes two values,
/// and never fails after a value.
///
/// ```swift
/// let cancellable = upstream.checkSingle().sinkSingle { result in
///   if case .failure(.missingElement) = result { print("contract broken") }
/// }
/// ```
public enum SingleError<UpstreamFailure: Error>: Error {
  /// The upstream finished without publishing any value.
  case missingElement
  /// The upstream published a second value. The upstream is cancelled.
  case tooManyElements
  /// The upstream published a value, then failed with this error.
  ///
  /// The original CombineTraits names this case without a payload; its
  /// pattern `case .bothElementAndError:` matches this case as well.
  case bothElementAndError(UpstreamFailure)
  /// The upstream failed with this error before publishing any value: the
  /// contract holds, and the error is passed on.
  case upstream(UpstreamFailure)
}

extension SingleError {
  /// The former name of ``bothElementAndError(_:)``.
  @available(*, deprecated, renamed: "bothElementAndError")
  public static func elementThenFailure(_ error: UpstreamFailure) -> Self {
    .bothElementAndError(error)
  }
}

extension SingleError: Equatable where UpstreamFailure: Equatable {}
extension SingleError: Hashable where UpstreamFailure: Hashable {}

extension SingleError {
  /// The error a single check reports for what it saw.
  @usableFromInline
  init(_ event: TraitCheckEvent<UpstreamFailure>) {
    switch event {
    case .missingElement: self = .missingElement
    case .tooManyElements: self = .tooManyElements
    case let .bothElementAndError(error): self = .bothElementAndError(error)
    case let .upstream(error): self = .upstream(error)
    }
  }
}

extension SingleError: CustomStringConvertible {
  /// A sentence that says what happened, for logs and error reports:
  /// "Single violation: the publisher published a second value".
  public var description: String {
    switch self {
    case .missingElement: "Single violation: the publisher finished without publishing a value"
    case .tooManyElements: "Single violation: the publisher published a second value"
    case let .bothElementAndError(error): "Single violation: the publisher failed after its value, with \(error)"
    case let .upstream(error): "\(error)"
    }
  }
}
