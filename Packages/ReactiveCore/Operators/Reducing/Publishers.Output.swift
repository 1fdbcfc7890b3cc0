extension Publisher {
  /// Lets through the upstream's first `maxLength` values, then finishes.
  ///
  /// The operator finishes (and cancels the upstream) right after the last
  /// value it republishes, or when the upstream completes.
  ///
  /// ```text
  /// upstream  -a-b-c-d-|
  /// result    -a-(b|)        maxLength: 2
  /// ```
  ///
  /// - Parameter maxLength: How many values to let through; must not be negative.
  /// - Returns: A publisher of at most `maxLength` values.
  @_alwaysEmitIntoClient
  public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
    precondition(maxLength >= 0, "API violation: prefix(_:) length must not be negative, got \(maxLength)")
    return output(in: ..<maxLength)
  }

  /// Picks the upstream's value number `index` (counting from zero),
  /// publishes it, and finishes.
  ///
  /// Values before the index are dropped (each asks the upstream for one
  /// more in its place).
  ///
  /// ```text
  /// upstream  -a-b-c-d-|
  /// result    ---(b|)        index: 1
  /// ```
  ///
  /// - Parameter index: The index of the element to publish; must not be negative.
  /// - Returns: A publisher that publishes the element at `index`.
  @_alwaysEmitIntoClient
  public func output(at index: Int) -> Publishers.Output<Self> {
    precondition(index >= 0, "API violation: output(at:) index must not be negative, got \(index)")
    return output(in: index...index)
  }

  /// Picks the upstream's values whose positions (counting from zero) fall in
  /// `range`, and finishes after the last of them.
  ///
  /// ```text
  /// upstream  -a-b-c-d-e-|
  /// result    ---b-(c|)      range: 1...2
  /// ```
  ///
  /// - Parameter range: The indices of the elements to publish; its bounds must not be negative.
  /// - Returns: The upstream's values at the positions in `range`.
  @_alwaysEmitIntoClient
  public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
    Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
  }
}

extension Publishers {
  /// The publisher returned by `prefix(_:)` and `output(at:)`/`output(in:)`:
  /// the upstream's values at the positions in ``range``.
  public struct Output<Upstream: Publisher>: Publisher, BodyPublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The positions (from zero) of the values that pass.
    public let range: CountableRange<Int>

    /// Creates a publisher that publishes the elements of `upstream` whose indices are in `range`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - range: The positions (from zero) of the values that pass; not negative.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, range: CountableRange<Int>) {
      // Combine's preconditions; `output(at:)` and `output(in:)` land here.
      precondition(
        range.lowerBound >= 0,
        "API violation: Output range must not have a negative lower bound, got \(range)"
      )
      precondition(
        range.upperBound >= 0,
        "API violation: Output range must not have a negative upper bound, got \(range)"
      )
      self.upstream = upstream
      self.range = range
    }

    func makeBody() -> OutputTruncation<Output, Failure> {
      OutputTruncation(range: range)
    }
  }
}

/// Skips the values before the range, forwards those in it, and finishes on the next one.
struct OutputTruncation<Input, Failure: Error>: Truncation {
  typealias UpstreamFailure = Failure

  var name: StaticString { "Output" }
  var zeroDemandTraps: Bool { false }
  var earlyEventsTrap: Bool { false }
  var remainingBefore: Int
  var remainingIn: Int

  init(range: CountableRange<Int>) {
    remainingBefore = range.lowerBound
    remainingIn = range.count
  }

  mutating func receive(_ input: Input) -> TruncationStep<Failure> {
    if remainingBefore > 0 {
      remainingBefore -= 1
      return .skip
    }
    guard remainingIn > 0 else { return .finish }  // only for an empty range
    remainingIn -= 1
    return remainingIn > 0 ? .forward : .forwardThenFinish
  }

  static func failure(_ error: Failure) -> Failure { error }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}
