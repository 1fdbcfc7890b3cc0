/// Something that can be stopped: a subscription, a scheduled timer, a
/// network request.
///
/// ``cancel()`` stops the work and lets go of what it holds (closures,
/// subscribers, buffers). Cancellation is
/// idempotent, thread-safe and silent: cancelling twice, or after completion,
/// does nothing, and cancelling sends no completion downstream.
public protocol Cancellable {
  /// Stops the work and releases what it holds.
  func cancel()
}

extension Cancellable {
  /// Keeps this cancellable in `collection`, wrapped in an ``AnyCancellable``.
  ///
  /// When the collection lets go of it, the work is cancelled.
  ///
  /// - Parameter collection: Where to keep it.
  @_alwaysEmitIntoClient
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    AnyCancellable(self).store(in: &collection)
  }

  /// Keeps this cancellable in `set`, wrapped in an ``AnyCancellable``.
  ///
  /// When the set lets go of it, the work is cancelled.
  ///
  /// - Parameter set: Where to keep it.
  @_alwaysEmitIntoClient
  public func store(in set: inout Set<AnyCancellable>) {
    AnyCancellable(self).store(in: &set)
  }
}
