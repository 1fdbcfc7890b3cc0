import Synchronization

/// A type-erasing cancellable object that executes a provided closure when cancelled.
///
/// Subscriber implementations can use this type to provide a “cancellation
/// token” that makes it possible for a caller to cancel a publisher, but not
/// to use the ``Subscription`` object to request items.
///
/// An `AnyCancellable` instance automatically calls ``cancel()`` when
/// deinitialized. It cancels at most once, from any thread, and releases what
/// it wraps as it does.
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// subject.sink { print($0) }.store(in: &cancellables)
/// cancellables.removeAll()  // cancels the sink
/// ```
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
  // @unchecked Sendable: the only state is `storage`, touched only under its
  // lock; what leaves the lock is used by the one thread that took it out.
  // Like Combine, the closure need not be @Sendable: `cancel()` runs it on
  // whichever thread cancels.
  private enum Storage {
    case closure(() -> Void)
    case cancellable(any Cancellable)
    case cancelled
  }

  private let storage: Lock<Storage>

  /// Initializes the cancellable object with the given cancel-time closure.
  ///
  /// - Parameter cancel: A closure that the `cancel()` method executes, at most once.
  public init(_ cancel: @escaping () -> Void) {
    storage = Lock(.closure(cancel))
  }

  /// Initializes the cancellable object with the given cancellable.
  ///
  /// This is the cheapest way to erase a cancellable: no closure is allocated.
  ///
  /// - Parameter canceller: The cancellable that ``cancel()`` cancels, at most once.
  public init<C: Cancellable>(_ canceller: C) {
    storage = Lock(.cancellable(canceller))
  }

  deinit {
    cancel()
  }

  /// Cancels the wrapped activity, once; later calls do nothing.
  public func cancel() {
    // Take the payload out under the lock, run it after: its code (and the
    // deinit of what it captured) may call back into this object.
    let taken = storage.withLock { storage -> Storage in
      defer { storage = .cancelled }
      return storage
    }
    switch taken {
    case let .closure(cancel):
      cancel()
    case let .cancellable(canceller):
      canceller.cancel()
    case .cancelled:
      break
    }
  }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension AnyCancellable {
  /// Stores this type-erasing cancellable instance in the specified collection.
  ///
  /// - Parameter collection: The collection in which to store this `AnyCancellable`.
  @inlinable
  public final func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Stores this type-erasing cancellable instance in the specified set.
  ///
  /// - Parameter set: The set in which to store this `AnyCancellable`.
  @inlinable
  public final func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }
}
