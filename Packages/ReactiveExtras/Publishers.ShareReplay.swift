import MaybeTraits
public import ReactiveCore
import SharedMachinery

extension Publisher {
  /// Shares one subscription to the upstream among all subscribers, and
  /// replays the last `count` values to each new one.
  ///
  /// The first subscriber connects: the operator subscribes to the upstream
  /// through a ``ReplaySubject`` that keeps the last `count` values. Later
  /// subscribers receive those values, then the live ones. A subscriber
  /// that comes after the upstream completed receives the kept values, then
  /// the completion: the upstream is not subscribed again. If every
  /// subscriber cancels before the upstream completes, the upstream is
  /// cancelled and the kept values are forgotten: the next subscriber
  /// connects afresh. Loss rules and demand are the subject's: see
  /// ``ReplaySubject``.
  ///
  /// ```text
  /// upstream  -a-b-c--|
  /// first     -a-b-c--|
  /// late          (bc)|       count = 2, subscribed after c
  /// ```
  ///
  /// After a single publisher, the result is a single publisher; after a
  /// maybe publisher, a maybe publisher: since `count` is at least 1, every
  /// subscriber, early or late, receives the upstream's value if it had one.
  ///
  /// - Parameter count: How many of the latest values to replay; at least 1.
  /// - Returns: A publisher that shares and replays the upstream.
  public func share(replay count: Int) -> Publishers.ShareReplay<Self> {
    precondition(count >= 1, "API violation: share(replay:) needs a count of at least 1")
    return Publishers.ShareReplay(upstream: self, replay: count)
  }
}

extension Publishers {
  /// A publisher that shares one subscription to its upstream among its
  /// subscribers, and replays the last values to each new one.
  ///
  /// A class, like Combine's `Publishers.Share`: its copies share the connection.
  public final class ShareReplay<Upstream: Publisher>: Publisher, Equatable {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to, once per connection.
    public let upstream: Upstream

    /// How many of the latest values are replayed to a new subscriber.
    public let replay: Int

    private let connection: ShareReplayConnection<Upstream.Output, Upstream.Failure>

    /// Creates a publisher that shares `upstream` and replays its last
    /// `replay` values.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - replay: How many of the latest values to replay; at least 1.
    public init(upstream: Upstream, replay: Int) {
      precondition(replay >= 1, "API violation: share(replay:) needs a count of at least 1")
      self.upstream = upstream
      self.replay = replay
      // A maybe upstream that has published its value has done its work:
      // the last cancel lets it finish instead of forgetting its outcome.
      connection = ShareReplayConnection(replay: replay, keepsAfterValue: Upstream.self is any MaybePublisher.Type)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let (subject, connects) = connection.join()
      subject.receive(subscriber: subscriber)
      if connects {
        connection.connected(subject, upstream.subscribe(subject))
      }
    }

    /// Two `ShareReplay` are equal if they are the same instance.
    public static func == (lhs: ShareReplay, rhs: ShareReplay) -> Bool {
      lhs === rhs
    }
  }
}

extension Publishers.ShareReplay: @unchecked Sendable where Upstream: Sendable {
  // @unchecked Sendable: `upstream` and `replay` are constants (and the
  // upstream is Sendable); the connection keeps its state under its lock.
}

/// The connection a ``Publishers/ShareReplay`` keeps: the subject the
/// subscribers share, and the upstream subscription that feeds it.
private final class ShareReplayConnection<Output, Failure: Error>: Sendable {
  private enum State {
    /// No connection: the next subscriber connects.
    case idle
    /// Connected through `subject`; `upstream` is nil while the upstream
    /// is being subscribed. `subscribers` counts those that may still
    /// cancel (after the subject completes, none cancels through it).
    case connected(ReplaySubject<Output, Failure>, upstream: AnyCancellable?, subscribers: Int)
  }

  private let replay: Int
  /// Whether the connection outlives its subscribers once its subject keeps
  /// a value: true for a maybe (or single) upstream, whose value ends its work.
  private let keepsAfterValue: Bool
  private let state = Lock(State.idle)

  init(replay: Int, keepsAfterValue: Bool) {
    self.replay = replay
    self.keepsAfterValue = keepsAfterValue
  }

  /// Counts a new subscriber in; returns the subject it subscribes to, and
  /// whether it connects (subscribes the subject to the upstream).
  func join() -> (ReplaySubject<Output, Failure>, connects: Bool) {
    state.withLock { state in
      switch state {
      case .idle:
        // The hook holds the connection: while a subscriber may still
        // cancel, its subscription keeps the subject, the subject the
        // connection, and the connection the upstream subscription, even if
        // nothing keeps the publisher. The cycle ends when the last
        // subscriber leaves (the connection lets go of the subject) or when
        // the subject completes (it lets go of the hook).
        let subject = ReplaySubject<Output, Failure>(bufferSize: replay) { subject in
          self.leave(subject)
        }
        state = .connected(subject, upstream: nil, subscribers: 1)
        return (subject, true)
      case let .connected(subject, upstream, subscribers):
        state = .connected(subject, upstream: upstream, subscribers: subscribers + 1)
        return (subject, false)
      }
    }
  }

  /// Keeps the upstream subscription of the connection made through
  /// `subject`, or cancels it if that connection ended meanwhile.
  func connected(_ subject: ReplaySubject<Output, Failure>, _ upstream: AnyCancellable) {
    let stale = state.withLock { state -> AnyCancellable? in
      switch state {
      case let .connected(current, nil, subscribers) where current === subject:
        state = .connected(current, upstream: upstream, subscribers: subscribers)
        return nil
      case .idle, .connected:
        return upstream  // every subscriber left while it connected
      }
    }
    stale?.cancel()
  }

  /// Counts a cancelled subscriber out; the last one ends the connection,
  /// unless a maybe upstream has published its value (it is left to finish).
  private func leave(_ subject: ObjectIdentifier) {
    let ended = state.withLock { state -> (ReplaySubject<Output, Failure>, AnyCancellable?)? in
      switch state {
      case let .connected(current, upstream, subscribers) where ObjectIdentifier(current) == subject:
        // The subject's lock is taken inside this one: the subject never
        // calls the connection under its own lock.
        guard subscribers == 1, !(keepsAfterValue && current.keepsAValue) else {
          state = .connected(current, upstream: upstream, subscribers: subscribers - 1)
          return nil
        }
        state = .idle
        return (current, upstream)
      case .idle, .connected:
        return nil  // a subject of an earlier connection
      }
    }
    // The subject and the upstream subscription are released after the lock.
    ended?.1?.cancel()
  }
}
