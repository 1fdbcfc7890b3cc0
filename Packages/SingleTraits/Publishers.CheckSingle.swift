import MaybeTraits
public import ReactiveCore

extension Publisher {
  /// Checks at run time that this publisher honors the single contract.
  ///
  /// The returned single publisher fails with a ``SingleError`` that names
  /// the violation if this publisher finishes without a value
  /// (``SingleError/missingElement``), publishes a second value
  /// (``SingleError/tooManyElements``, and this publisher is cancelled), or
  /// fails after its value (``SingleError/bothElementAndError(_:)``). A plain
  /// failure becomes ``SingleError/upstream(_:)``. It holds the value until
  /// this publisher completes.
  ///
  /// ```text
  /// upstream  --a--|     -----|      --a--b     --a--x     ---x
  /// result    -----(a|)  -----x      -----x     -----x     ---x
  /// ```
  ///
  /// The failures, from the second column: `.missingElement`,
  /// `.tooManyElements`, `.bothElementAndError(x)`, `.upstream(x)`.
  @inlinable
  public func checkSingle() -> Publishers.CheckSingle<Self> {
    Publishers.CheckSingle(upstream: self)
  }
}

extension Publishers {
  /// The publisher returned by ``ReactiveCore/Publisher/checkSingle()``: the
  /// upstream's one value, or a ``SingleError`` when the upstream has none,
  /// has several, or fails after its value.
  public struct CheckSingle<Upstream: Publisher>: SinglePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = SingleError<Upstream.Failure>

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
        description: "CheckSingle",
        requiresElement: true,
        convert: SingleError.init
      )
      upstream.subscribe(inner)
    }
  }
}

/// The name of ``ReactiveCore/Publishers/CheckSingle`` in the original CombineTraits:
/// the type of `checkSingle()`.
@available(*, deprecated, renamed: "Publishers.CheckSingle")
public typealias CheckSinglePublisher<Upstream: Publisher> = Publishers.CheckSingle<Upstream>
