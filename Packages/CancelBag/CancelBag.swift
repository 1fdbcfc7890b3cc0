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
  // Sendable: the mutable state is under the lock. (AnyCancellable is
  // Sendable in ReactiveCore's implementation, not in Apple's Combine: the
  // state is `@unchecked Sendable`.)

  /// Open: the entries in the order they came, and the same entries by the
  /// identity of their cancellable, so that storing one twice is found at
  /// once. Cancelled: holds nothing.
  private enum State: @unchecked Sendable {
    case active(Entries, byCancellable: [ObjectIdentifier: Kept])
    case cancelled
  }

  /// The registry of the core subjects: adding and removing an entry cost
  /// O(1), whatever the number of entries, and the bag cancels them in the
  /// order they came. (A dictionary searched linearly on each store, then
  /// sorted on cancel, made k stores O(k²).)
  private typealias Entries = SubscriberRegistry<Kept>

  /// What the bag keeps for one entry: the cancellable, and for a
  /// subscription made by the bag, its `Entry`, which the bag cancels
  /// directly. The caller holds the same `AnyCancellable`: cancelling it
  /// through the bag as well would call it from two threads at once, which
  /// an `AnyCancellable` of Combine is not documented to allow (OpenCombine's
  /// is not safe under it), whereas `Entry.cancel()` is.
  ///
  /// Its fields change only under the bag's lock. While `cancellable` is
  /// nil, the entry is a subscription being made: reserved, its cancellable
  /// not returned yet.
  private final class Kept: RegistryMember, @unchecked Sendable {
    // @unchecked Sendable: touched only under the bag's lock.
    @exclusivity(unchecked) var registrySlot = -1
    var cancellable: AnyCancellable?
    var entry: Entry?

    init(cancellable: AnyCancellable? = nil, entry: Entry? = nil) {
      self.cancellable = cancellable
      self.entry = entry
    }
  }

  private let state = Lock(State.active(Entries(), byCancellable: [:]))

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

  /// Cancels everything in the bag, in the order it came; later
  /// subscriptions are not made.
  ///
  /// Idempotent and thread-safe.
  public func cancel() {
    let previous = state.withLock { state -> State in
      defer { state = .cancelled }
      return state
    }
    guard case let .active(entries, _) = previous else { return }
    // The fields of a member are read after the lock: the bag is cancelled,
    // so nothing changes them any more.
    entries.forEach { kept in
      if let entry = kept.entry {
        entry.cancel()
      } else {
        kept.cancellable?.cancel()
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
    let kept = Kept()
    let reserved = state.withLock { state -> Bool in
      switch state {
      case .active(var entries, let byCancellable):
        state = .cancelled  // moved out, so that the registry changes in place
        entries.append(kept)
        state = .active(entries, byCancellable: byCancellable)
        return true
      case .cancelled:
        return false
      }
    }
    guard reserved else { return AnyCancellable {} }
    let subscription = subscribe { [weak self, weak kept] in
      if let kept { self?.remove(kept) }
    }
    // What the caller and the bag share: dropping the caller's reference
    // leaves the bag's, so a discarded result cancels nothing.
    let inner = Entry(bag: self, kept: kept, subscription: subscription)
    let entry = AnyCancellable(inner)
    let isKept = state.withLock { state -> Bool in
      // Still in the bag: keep it. Otherwise it completed while subscribing,
      // or the bag was cancelled meanwhile.
      guard case .active(let entries, var byCancellable) = state, entries.contains(kept) else { return false }
      state = .cancelled  // moved out, so that the dictionary changes in place
      kept.cancellable = entry
      kept.entry = inner
      byCancellable[ObjectIdentifier(entry)] = kept
      state = .active(entries, byCancellable: byCancellable)
      return true
    }
    if !isKept {
      subscription.cancel()  // does nothing after completion; stops it after a cancel
    }
    return entry
  }

  /// Keeps `cancellable` until the bag is cancelled; cancels it at once if
  /// the bag already is. A cancellable already in the bag is not added twice.
  fileprivate func store(_ cancellable: AnyCancellable) {
    let stored = state.withLock { state -> Bool in
      switch state {
      case .active(var entries, var byCancellable):
        let identity = ObjectIdentifier(cancellable)
        guard byCancellable[identity] == nil else { return true }  // already in the bag
        state = .cancelled  // moved out, so that the storage changes in place
        let kept = Kept(cancellable: cancellable)
        entries.append(kept)
        byCancellable[identity] = kept
        state = .active(entries, byCancellable: byCancellable)
        return true
      case .cancelled:
        return false
      }
    }
    if !stored {
      cancellable.cancel()
    }
  }

  /// Takes `kept` out of the bag, if it is still in it.
  private func remove(_ kept: Kept) {
    let removed = state.withLock { state -> Kept? in
      guard case .active(var entries, var byCancellable) = state else { return nil }
      state = .cancelled  // moved out, so that the storage changes in place
      let removed = entries.remove(kept)
      if let cancellable = removed?.cancellable {
        byCancellable[ObjectIdentifier(cancellable)] = nil
      }
      state = .active(entries, byCancellable: byCancellable)
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
    weak var kept: Kept?
    private let subscription: Lock<AnyCancellable?>

    init(bag: CancelBag, kept: Kept, subscription: AnyCancellable) {
      self.bag = bag
      self.kept = kept
      self.subscription = Lock(subscription)
    }

    func cancel() {
      guard let subscription = subscription.withLock({ $0.take() }) else { return }
      subscription.cancel()
      if let kept {
        bag?.remove(kept)
      }
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
