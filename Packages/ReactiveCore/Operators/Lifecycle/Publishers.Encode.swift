extension Publisher where Output: Encodable {
  /// Publishes `encoder.encode(value)` in place of each upstream value.
  ///
  /// An encoding error cancels the upstream and ends the stream with that
  /// error.
  ///
  /// ```text
  /// upstream  -a-b-|
  /// result    -A-B-|     A = encoder.encode(a)
  /// ```
  ///
  /// - Parameter encoder: The encoder to use, such as `JSONEncoder`.
  /// - Returns: A publisher of encoded values, which fails with any error.
  @_alwaysEmitIntoClient
  public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
    Publishers.Encode(upstream: self, encoder: encoder)
  }
}

extension Publishers {
  /// A publisher that encodes each value from the upstream with a
  /// top-level encoder.
  public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
    public typealias Output = Coder.Output

    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The encoder of each value.
    public let encoder: Coder

    /// Creates a publisher that encodes each value from the upstream.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - encoder: The encoder of each value.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, encoder: Coder) {
      self.upstream = upstream
      self.encoder = encoder
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let encoder = encoder
      upstream.subscribe(
        CodingInner<Upstream.Output, Upstream.Failure, S>(subscriber, name: "Encode") { try encoder.encode($0) }
      )
    }
  }
}
