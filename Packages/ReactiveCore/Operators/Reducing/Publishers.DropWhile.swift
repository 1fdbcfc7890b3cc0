extension Publisher {
  /// Drops elements while a predicate holds, then republishes all the rest.
  ///
  /// Each dropped element asks the upstream for one more in its place. Once
  /// an element fails the predicate, the predicate is not called again.
  ///
  /// ```text
  /// upstream  -a-b-c-a-|
  /// result    -----c-a-|      predicate: the value is a or b
  /// ```
  ///
  /// - Parameter predicate: Tells whether to drop an element.
  /// - Returns: A publisher that skips elements until the predicate fails.
  @_alwaysEmitIntoClient
  public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
    Publishers.DropWhile(upstream: self, predicate: predicate)
  }

  /// Drops elements while a throwing predicate holds, then republishes all the rest.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// ```text
  /// upstream  -a-e-c-|
  /// result    ---x            predicate: true for a, throws on e
  /// ```
  ///
  /// - Parameter predicate: Tells whether to drop an element; may throw.
  /// - Returns: A publisher that skips elements until the predicate fails or throws.
  @_alwaysEmitIntoClient
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/drop(while:)``: the upstream's
  /// values from the first one `predicate` refuses onwards.
  public struct DropWhile<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Called with each value until it first answers `false`; `true` drops the value.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that drops elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: Called with each value until it first answers `false`; `true` drops the value.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> WhileTruncation<Output, Failure, Failure> {
      WhileTruncation<Output, Failure, Failure>(name: "DropWhile", kind: .drop, predicate: predicate)
    }
  }

  /// A publisher that drops elements while a throwing predicate holds, then
  /// republishes the rest, and fails with the predicate's error.
  public struct TryDropWhile<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Called with each value until it first answers `false`; `true` drops the value, a throw fails the stream.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that drops elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - predicate: Called with each value until it first answers `false`; it may throw.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    func makeBody() -> WhileTruncation<Output, Upstream.Failure, any Error> {
      WhileTruncation(name: "TryDropWhile", kind: .drop, predicate: predicate)
    }
  }
}
