public import ReactiveCore
import SharedMachinery

/// A cancellable container of subscriptions that forgets each subscription
/// when it completes.
///
/// Subscribe with `sink(in:…)`, `sinkMaybe(in:…)` or `sinkSingle(in:…)`: the
/// bag keeps the subscription alive until it completes, then drops it, on
/// the thread of the completion (no run loop needed). The cancellable these
/// methods return is the one the bag keeps: cancelling it ends the
/// subscription and takes it out of the bag, and discarding it changes
/// nothing. ``ReactiveCore/Cancellable/store(in:)`` puts any other
/// cancellable in the bag, which keeps it until the bag is cancelled.
///
/// Cancelling the bag, or releasing it, cancels everything still in it; a
/// cancelled bag subscribes to nothing more, and cancels at once what is
/// stored in it. The bag is thread-safe.
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
    case active(entries: [Int: Kept?], nextID: Int)
    /// Cancelled: holds nothing.
    case cancelled
  }

  /// What the bag keeps for one entry: the cancellable, and for a
  /// subscription made by the bag, its `Entry`, which the bag cancels
  /// directly. The caller holds the same `AnyCancellable`: cancelling it
  /// through the bag as well would call it from two threads at once, which
  /// an `AnyCancellable` of Combine is not documented to allow (OpenCombine's
  /// is not safe under it), whereas `Entry.cancel()` is.
  private struct Kept {
    let cancellable: AnyCancellable
    let entry: Entry?
  }

  private let state = Lock(State.active(entries: [:], nextID: 0))

  /// Creates an empty bag.
  public init() {}

  deinit {
    cancel()
  }

  public var description: String { "CancelBag(\(count))" }

  /// The number of entries in the bag: subscriptions made, not completed,
  /// not cancelled, and cancellables stored with `store(in:)`.
  public var count: Int {
    state.withLock { state in
      switch state {
      case let .active(entries, _): entries.count
      case .cancelled: 0
      }
    }
  }

  /// True if the bag holds nothing.
  public var isEmpty: Bool { count == 0 }

  /// Cancels everything in the bag; later subscriptions are not made.
  ///
  /// Idempotent and thread-safe.
  public func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    guard case let .active(entries, _) = previous else { return }
    for case let kept? in entries.sorted(by: { $0.key < $1.key }).map(\.value) {
      if let entry = kept.entry {
        entry.cancel()
      } else {
        kept.cancellable.cancel()
      }
    }
  }

  /// Makes a subscription that the bag keeps until it ends, and returns the
  /// cancellable the bag keeps.
  ///
  /// `subscribe` receives the closure to call when the subscription
  /// completes, and returns its cancellable. Nothing is subscribed to if the
  /// bag is cancelled: the returned cancellable then does nothing.
  @discardableResult
  package func insert(_ subscribe: (_ onEnd: @escaping @Sendable () -> Void) -> AnyCancellable) -> AnyCancellable {
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
    guard let id = reserved else { return AnyCancellable {} }
    let subscription = subscribe { [weak self] in self?.remove(id) }
    // What the caller and the bag share: dropping the caller's reference
    // leaves the bag's, so a discarded result cancels nothing.
    let inner = Entry(bag: self, id: id, subscription: subscription)
    let entry = AnyCancellable(inner)
    let kept = state.withLock { state -> Bool in
      // Still reserved: keep it. Otherwise it completed while subscribing,
      // or the bag was cancelled meanwhile.
      guard case .active(var entries, let nextID) = state, entries[id] != nil else { return false }
      entries[id] = Kept(cancellable: entry, entry: inner)
      state = .active(entries: entries, nextID: nextID)
      return true
    }
    if !kept {
      subscription.cancel()  // does nothing after completion; stops it after a cancel
    }
    return entry
  }

  /// Keeps `cancellable` until the bag is cancelled; cancels it at once if
  /// the bag already is. A cancellable already in the bag is not added twice.
  fileprivate func store(_ cancellable: AnyCancellable) {
    let stored = state.withLock { state -> Bool in
      switch state {
      case .active(var entries, let id):
        if entries.values.contains(where: { $0?.cancellable === cancellable }) { return true }
        entries[id] = Kept(cancellable: cancellable, entry: nil)
        state = .active(entries: entries, nextID: id + 1)
        return true
      case .cancelled:
        return false
      }
    }
    if !stored {
      cancellable.cancel()
    }
  }

  private func remove(_ id: Int) {
    let removed = state.withLock { state -> Kept?? in
      guard case .active(var entries, let nextID) = state else { return nil }
      let removed = entries.removeValue(forKey: id)
      state = .active(entries: entries, nextID: nextID)
      return removed
    }
    _ = removed  // released after the lock
  }

  /// A subscription in the bag, as its caller sees it: cancelling it
  /// cancels the subscription and takes it out of the bag. Thread-safe: the
  /// caller and the bag may cancel it at once; the subscription is
  /// cancelled once.
  private final class Entry: Cancellable {
    weak var bag: CancelBag?
    let id: Int
    private let subscription: Lock<AnyCancellable?>

    init(bag: CancelBag, id: Int, subscription: AnyCancellable) {
      self.bag = bag
      self.id = id
      self.subscription = Lock(subscription)
    }

    func cancel() {
      guard let subscription = subscription.withLock({ $0.take() }) else { return }
      subscription.cancel()
      bag?.remove(id)
    }
  }
}

extension Cancellable {
  /// Keeps this cancellable in `bag` until the bag is cancelled or released.
  ///
  /// A cancellable returned by `sink(in:…)` is already in its bag, and
  /// leaves it when its subscription completes; storing it again in the
  /// same bag changes nothing. A cancelled bag cancels what is stored in it
  /// at once.
  ///
  /// ```swift
  /// timer.sink { print($0) }.store(in: bag)
  /// ```
  ///
  /// - Parameter bag: The bag that keeps the cancellable.
  public func store(in bag: CancelBag) {
    bag.store(self as? AnyCancellable ?? AnyCancellable(self))
  }
}
