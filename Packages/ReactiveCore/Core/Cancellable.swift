/// A protocol indicating that an activity or action supports cancellation.
///
/// Calling ``cancel()`` frees up any allocated resources. It also stops side
/// effects such as timers, network access, or disk I/O. Cancellation is
/// idempotent, thread-safe and silent: cancelling twice, or after completion,
/// does nothing, and cancelling sends no completion downstream.
public protocol Cancellable {
  /// Cancel the activity.
  func cancel()
}

extension Cancellable {
  /// Stores this cancellable instance in the specified collection.
  ///
  /// The cancellable is wrapped in an ``AnyCancellable``, so that it is
  /// cancelled when the collection releases it.
  ///
  /// - Parameter collection: The collection in which to store this ``Cancellable``.
  @inlinable
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }

  /// Stores this cancellable instance in the specified set.
  ///
  /// The cancellable is wrapped in an ``AnyCancellable``, so that it is
  /// cancelled when the set releases it.
  ///
  /// - Parameter set: The set in which to store this ``Cancellable``.
  @inlinable
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }
}
