/// Gives every subscriber the same single value, then `.finished`.
///
/// Each subscription waits for its first demand, sends ``output``, and
/// finishes. `Just` cannot fail (its `Failure` is `Never`) and always has
/// its value, so it is a handy head for a chain, or the fallback that a
/// `catch` handler returns. Compare `Result.Publisher`, which may fail, and
/// `Optional.Publisher`, which may have nothing to send.
///
/// ```text
/// (o|)    on the first demand
/// ```
public struct Just<Output>: Publisher {
  public typealias Failure = Never

  /// The value each subscriber receives.
  public let output: Output

  /// Creates a publisher of the single value `output`.
  ///
  /// - Parameter output: The value each subscriber receives.
  @_alwaysEmitIntoClient
  public init(_ output: Output) {
    self.output = output
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(
      subscription: SingleValueSubscription<S, SingleValueState<S>>(subscriber, value: output, name: "Just")
    )
  }
}

extension Just: Equatable where Output: Equatable {}

extension Just: Sendable where Output: Sendable {}
