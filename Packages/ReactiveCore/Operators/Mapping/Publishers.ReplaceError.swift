extension Publisher {
  /// Turns an upstream failure into one last value, `output`, followed by a
  /// normal finish.
  ///
  /// On an upstream failure the publisher publishes `output`, then
  /// finishes; if its subscriber has no demand left at that moment, the
  /// element waits for the next request.
  ///
  /// ```text
  /// upstream  -a-b-x
  /// result    -a-b-(e|)      e = output
  /// ```
  ///
  /// - Parameter output: Published in place of the upstream's error.
  /// - Returns: A publisher that never fails.
  @_alwaysEmitIntoClient
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/replaceError(with:)``: an upstream
  /// failure becomes a final value and a finish.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Never

    /// Published, then followed by `.finished`, if the upstream fails.
    public let output: Upstream.Output

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that replaces an upstream failure with `output`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - output: Published, then followed by `.finished`, if the upstream fails.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, output: Output) {
      self.upstream = upstream
      self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.subscribe(
        ReplacingInner<Output, Upstream.Failure, S>(kind: .error, downstream: subscriber, output: output)
      )
    }
  }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}
