public import MaybeTraits
import SharedMachinery

extension MaybePublisher {
  /// Subscribes to this publisher once, on the first demand of its first
  /// subscriber, and gives its outcome to every subscriber, now and later.
  ///
  /// Unlike `share()`, whose late subscribers hear only `.finished`, every
  /// subscriber of a cache receives the same value, or completion, or
  /// failure: the cache of a single publisher is a single publisher.
  ///
  /// The upstream runs until it completes, even if every subscriber cancels
  /// meanwhile, so that a later subscriber gets its outcome; it is cancelled
  /// if the cache itself is released first. Copies of the returned publisher
  /// share its cache.
  ///
  /// ```text
  /// upstream      --a|                 (subscribed to once)
  /// subscriber 1  --a|
  /// subscriber 2        (a|)           (subscribes later)
  /// ```
  ///
  /// ```swift
  /// let settings = api.settings().cache()
  /// settings.sinkSingle { … }   // downloads
  /// settings.sinkSingle { … }   // same outcome, no new download
  /// ```
  ///
  /// - Returns: A publisher with the trait of this one, that runs it at most once.
  public func cache() -> Publishers.Cache<Self> {
    Publishers.Cache(upstream: self)
  }
}

extension Publishers {
  /// A publisher that subscribes to its maybe upstream at most once, and
  /// replays its outcome to every subscriber.
  ///
  /// Build it with `cache()`. It is a class:
  /// copies of a reference share one upstream subscription and one outcome.
  public final class Cache<Upstream: MaybePublisher>: Publisher, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: the only mutable state is under `state`'s lock.
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    typealias Promise = TraitPublishers.Maybe<Output, Failure>.Promise

    private enum State {
      /// Nobody demanded yet: holds the upstream.
      case idle(Upstream)
      /// The upstream runs; `subscription` is nil while it is being subscribed
      /// to. `waiting`: the promises of the subscribers still waiting, by id.
      case running(subscription: AnyCancellable?, waiting: [Int: Promise], nextID: Int)
      /// The outcome, kept for every later subscriber; nothing else.
      case completed(MaybeResult<Output, Failure>)
    }

    private enum Join {
      case start(Upstream, id: Int)
      case wait(id: Int)
      case replay(MaybeResult<Output, Failure>)
    }

    private let state: Lock<State>

    public var description: String { "Cache" }

    /// Creates a cache of `upstream`; nothing is subscribed to yet.
    public init(upstream: Upstream) {
      state = Lock(.idle(upstream))
    }

    deinit {
      // Nobody waits (a waiting subscriber keeps the cache alive): stop the upstream.
      let previous = state.withLock { state -> State in
        defer { state = .completed(.finished) }
        return state
      }
      if case let .running(subscription, _, _) = previous {
        subscription?.cancel()
      }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // Each subscriber is a maybe job (start on demand, first outcome wins,
      // cancel on cancel): joining the cache is its job.
      TraitPublishers.Maybe<Output, Failure> { promise in self.join(promise) }
        .receive(subscriber: subscriber)
    }

    private func join(_ promise: @escaping Promise) -> AnyCancellable {
      let join = state.withLock { state -> Join in
        switch state {
        case let .idle(upstream):
          state = .running(subscription: nil, waiting: [0: promise], nextID: 1)
          return .start(upstream, id: 0)
        case .running(let subscription, var waiting, let id):
          waiting[id] = promise
          state = .running(subscription: subscription, waiting: waiting, nextID: id + 1)
          return .wait(id: id)
        case let .completed(result):
          return .replay(result)
        }
      }
      switch join {
      case let .start(upstream, id):
        // Weak: the cache owns the upstream subscription, not the reverse.
        let subscription = upstream.sinkMaybeUnchecked { [weak self] result in self?.complete(result) }
        let kept = state.withLock { state -> Bool in
          guard case .running(nil, let waiting, let nextID) = state else {
            return false  // completed while subscribing: nothing to keep
          }
          state = .running(subscription: subscription, waiting: waiting, nextID: nextID)
          return true
        }
        _ = kept  // if not kept, the sink is released after the lock; it is over, its cancel does nothing
        return leaving(id)
      case let .wait(id):
        return leaving(id)
      case let .replay(result):
        promise(result)
        return AnyCancellable {}
      }
    }

    /// A cancellable that takes a waiting subscriber out of the cache; it
    /// keeps the cache alive while the subscriber waits.
    private func leaving(_ id: Int) -> AnyCancellable {
      AnyCancellable {
        let promise = self.state.withLock { state -> Promise? in
          guard case .running(let subscription, var waiting, let nextID) = state else { return nil }
          let promise = waiting.removeValue(forKey: id)
          state = .running(subscription: subscription, waiting: waiting, nextID: nextID)
          return promise
        }
        _ = promise  // released after the lock
      }
    }

    private func complete(_ result: MaybeResult<Output, Failure>) {
      let previous = state.withLock { state -> State in
        defer { state = .completed(result) }
        return state
      }
      guard case let .running(subscription, waiting, _) = previous else { return }
      for (_, promise) in waiting.sorted(by: { $0.key < $1.key }) {
        promise(result)
      }
      _ = subscription  // released after the lock
    }
  }
}

// Every subscriber receives the one outcome of the upstream.
extension Publishers.Cache: MaybePublisher {}
extension Publishers.Cache: SinglePublisher where Upstream: SinglePublisher {}
// Not immediate: a subscriber that arrives while an immediate upstream is
// still being subscribed to, on another thread, waits for its outcome.
