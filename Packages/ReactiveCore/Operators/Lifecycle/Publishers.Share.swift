extension Publisher {
  /// Shares one subscription to this publisher among every subscriber.
  ///
  /// The first subscriber connects the upstream; later ones join the running
  /// stream and see only the values sent after they subscribed; the
  /// upstream is cancelled once every subscriber has cancelled, and a new
  /// subscriber then subscribes to it again. A subscriber that comes after
  /// the upstream completed receives just the completion. Values go to the
  /// subscribers that have demand when they arrive.
  ///
  /// ```text
  /// upstream  --a-b-c-|
  /// first     S-a-b-c-|
  /// second       S-b-c-|
  /// late                S|
  /// ```
  ///
  /// - Returns: A class instance that shares this publisher.
  @_alwaysEmitIntoClient
  public func share() -> Publishers.Share<Self> {
    Publishers.Share(upstream: self)
  }
}

extension Publishers {
  /// A publisher that shares one subscription to its upstream among every
  /// subscriber.
  ///
  /// A class, as in Combine: copies of a reference share the subscription,
  /// and two shares are equal only if they are the same instance. It is a
  /// ``Multicast`` over a `PassthroughSubject`, with ``Autoconnect``.
  public final class Share<Upstream: Publisher>: Publisher, Equatable {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public final let upstream: Upstream

    private let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

    /// Creates a publisher that shares `upstream`.
    ///
    /// - Parameter upstream: The publisher to share.
    public init(upstream: Upstream) {
      self.upstream = upstream
      shared = Multicast(upstream: upstream) { PassthroughSubject() }.autoconnect()
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      shared.subscribe(subscriber)
    }

    /// Whether both are the same instance.
    public static func == (lhs: Share, rhs: Share) -> Bool {
      lhs === rhs
    }
  }
}
