extension Publishers {
  /// A publisher that connects its connectable upstream on the first
  /// subscription, and disconnects once every subscriber has cancelled.
  ///
  /// A class, as in Combine: all subscribers of one `Autoconnect` share its
  /// connection.
  public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The connectable publisher this one subscribes to and connects.
    public final let upstream: Upstream

    /// The connection and how many subscribers have not cancelled.
    ///
    /// States:
    /// - `disconnected`: no connection (initially, and after the last cancel);
    /// - `connecting`: a thread is calling `upstream.connect()`; `subscribers`
    ///   may drop to zero meanwhile, and that thread then disconnects at once;
    /// - `connected`: holds the connection.
    private enum State {
      case disconnected
      case connecting(subscribers: Int)
      case connected(subscribers: Int, any Cancellable)
    }

    private let state = Lock(State.disconnected)

    /// Creates a publisher that connects `upstream` on the first subscription.
    ///
    /// - Parameter upstream: The connectable publisher to connect.
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let shouldConnect = state.withLock { state -> Bool in
        switch state {
        case .disconnected:
          state = .connecting(subscribers: 1)
          return true
        case let .connecting(subscribers):
          state = .connecting(subscribers: subscribers + 1)
          return false
        case let .connected(subscribers, connection):
          state = .connected(subscribers: subscribers + 1, connection)
          return false
        }
      }
      upstream.subscribe(Inner(parent: self, downstream: subscriber))
      guard shouldConnect else { return }
      let connection = upstream.connect()
      let unwanted = state.withLock { state -> (any Cancellable)? in
        switch state {
        case let .connecting(subscribers) where subscribers > 0:
          state = .connected(subscribers: subscribers, connection)
          return nil
        case .connecting:
          // Everyone cancelled while connecting.
          state = .disconnected
          return connection
        case .disconnected, .connected:
          preconditionFailure("Bug in Autoconnect: \(state) after connect()")
        }
      }
      unwanted?.cancel()
    }

    /// One subscriber cancelled: disconnects after the last one.
    fileprivate func subscriberDidCancel() {
      let connection = state.withLock { state -> (any Cancellable)? in
        switch state {
        case let .connecting(subscribers):
          state = .connecting(subscribers: subscribers - 1)
          return nil
        case let .connected(subscribers, connection):
          guard subscribers <= 1 else {
            state = .connected(subscribers: subscribers - 1, connection)
            return nil
          }
          state = .disconnected
          return connection
        case .disconnected:
          return nil
        }
      }
      connection?.cancel()
    }
  }
}

extension Publishers.Autoconnect {
  /// Forwards the upstream's events, and hands the downstream a
  /// subscription that counts its cancel.
  private struct Inner<Downstream: Subscriber>: Subscriber, CombineReflectable
  where Downstream.Input == Output, Downstream.Failure == Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let parent: Publishers.Autoconnect<Upstream>
    let downstream: Downstream
    let combineIdentifier = CombineIdentifier()

    var description: String { "Autoconnect" }

    /// Shows the autoconnecting publisher and the downstream, as Combine's `autoconnect()`.
    var customMirror: Mirror { Mirror(self, children: ["parent": parent, "downstream": downstream]) }

    func receive(subscription: any Subscription) {
      downstream.receive(subscription: CountedSubscription(subscription, parent: parent))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
      downstream.receive(completion: completion)
    }
  }

  /// The upstream subscription, with a cancel that the parent counts once.
  /// Described as that subscription, with no mirror of its own, as Combine's.
  private final class CountedSubscription: Subscription, CustomStringConvertible,
    CustomPlaygroundDisplayConvertible
  {
    private struct Links {
      let subscription: any Subscription
      let parent: Publishers.Autoconnect<Upstream>
    }

    /// Nil once cancelled: holds nothing.
    private let links: Lock<Links?>
    private let name: String

    var description: String { name }

    /// The identity of the upstream subscription it stands for, as in Combine.
    let combineIdentifier: CombineIdentifier

    var playgroundDescription: Any { description }

    init(_ subscription: any Subscription, parent: Publishers.Autoconnect<Upstream>) {
      links = Lock(Links(subscription: subscription, parent: parent))
      name = "\(subscription)"
      combineIdentifier = subscription.combineIdentifier
    }

    /// Passes any demand on, `.none` included, as Combine does: the
    /// upstream's subscription decides.
    func request(_ demand: Subscribers.Demand) {
      links.withLock { $0?.subscription }?.request(demand)
    }

    func cancel() {
      let taken = links.withLock { links -> Links? in
        defer { links = nil }
        return links
      }
      guard let taken else { return }
      taken.parent.subscriberDidCancel()
      taken.subscription.cancel()
    }
  }
}
