/// A publisher that starts its upstream work only when you call
/// ``connect()``, whatever its subscribers.
///
/// Subscribe everyone first, then connect: all subscribers then see the
/// same values from the start. ``autoconnect()`` connects on the first
/// subscription instead.
///
/// ```swift
/// let connectable = feed.makeConnectable()
/// let a = connectable.sink { print("a", $0) }
/// let b = connectable.sink { print("b", $0) }
/// let connection = connectable.connect()  // both receive every value
/// ```
public protocol ConnectablePublisher<Output, Failure>: Publisher {
  /// Starts the upstream work now; subscribers that are attached begin to
  /// receive values.
  ///
  /// - Returns: A cancellable that disconnects from the upstream. Keep it:
  ///   an `AnyCancellable` disconnects when it is deallocated.
  func connect() -> any Cancellable
}

extension ConnectablePublisher {
  /// Connects to the upstream on the first subscription, and disconnects
  /// once every subscriber has cancelled.
  ///
  /// A subscription after a disconnection connects again. Completion does
  /// not disconnect: a subscriber that comes after the upstream completed
  /// receives what the connectable publisher gives late subscribers (a
  /// multicast over a `PassthroughSubject` gives just the completion).
  ///
  /// ```text
  /// upstream  ---a-b-c-|
  /// first     S--a-b-c-|     S = subscribes, and connects
  /// second       S-b-c-|
  /// ```
  ///
  /// - Returns: A publisher that connects on the first subscription.
  @_alwaysEmitIntoClient
  public func autoconnect() -> Publishers.Autoconnect<Self> {
    Publishers.Autoconnect(upstream: self)
  }
}
