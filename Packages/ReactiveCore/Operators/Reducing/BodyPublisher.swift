/// What the shared inners ``ReducingInner`` and ``TruncatingInner`` are
/// given by each operator: a small value type, formed once per subscription,
/// that decides what happens to each value (see ``Reduction`` and
/// ``Truncation``).
protocol SubscriptionBody {
  associatedtype Input
  associatedtype Output
  associatedtype UpstreamFailure: Error
  associatedtype Failure: Error

  /// Combine's name of the operator, the inner's `description`.
  var name: StaticString { get }

  /// The downstream failure for an upstream failure.
  static func failure(_ error: UpstreamFailure) -> Failure

  /// Subscribes `downstream` to `upstream` through the inner that runs this body.
  func subscribe(_ downstream: some Subscriber<Output, Failure>, to upstream: some Publisher<Input, UpstreamFailure>)
}

extension SubscriptionBody {
  /// An upstream failure goes down as is. The cast always succeeds: the
  /// bodies that take this one (generic over both failure types) have
  /// `Failure` equal to `UpstreamFailure`, or `any Error` for the `try`
  /// variants. Bodies with a single failure type write their own, cast-free.
  static func failure(_ error: UpstreamFailure) -> Failure { error as! Failure }
}

extension Reduction {
  /// A reduction runs in a ``ReducingInner``.
  func subscribe(_ downstream: some Subscriber<Output, Failure>, to upstream: some Publisher<Input, UpstreamFailure>) {
    upstream.subscribe(ReducingInner(downstream, self))
  }
}

extension Truncation {
  /// A truncation runs in a ``TruncatingInner``.
  func subscribe(_ downstream: some Subscriber<Output, Failure>, to upstream: some Publisher<Input, UpstreamFailure>) {
    upstream.subscribe(TruncatingInner(downstream, self))
  }
}

/// The publisher of an operator whose subscription is one of the shared
/// inners, ``ReducingInner`` (`first`, `last`, `collect`, `reduce`, `count`,
/// `min`/`max`, `contains`, `allSatisfy`) or ``TruncatingInner``
/// (`output(in:)`, `prefix(while:)`, `drop(while:)`), and their `try`
/// variants: the operator names the body a new subscription starts from, and
/// this protocol's `receive(subscriber:)` subscribes the inner that runs it.
protocol BodyPublisher: Publisher {
  associatedtype Upstream: Publisher
  associatedtype Body: SubscriptionBody
  where
    Body.Input == Upstream.Output,
    Body.UpstreamFailure == Upstream.Failure,
    Body.Output == Output,
    Body.Failure == Failure

  /// The publisher this operator subscribes to.
  var upstream: Upstream { get }

  /// The body of one new subscription; called once per subscriber.
  func makeBody() -> Body
}

extension BodyPublisher {
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    makeBody().subscribe(subscriber, to: upstream)
  }
}
