/// A publisher that emits an output to each subscriber just once, and then finishes.
///
/// You can use a `Just` publisher to start a chain of publishers. A `Just`
/// publisher is also useful when replacing a value with `catch`.
///
/// In contrast with `Result.Publisher`, a `Just` publisher can't fail with an
/// error. And unlike `Optional.Publisher`, a `Just` publisher always produces a value.
///
/// ```text
/// (o|)    on the first demand
/// ```
public struct Just<Output>: Publisher {
  public typealias Failure = Never

  /// The one element that the publisher emits.
  public let output: Output

  /// Initializes a publisher that emits the specified output just once.
  ///
  /// - Parameter output: The one element that the publisher emits.
  @inlinable
  public init(_ output: Output) {
    self.output = output
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    subscriber.receive(subscription: SingleValueSubscription(subscriber, value: output, name: "Just"))
  }
}

extension Just: Equatable where Output: Equatable {}

extension Just: Sendable where Output: Sendable {}
