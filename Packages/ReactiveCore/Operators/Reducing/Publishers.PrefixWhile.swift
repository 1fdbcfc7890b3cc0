extension Publisher {
  /// Republishes elements while a predicate holds, then finishes.
  ///
  /// The first element that fails the predicate is dropped, the upstream is
  /// cancelled and the publisher finishes.
  ///
  /// ```text
  /// upstream  -a-b-c-d-|
  /// result    -a-b-|          predicate: the value is before c
  /// ```
  ///
  /// - Parameter predicate: Tells whether publishing should continue.
  /// - Returns: A publisher that passes elements through until the predicate fails.
  @inlinable
  public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
    Publishers.PrefixWhile(upstream: self, predicate: predicate)
  }

  /// Republishes elements while a throwing predicate holds, then finishes.
  ///
  /// If the predicate throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// ```text
  /// upstream  -a-b-e-d-|
  /// result    -a-b-x          predicate: true for a and b, throws on e
  /// ```
  ///
  /// - Parameter predicate: Tells whether publishing should continue; may throw.
  /// - Returns: A publisher that passes elements through until the predicate fails or throws.
  @inlinable
  public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
    Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
  }
}

extension Publishers {
  /// A publisher that republishes elements while a predicate holds.
  public struct PrefixWhile<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The closure that tells whether publishing should continue.
    public let predicate: (Upstream.Output) -> Bool

    /// Creates a publisher that republishes elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The closure that tells whether publishing should continue.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        TruncatingInner(
          subscriber,
          WhileTruncation<Output, Failure, Failure>(name: "PrefixWhile", kind: .prefix, predicate: predicate)
        )
      )
    }
  }

  /// A publisher that republishes elements while a throwing predicate holds,
  /// and fails with the predicate's error.
  public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher from which this publisher receives elements.
    public let upstream: Upstream

    /// The throwing closure that tells whether publishing should continue.
    public let predicate: (Upstream.Output) throws -> Bool

    /// Creates a publisher that republishes elements of `upstream` while `predicate` holds.
    ///
    /// - Parameters:
    ///   - upstream: The publisher from which this publisher receives elements.
    ///   - predicate: The throwing closure that tells whether publishing should continue.
    @inlinable
    public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(
        TruncatingInner(
          subscriber,
          WhileTruncation<Output, Upstream.Failure, any Error>(
            name: "TryPrefixWhile",
            kind: .prefix,
            predicate: predicate
          )
        )
      )
    }
  }
}
