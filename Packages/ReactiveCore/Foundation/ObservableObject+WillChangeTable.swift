import SharedMachinery

/// The `objectWillChange` publishers of the observable objects that have no
/// `@Published` property, one per object for the object's whole life, as
/// in Combine since macOS 10.15.2 / iOS 13.3.
///
/// Why a side table: an object with `@Published` properties keeps its
/// publisher inside them, so the publisher lives and dies with the object;
/// an object without one has nowhere to keep it, and a protocol extension
/// cannot add storage to the user's class. Darwin's associated objects do
/// not exist on Linux, and Swift offers no hook on an arbitrary object's
/// deinit, so the table keeps each object weakly (a weak reference, not its
/// `ObjectIdentifier` alone, tells a live object from a new one that reuses
/// a dead one's address) and each publisher strongly: the publisher must
/// outlive the accesses, since a subscriber keeps only a weak reference to
/// it and a later `objectWillChange.send()` must find the same one.
///
/// What it costs: one entry per object that was asked for its publisher.
/// The entry of a dead object is removed by a sweep, which runs when an
/// insertion finds the table twice as large as after the last sweep, so the
/// table never holds more than twice the live objects (plus a small floor),
/// and sweeping costs O(1) per insertion, amortized. A dead entry holds only
/// its publisher: its subscribers are released as soon as they cancel, as
/// with any publisher, and nothing can send on it any more.
///
/// One lock guards the table: concurrent first accesses to one object get
/// one publisher. Swept entries are released after the lock.
package final class ObjectWillChangeTable: Sendable {
  /// An empty table (the shared one, or one for a test).
  package init() {}

  /// The table every object without `@Published` properties uses.
  package static let shared = ObjectWillChangeTable()

  /// Below this many entries, no sweep runs.
  package static let minimumSweepThreshold = 64

  private final class Entry {
    weak var object: AnyObject?
    let publisher = ObservableObjectPublisher()

    init(object: AnyObject) {
      self.object = object
    }
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    /// The size at which the next insertion sweeps the dead entries first.
    var sweepThreshold = ObjectWillChangeTable.minimumSweepThreshold

    /// Removes the entries whose object is gone; returns them, for the
    /// caller to release after the lock.
    mutating func sweep() -> [Entry] {
      var dead: [Entry] = []
      entries = entries.filter { _, entry in
        if entry.object == nil {
          dead.append(entry)
          return false
        }
        return true
      }
      sweepThreshold = Swift.max(ObjectWillChangeTable.minimumSweepThreshold, 2 * entries.count)
      return dead
    }
  }

  private let state = Lock(State())

  /// The publisher of `object`, created on its first access.
  package func publisher(for object: AnyObject) -> ObservableObjectPublisher {
    let key = ObjectIdentifier(object)
    let (publisher, released) = state.withLock { state -> (ObservableObjectPublisher, [Entry]) in
      if let entry = state.entries[key], entry.object === object {
        return (entry.publisher, [])
      }
      // Absent, or left by a dead object at the same address: replaced.
      var released = state.entries[key].map { [$0] } ?? []
      if state.entries.count >= state.sweepThreshold {
        released += state.sweep()
      }
      let entry = Entry(object: object)
      state.entries[key] = entry
      return (entry.publisher, released)
    }
    _ = released  // the dead objects' publishers are released here, after the lock
    return publisher
  }

  /// How many entries the table holds, dead ones included (for tests).
  package var count: Int {
    state.withLock { $0.entries.count }
  }

  /// Removes the dead entries now (for tests).
  package func sweep() {
    let released = state.withLock { $0.sweep() }
    _ = released
  }
}
