extension Publisher where Output: Comparable {
  /// Waits for the upstream to finish, then publishes the smallest value it
  /// sent (by `<`).
  ///
  /// Of several equal minima, the first one is published.
  ///
  /// ```text
  /// upstream  -3-1-2-|
  /// result    -------(1|)
  /// ```
  ///
  /// - Returns: A publisher that publishes the minimum element.
  @_alwaysEmitIntoClient
  public func min() -> Publishers.Comparison<Self> {
    max(by: >)
  }

  /// Waits for the upstream to finish, then publishes the largest value it
  /// sent (by `<`).
  ///
  /// Of several equal maxima, the first one is published.
  ///
  /// ```text
  /// upstream  -1-3-2-|
  /// result    -------(3|)
  /// ```
  ///
  /// - Returns: A publisher that publishes the maximum element.
  @_alwaysEmitIntoClient
  public func max() -> Publishers.Comparison<Self> {
    max(by: <)
  }
}

extension Publisher {
  /// Waits for the upstream to finish, then publishes the smallest value it
  /// sent, by `areInIncreasingOrder`.
  ///
  /// - Parameter areInIncreasingOrder: Tells whether its first argument comes before its second.
  /// - Returns: A publisher that publishes the minimum element.
  @_alwaysEmitIntoClient
  public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
    max { areInIncreasingOrder($1, $0) }
  }

  /// Waits for the upstream to finish, then publishes the smallest value it
  /// sent, by the throwing `areInIncreasingOrder`.
  ///
  /// If the ordering throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// - Parameter areInIncreasingOrder: Tells whether its first argument comes before its second; may throw.
  /// - Returns: A publisher that publishes the minimum element.
  @_alwaysEmitIntoClient
  public func tryMin(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    tryMax { try areInIncreasingOrder($1, $0) }
  }

  /// Waits for the upstream to finish, then publishes the largest value it
  /// sent, by `areInIncreasingOrder`.
  ///
  /// ```text
  /// upstream  -1-3-2-|
  /// result    -------(3|)     areInIncreasingOrder: <
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: Tells whether its first argument comes before its second.
  /// - Returns: A publisher that publishes the maximum element.
  @_alwaysEmitIntoClient
  public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
    Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }

  /// Waits for the upstream to finish, then publishes the largest value it
  /// sent, by the throwing `areInIncreasingOrder`.
  ///
  /// If the ordering throws, the upstream is cancelled and the publisher
  /// fails with the thrown error.
  ///
  /// - Parameter areInIncreasingOrder: Tells whether its first argument comes before its second; may throw.
  /// - Returns: A publisher that publishes the maximum element.
  @_alwaysEmitIntoClient
  public func tryMax(
    by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool
  ) -> Publishers.TryComparison<Self> {
    Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
  }
}

extension Publishers {
  /// A publisher that publishes the greatest element of a stream, by an
  /// ordering, once the stream finishes.
  public struct Comparison<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The closure that tells whether its first argument comes before its second.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

    /// Creates a publisher that publishes the greatest element of `upstream` by `areInIncreasingOrder`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - areInIncreasingOrder: The closure that tells whether its first argument comes before its second.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    func makeBody() -> ComparisonReduction<Output, Failure, Failure> {
      ComparisonReduction<Output, Failure, Failure>(name: "Comparison", ordered: areInIncreasingOrder)
    }
  }

  /// A publisher that publishes the greatest element of a stream, by a
  /// throwing ordering, once the stream finishes, and fails with the ordering's error.
  public struct TryComparison<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The throwing closure that tells whether its first argument comes before its second.
    public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

    /// Creates a publisher that publishes the greatest element of `upstream` by `areInIncreasingOrder`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - areInIncreasingOrder: The throwing closure that tells whether its first argument comes before its second.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
    ) {
      self.upstream = upstream
      self.areInIncreasingOrder = areInIncreasingOrder
    }

    func makeBody() -> ComparisonReduction<Output, Upstream.Failure, any Error> {
      ComparisonReduction(name: "TryComparison", ordered: areInIncreasingOrder)
    }
  }
}

/// Keeps the greatest value so far: a new value replaces it only if it comes strictly after it.
struct ComparisonReduction<Input, UpstreamFailure: Error, Failure: Error>: Reduction {
  typealias Output = Input

  let name: StaticString
  let ordered: (Input, Input) throws(Failure) -> Bool
  var greatest: Input?

  mutating func receive(_ input: Input) -> ReductionStep<Failure> {
    guard let current = greatest else {
      greatest = input
      return .proceed
    }
    do {
      if try ordered(current, input) {
        greatest = input
      }
      return .proceed
    } catch {
      return .fail(error)
    }
  }

  func result() -> Input? { greatest }
}
