extension Publisher {
  /// Gathers all of the upstream's values and, once it finishes, publishes
  /// them as a single array.
  ///
  /// The operator requests an unlimited number of values. An upstream that
  /// finishes empty gives an empty array; on failure, the collected elements
  /// are dropped and the failure passes through.
  ///
  /// ```text
  /// upstream  -a-b-c-|     -a-x
  /// result    -------(o|)  ---x       o = [a, b, c]
  /// ```
  ///
  /// - Returns: A publisher that publishes one array of every element.
  @_alwaysEmitIntoClient
  public func collect() -> Publishers.Collect<Self> {
    Publishers.Collect(upstream: self)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/collect()``: one array of every
  /// upstream value, sent at the upstream's finish.
  public struct Collect<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = [Upstream.Output]
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that collects every element of `upstream`.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    func makeBody() -> CollectReduction<Upstream.Output, Failure> {
      CollectReduction()
    }
  }
}

/// Appends every value to an array.
struct CollectReduction<Element, Failure: Error>: Reduction {
  typealias Input = Element
  typealias Output = [Element]
  typealias UpstreamFailure = Failure

  var name: StaticString { "Collect" }
  var elements: [Element] = []

  mutating func receive(_ input: Element) -> ReductionStep<Failure> {
    elements.append(input)
    return .proceed
  }

  func result() -> [Element]? { elements }

  static func failure(_ error: Failure) -> Failure { error }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}
