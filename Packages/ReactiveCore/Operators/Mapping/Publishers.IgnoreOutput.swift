extension Publisher {
  /// Drops every value and forwards only how the upstream ends: finished or
  /// failed.
  ///
  /// The publisher asks upstream for `.unlimited` as soon as it is
  /// subscribed, whatever its subscriber asks.
  ///
  /// ```text
  /// upstream  -a-b-|     -a-x
  /// result    -----|     ---x
  /// ```
  ///
  /// - Returns: A publisher that never publishes a value.
  @_alwaysEmitIntoClient
  public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
    Publishers.IgnoreOutput(upstream: self)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/ignoreOutput()``: no values, only
  /// the upstream's completion.
  public struct IgnoreOutput<Upstream: Publisher>: Publisher {
    public typealias Output = Never

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that ignores the elements of `upstream`.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Upstream.Failure {
      upstream.subscribe(forwarding: subscriber, through: IgnoreOutputStep<Upstream.Output, Failure>())
    }
  }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}
