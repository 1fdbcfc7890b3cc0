/// The package's first-in, first-out queue: the values a subscription owes
/// its subscriber, the events a time operator has decided and not delivered,
/// the kept values of a replay, the values nobody awaited yet.
///
/// A ring over one buffer: append and removal of the oldest are O(1)
/// (append amortised: the buffer doubles when full, laid out again from the
/// oldest element). No allocation until the first append. The queue keeps
/// nothing it handed back: a removed slot is cleared at once, so that a value
/// is released by whoever took it (after its lock), not later by the queue.
///
/// Bounded queues are the caller's choice: `append(_:droppingOldestBeyond:)` drops
/// and returns the oldest elements beyond a limit, for the caller to release
/// after unlocking.
@usableFromInline
package struct FIFOQueue<Element> {
  /// The ring; a slot outside `head..<head + count` (modulo) holds nil.
  @usableFromInline
  var storage: ContiguousArray<Element?> = []
  /// Where the oldest element sits.
  @usableFromInline
  var head = 0
  /// How many elements the queue holds.
  @usableFromInline
  package internal(set) var count = 0

  @inlinable
  package init() {}

  @inlinable
  package var isEmpty: Bool { count == 0 }

  /// The oldest element, if any.
  @inlinable
  package var first: Element? {
    count == 0 ? nil : storage[head]
  }

  /// The newest element, if any.
  @inlinable
  package var last: Element? {
    count == 0 ? nil : storage[slot(count - 1)]
  }

  /// Replaces the newest element and returns it; the queue must not be empty.
  @inlinable
  package mutating func replaceLast(with element: Element) -> Element {
    precondition(count > 0, "Bug in FIFOQueue: replaceLast(with:) on an empty queue")
    let index = slot(count - 1)
    defer { storage[index] = element }
    return storage[index]!
  }

  /// Inserts `element` before the first element for which `isAfter` is
  /// true, or appends it if there is none: O(1) when it goes last, O(count)
  /// otherwise (a queue kept in an order that its elements seldom break).
  @inlinable
  package mutating func insert(_ element: Element, beforeFirst isAfter: (Element) -> Bool) {
    guard let last, isAfter(last) else { return append(element) }
    var all = removeAll()
    all.insert(element, at: all.firstIndex(where: isAfter)!)
    for element in all {
      append(element)
    }
  }

  /// The elements, oldest first.
  @inlinable
  package var elements: [Element] {
    (0..<count).map { storage[slot($0)]! }
  }

  /// The slot of the `offset`-th oldest element.
  @inlinable
  func slot(_ offset: Int) -> Int {
    let slot = head + offset
    return slot < storage.count ? slot : slot - storage.count
  }

  /// Adds `element` after every other one.
  @inlinable
  package mutating func append(_ element: Element) {
    if count == storage.count {
      grow()
    }
    storage[slot(count)] = element
    count += 1
  }

  /// Adds `element`, and removes the oldest element if the queue then holds
  /// more than `limit`; returns what it removed, for the caller to release
  /// after its lock. The caller keeps the bound: the queue held at most
  /// `limit` elements before (so one removal restores it, and a send to a
  /// full buffer allocates nothing).
  @inlinable
  package mutating func append(_ element: Element, droppingOldestBeyond limit: Int) -> Element? {
    assert(count <= Swift.max(limit, 0), "Bug in FIFOQueue: already beyond the limit")
    append(element)
    return count > Swift.max(limit, 0) ? removeFirst() : nil
  }

  /// Removes and returns the oldest element, or nil if the queue is empty.
  @inlinable
  package mutating func removeFirst() -> Element? {
    guard count > 0 else { return nil }
    let first = storage[head].take()
    head = head + 1 == storage.count ? 0 : head + 1
    count -= 1
    return first
  }

  /// Empties the queue; returns what it held, oldest first, for the caller
  /// to release after its lock.
  @inlinable
  package mutating func removeAll() -> [Element] {
    defer { self = FIFOQueue() }
    return elements
  }

  /// Doubles the buffer (at least 4 slots), laid out from the oldest element.
  /// Inlinable: unspecialised, the first append to an empty queue (each
  /// await of a trait's `value`) asked the runtime for the metadata of the
  /// buffer, its optionals, ranges and iterators (about 7,000 instructions).
  @inlinable
  mutating func grow() {
    var grown = ContiguousArray<Element?>()
    grown.reserveCapacity(Swift.max(4, storage.count * 2))
    for offset in 0..<count {
      grown.append(storage[slot(offset)].take())
    }
    grown.append(contentsOf: repeatElement(nil, count: grown.capacity - grown.count))
    storage = grown
    head = 0
  }
}
