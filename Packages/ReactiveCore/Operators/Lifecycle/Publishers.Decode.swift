extension Publisher {
  /// Publishes `decoder.decode(type, from: value)` in place of each upstream
  /// value.
  ///
  /// A decoding error cancels the upstream and ends the stream with that
  /// error.
  ///
  /// ```text
  /// upstream  -A-B-|
  /// result    -a-b-|     a = decoder.decode(type, from: A)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to decode each value into.
  ///   - decoder: The decoder to use, such as `JSONDecoder`.
  /// - Returns: A publisher of decoded values, which fails with any error.
  @_alwaysEmitIntoClient
  public func decode<Item: Decodable, Coder: TopLevelDecoder>(
    type: Item.Type,
    decoder: Coder
  ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
    Publishers.Decode(upstream: self, decoder: decoder)
  }
}

extension Publishers {
  /// A publisher that decodes each value from the upstream with a
  /// top-level decoder.
  public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
  where Upstream.Output == Coder.Input {
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The decoder of each value.
    public let decoder: Coder

    /// Creates a publisher that decodes each value from the upstream.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - decoder: The decoder of each value.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, decoder: Coder) {
      self.upstream = upstream
      self.decoder = decoder
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let decoder = decoder
      upstream.subscribe(
        CodingInner<Upstream.Output, Upstream.Failure, S>(subscriber, name: "Decode") {
          try decoder.decode(Output.self, from: $0)
        }
      )
    }
  }
}
