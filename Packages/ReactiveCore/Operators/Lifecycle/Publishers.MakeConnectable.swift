extension Publisher where Failure == Never {
  /// Makes this publisher connectable: subscribers share one upstream
  /// subscription, which starts only on ``ConnectablePublisher/connect()``.
  ///
  /// Values go to the subscribers that have demand when they arrive (a
  /// `PassthroughSubject` in between); a subscriber that comes after the
  /// upstream finished receives just `.finished`.
  ///
  /// ```text
  /// upstream  ---a-b-|          connect() at the first tick
  /// first     S--a-b-|
  /// late              S|
  /// ```
  ///
  /// - Returns: A connectable publisher that shares this publisher.
  @_alwaysEmitIntoClient
  public func makeConnectable() -> Publishers.MakeConnectable<Self> {
    Publishers.MakeConnectable(upstream: self)
  }
}

extension Publishers {
  /// A connectable publisher that shares its upstream among several
  /// subscribers, through a `PassthroughSubject`, once connected.
  ///
  /// Copies of one `MakeConnectable` share the same subject and connection.
  public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

    /// Creates a connectable publisher that shares `upstream`.
    ///
    /// - Parameter upstream: The publisher to share.
    public init(upstream: Upstream) {
      multicast = Multicast(upstream: upstream) { PassthroughSubject() }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      multicast.subscribe(subscriber)
    }

    /// Subscribes the shared subject to the upstream.
    ///
    /// - Returns: A cancellable that cancels the upstream subscription.
    public func connect() -> any Cancellable {
      multicast.connect()
    }
  }
}
