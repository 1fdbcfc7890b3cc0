extension Publisher {
  /// Counts the upstream's values and, once it finishes, publishes that
  /// count as the only value.
  ///
  /// ```text
  /// upstream  -a-b-c-|     ---|      -a-x
  /// result    -------(3|)  ---(0|)   ---x
  /// ```
  ///
  /// - Returns: A publisher of one `Int`, or of the upstream's failure.
  @_alwaysEmitIntoClient
  public func count() -> Publishers.Count<Self> {
    Publishers.Count(upstream: self)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/count()``: how many values the
  /// upstream sent, published at its finish.
  public struct Count<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Int
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that counts the elements of `upstream`.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    func makeBody() -> CountReduction<Upstream.Output, Failure> {
      CountReduction()
    }
  }
}

/// Counts the values.
struct CountReduction<Input, Failure: Error>: Reduction {
  typealias Output = Int
  typealias UpstreamFailure = Failure

  var name: StaticString { "Count" }
  var count = 0

  mutating func receive(_ input: Input) -> ReductionStep<Failure> {
    count += 1
    return .proceed
  }

  func result() -> Int? { count }

  static func failure(_ error: Failure) -> Failure { error }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}
