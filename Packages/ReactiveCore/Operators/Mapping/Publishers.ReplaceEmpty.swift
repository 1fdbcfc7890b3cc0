extension Publisher {
  /// Publishes `output` if the upstream finishes without publishing a value.
  ///
  /// Values and failures pass through unchanged. As in Combine, the operator
  /// asks its upstream for `.unlimited` once subscribed. The replacement
  /// waits for the subscriber's first demand.
  ///
  /// ```text
  /// upstream  -----|       --a--|     ---x
  /// result    -----(e|)    --a--|     ---x      e = output
  /// ```
  ///
  /// - Parameter output: The value to publish when the upstream finishes empty.
  /// - Returns: A publisher that never finishes without a value.
  @_alwaysEmitIntoClient
  public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
    Publishers.ReplaceEmpty(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that publishes a value if its upstream finishes without
  /// publishing any.
  public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// Published, then followed by `.finished`, if the upstream finishes with no value.
    public let output: Upstream.Output

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that publishes `output` if `upstream` finishes empty.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - output: Published, then followed by `.finished`, if the upstream
    ///     finishes with no value.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        ReplacingInner<Output, Upstream.Failure, S>(kind: .empty, downstream: subscriber, output: output)
      )
    }
  }
}

extension Publishers.ReplaceEmpty: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
