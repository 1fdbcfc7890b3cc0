extension Publisher {
  /// Folds every element of the upstream into an accumulated value, and
  /// publishes the result when the upstream finishes.
  ///
  /// An upstream that finishes empty gives `initialResult`.
  ///
  /// ```text
  /// upstream  -1-2-3-|
  /// result    -------(6|)     reduce(0, +)
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Combines the accumulated value and the next element.
  /// - Returns: A publisher of one value, the accumulator after the last upstream value.
  @_alwaysEmitIntoClient
  public func reduce<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) -> T
  ) -> Publishers.Reduce<Self, T> {
    Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }

  /// Folds every element of the upstream into an accumulated value with a
  /// throwing closure, and publishes the result when the upstream finishes.
  ///
  /// If the closure throws, the upstream is cancelled and the publisher fails
  /// with the thrown error.
  ///
  /// ```text
  /// upstream  -1-2-3-|     -1-e-3-|
  /// result    -------(6|)  ---x
  /// ```
  ///
  /// - Parameters:
  ///   - initialResult: The value to start from.
  ///   - nextPartialResult: Combines the accumulated value and the next element; may throw.
  /// - Returns: A publisher of one value, the accumulator after the last upstream value.
  @_alwaysEmitIntoClient
  public func tryReduce<T>(
    _ initialResult: T,
    _ nextPartialResult: @escaping (T, Output) throws -> T
  ) -> Publishers.TryReduce<Self, T> {
    Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
  }
}

extension Publishers {
  /// A publisher that folds every element of a stream into one value, published when the stream finishes.
  public struct Reduce<Upstream: Publisher, Output>: Publisher, BodyPublisher {
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The value to start from.
    public let initial: Output

    /// The closure that combines the accumulated value and the next element.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Creates a publisher that folds the elements of `upstream` into one value.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - initial: The value to start from.
    ///   - nextPartialResult: The closure that combines the accumulated value and the next element.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    func makeBody() -> ReduceReduction<Upstream.Output, Output, Failure, Failure> {
      ReduceReduction<Upstream.Output, Output, Failure, Failure>(
        name: "Reduce",
        partial: initial,
        next: nextPartialResult
      )
    }
  }

  /// A publisher that folds every element of a stream into one value with a
  /// throwing closure, and fails with the closure's error.
  public struct TryReduce<Upstream: Publisher, Output>: Publisher, BodyPublisher {
    public typealias Failure = any Error

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The value to start from.
    public let initial: Output

    /// The throwing closure that combines the accumulated value and the next element.
    public let nextPartialResult: (Output, Upstream.Output) throws -> Output

    /// Creates a publisher that folds the elements of `upstream` into one value.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - initial: The value to start from.
    ///   - nextPartialResult: The throwing closure that combines the accumulated value and the next element.
    @_alwaysEmitIntoClient
    public init(
      upstream: Upstream,
      initial: Output,
      nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
    ) {
      self.upstream = upstream
      self.initial = initial
      self.nextPartialResult = nextPartialResult
    }

    func makeBody() -> ReduceReduction<Upstream.Output, Output, Upstream.Failure, any Error> {
      ReduceReduction(name: "TryReduce", partial: initial, next: nextPartialResult)
    }
  }
}

/// Folds each value into the partial result.
struct ReduceReduction<Input, Output, UpstreamFailure: Error, Failure: Error>: Reduction {
  let name: StaticString
  var partial: Output
  let next: (Output, Input) throws(Failure) -> Output

  mutating func receive(_ input: Input) -> ReductionStep<Failure> {
    do {
      partial = try next(partial, input)
      return .proceed
    } catch {
      return .fail(error)
    }
  }

  func result() -> Output? { partial }
}
