extension Publisher {
  /// Lets values through as long as `predicate` accepts them; the first
  /// refusal ends the stream.
  ///
  /// The first element that fails the predicate is dropped, the upstream is
  /// cancelled and the publisher finishes.
  ///
  /// ```text
  /// upstream  -a-b-c-d-|
  /// result    -a-b-|          predicate: the value is before c
  /// ```
  ///
  /// - Parameter predicate: Called with each value; `false` ends the stream.
  /// - Returns: The leading values `predicate` accepts.
  @_alwaysEmitIntoClient
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }

  /// Lets values through as long as the throwing `predicate` accepts them;
  /// the first refusal ends the stream.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// ```text
  /// upstream  -a-b-e-d-|
  /// result    -a-b-x          predicate: true for a and b, throws on e
  /// ```
  ///
  /// - Parameter predicate: Called with each value; `false` ends the stream. It may throw.
  /// - Returns: The leading values `predicate` accepts, or its error.
  @_alwaysEmitIntoClient
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/prefix(while:)``: the upstream's
  /// values up to the first one `predicate` refuses.
  public struct PrefixWhile<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Called with each value; `false` ends the stream.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that republishes elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: Called with each value; `false` ends the stream.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> WhileTruncation<Output, Failure, Failure> {
      WhileTruncation<Output, Failure, Failure>(name: "PrefixWhile", kind: .prefix, predicate: predicate)
    }
  }

  /// The publisher returned by ``Publisher/tryPrefix(while:)``: the upstream's
  /// values up to the first one `predicate` refuses, or its error.
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Called with each value; `false` ends the stream, a throw fails it.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that republishes elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: Called with each value; `false` ends the stream, a throw fails it.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> WhileTruncation<Output, Upstream.Failure, any Error> {
      WhileTruncation(name: "TryPrefixWhile", kind: .prefix, predicate: predicate)
    }
  }
}
