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
  @inlinable
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
  @inlinable
  public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
    Publishers.TryDropWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that drops elements while a predicate holds, then republishes the rest.
  public struct DropWhile<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that tells whether to drop an element.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that drops elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The closure that tells whether to drop an element.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        TruncatingInner(
          subscriber,
          WhileTruncation<Output, Failure, Failure>(name: "DropWhile", kind: .drop, predicate: predicate)
        )
      )
    }
  }

  /// A publisher that drops elements while a throwing predicate holds, then
  /// republishes the rest, and fails with the predicate's error.
  public struct TryDropWhile<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The throwing closure that tells whether to drop an element.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that drops elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The throwing closure that tells whether to drop an element.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        TruncatingInner(
          subscriber,
          WhileTruncation<Output, Upstream.Failure, any Error>(name: "TryDropWhile", kind: .drop, predicate: predicate)
        )
      )
    }
  }
}
