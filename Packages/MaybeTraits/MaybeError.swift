/// The error of a publisher built by `checkMaybe()`: the upstream broke the
/// maybe contract, or it failed.
///
/// A maybe publisher publishes no value, or one value, or fails: it never
/// publishes two values, and it never fails after a value.
///
/// ```swift
/// let cancellable = upstream.checkMaybe().sinkMaybe { result in
///   if case .failure(.tooManyElements) = result { print("contract broken") }
/// }
/// ```
public enum MaybeError<UpstreamFailure: Error>: Error {
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

extension MaybeError {
  /// The former name of ``bothElementAndError(_:)``.
  @available(*, deprecated, renamed: "bothElementAndError")
  public static func elementThenFailure(_ error: UpstreamFailure) -> Self {
    .bothElementAndError(error)
  }
}

extension MaybeError: Equatable where UpstreamFailure: Equatable {}
extension MaybeError: Hashable where UpstreamFailure: Hashable {}

extension MaybeError {
  /// The error a maybe check reports for what it saw.
  @usableFromInline
  init(_ event: TraitCheckEvent<UpstreamFailure>) {
    switch event {
    case .tooManyElements: self = .tooManyElements
    case let .bothElementAndError(error): self = .bothElementAndError(error)
    case let .upstream(error): self = .upstream(error)
    case .missingElement: preconditionFailure("Bug in checkMaybe: a maybe publisher may finish without a value")
    }
  }
}

extension MaybeError: CustomStringConvertible {
  /// A sentence that says what happened, for logs and error reports:
  /// "Maybe violation: the publisher published a second value".
  public var description: String {
    switch self {
    case .tooManyElements: "Maybe violation: the publisher published a second value"
    case let .bothElementAndError(error): "Maybe violation: the publisher failed after its value, with \(error)"
    case let .upstream(error): "\(error)"
    }
  }
}
