extension Publisher {
  /// Replaces any error in the stream with the provided element.
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
  /// - Parameter output: An element to emit when the upstream publisher fails.
  /// - Returns: A publisher that replaces an error from the upstream
  ///   publisher with the provided output element.
  @inlinable
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }
}

extension Publishers {
  /// A publisher that replaces any error in the stream with a provided element.
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Never

    /// The element with which to replace errors from the upstream publisher.
    public let output: Upstream.Output

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// Creates a publisher that replaces an upstream failure with `output`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - output: The element with which to replace errors from the upstream publisher.
    @inlinable
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
