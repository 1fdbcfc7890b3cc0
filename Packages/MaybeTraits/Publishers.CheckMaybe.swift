public import ReactiveCore

extension Publisher {
  /// Checks at run time that this publisher honors the maybe contract.
  ///
  /// The returned maybe publisher fails with ``MaybeError/tooManyElements``
  /// (and cancels this publisher) on a second value, with
  /// ``MaybeError/bothElementAndError(_:)`` on a failure after a value, and
  /// with ``MaybeError/upstream(_:)`` on a plain failure. It holds the value
  /// until this publisher completes.
  ///
  /// ```swift
  /// let name: AnyMaybePublisher<String, MaybeError<Never>> = subject.prefix(1).checkMaybe().eraseToAnyMaybePublisher()
  /// ```
  ///
  /// ```text
  /// upstream  --o--o--|
  /// result    -----x          x = MaybeError.tooManyElements
  /// ```
  @inlinable
  public func checkMaybe() -> Publishers.CheckMaybe<Self> {
    Publishers.CheckMaybe(upstream: self)
  }
}

extension Publishers {
  /// A maybe publisher that checks its upstream at run time, failing with a
  /// ``MaybeError`` if the contract is broken. See ``ReactiveCore/Publisher/checkMaybe()``.
  public struct CheckMaybe<Upstream: Publisher>: MaybePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = MaybeError<Upstream.Failure>

    /// The publisher whose values are checked.
    public let upstream: Upstream

    @inlinable
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = TraitCheckInner<Output, Upstream.Failure, S>(
        subscriber,
        description: "CheckMaybe",
        requiresElement: false,
        convert: MaybeError.init
      )
      upstream.subscribe(inner)
    }
  }
}

/// The name of ``ReactiveCore/Publishers/CheckMaybe`` in the original CombineTraits:
/// the type of `checkMaybe()`.
@available(*, deprecated, renamed: "Publishers.CheckMaybe")
public typealias CheckMaybePublisher<Upstream: Publisher> = Publishers.CheckMaybe<Upstream>
