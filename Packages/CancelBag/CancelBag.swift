import LockSupport
public import ReactiveCore

/// A cancellable container of subscriptions that forgets each subscription
/// when it completes.
///
/// Subscribe with `sink(in:…)`, `sinkMaybe(in:…)` or `sinkSingle(in:…)`: the
/// bag keeps the subscription alive until it completes, then drops it, on
/// the thread of the completion (no run loop needed). Cancelling the bag, or
/// releasing it, cancels every subscription still in it; a cancelled bag
/// subscribes to nothing more. The bag is thread-safe.
///
/// ```swift
/// final class ProfileModel {
///   private let bag = CancelBag()
///   func refresh() {
///     api.profile().sinkSingle(in: bag) { result in … }  // gone from the bag when done
///   }
/// }
/// ```
public final class CancelBag: Cancellable, CustomStringConvertible, Sendable {
  // @unchecked Sendable: touched only under the lock. (AnyCancellable is
  // Sendable in ReactiveCore's implementation, not in Apple's Combine.)
  private enum State: @unchecked Sendable {
    /// Open. A `nil` entry is a subscription being made: reserved, its
    /// cancellable not returned yet.
    case active(entries: [Int: AnyCancellable?], nextID: Int)
    /// Cancelled: holds nothing.
    case cancelled
  }

  private let state = Lock(State.active(entries: [:], nextID: 0))

  /// Creates an empty bag.
  public init() {}

  deinit {
    cancel()
  }

  public var description: String { "CancelBag(\(count))" }

  /// The number of subscriptions in the bag: made, not completed, not cancelled.
  public var count: Int {
    state.withLock { state in
      switch state {
      case let .active(entries, _): entries.count
      case .cancelled: 0
      }
    }
  }

  /// True if no subscription is in the bag.
  public var isEmpty: Bool { count == 0 }

  /// Cancels every subscription in the bag; later subscriptions are not made.
  ///
  /// Idempotent and thread-safe.
  public func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    guard case let .active(entries, _) = previous else { return }
    for case let cancellable? in entries.sorted(by: { $0.key < $1.key }).map(\.value) {
      cancellable.cancel()
    }
  }

  /// Makes a subscription that the bag keeps until it ends.
  ///
  /// `subscribe` receives the closure to call when the subscription
  /// completes, and returns its cancellable. Nothing is subscribed to if the
  /// bag is cancelled.
  package func insert(_ subscribe: (_ onEnd: @escaping @Sendable () -> Void) -> AnyCancellable) {
    let reserved = state.withLock { state -> Int? in
      switch state {
      case .active(var entries, let id):
        entries[id] = .some(nil)
        state = .active(entries: entries, nextID: id + 1)
        return id
      case .cancelled:
        return nil
      }
    }
    guard let id = reserved else { return }
    let cancellable = subscribe { [weak self] in self?.remove(id) }
    let kept = state.withLock { state -> Bool in
      // Still reserved: keep it. Otherwise it completed while subscribing,
      // or the bag was cancelled meanwhile.
      guard case .active(var entries, let nextID) = state, entries[id] != nil else { return false }
      entries[id] = cancellable
      state = .active(entries: entries, nextID: nextID)
      return true
    }
    if !kept {
      cancellable.cancel()  // does nothing after completion; stops it after a cancel
    }
  }

  private func remove(_ id: Int) {
    let removed = state.withLock { state -> AnyCancellable?? in
      guard case .active(var entries, let nextID) = state else { return nil }
      let removed = entries.removeValue(forKey: id)
      state = .active(entries: entries, nextID: nextID)
      return removed
    }
    _ = removed  // released after the lock
  }
}

extension Publisher {
  /// Attaches a sink whose subscription `bag` keeps until it completes.
  ///
  /// ```swift
  /// updates.sink(in: bag, receiveCompletion: { print($0) }, receiveValue: { print($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receiveCompletion: The closure to run with the completion.
  ///   - receiveValue: The closure to run with each value.
  public func sink(
    in bag: CancelBag,
    receiveCompletion: @escaping @Sendable (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping @Sendable (Output) -> Void
  ) {
    bag.insert { onEnd in
      sink(
        receiveCompletion: { completion in
          receiveCompletion(completion)
          onEnd()
        },
        receiveValue: receiveValue
      )
    }
  }
}

extension Publisher where Failure == Never {
  /// Attaches a sink whose subscription `bag` keeps until it completes.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receiveValue: The closure to run with each value.
  public func sink(in bag: CancelBag, receiveValue: @escaping @Sendable (Output) -> Void) {
    sink(in: bag, receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}

extension MaybePublisher {
  /// Attaches a subscriber that receives the publisher's one outcome, and
  /// whose subscription `bag` keeps until it completes.
  ///
  /// The closure behaves as with `sinkMaybe(receive:)`.
  ///
  /// - Parameters:
  ///   - bag: The bag that keeps the subscription; nothing is subscribed to if it is cancelled.
  ///   - receive: The closure to run with the outcome.
  public func sinkMaybe(in bag: CancelBag, receive: @escaping @Sendable (MaybeResult<Output, Failure>) -> Void) {
    bag.insert { onEnd in
      sinkMaybe { result in
        receive(result)
        onEnd()
      }
    }
  }
}
