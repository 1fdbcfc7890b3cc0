/// A first-in first-out queue: the oldest element inline, the others in the
/// package's one FIFO (``FIFOQueue``).
///
/// The inline slot is there for speed: most queues hold one element at a
/// time (a value queued, then delivered at once by a combining operator's
/// drain; the one task that awaits a trait's `value`), and a lone element
/// then needs no storage at all. It saves the allocation that the first
/// `append` to a `FIFOQueue` makes (the single life cycle of `make bench`:
/// 6 → 5 mallocs; each await of a trait's `value`: 5 → 4) and the ring's
/// bookkeeping per element.
///
/// Invariant: `first` is nil only when the queue is empty.
@usableFromInline
package struct InlineFirstQueue<Element> {
  @usableFromInline var first: Element?
  @usableFromInline var rest = FIFOQueue<Element>()

  @inlinable package init() {}

  @inlinable package var isEmpty: Bool { first == nil }
  @inlinable package var count: Int { first == nil ? 0 : 1 + rest.count }

  /// The elements, oldest first.
  @inlinable package var elements: [Element] {
    guard let first else { return [] }
    return [first] + rest.elements
  }

  @inlinable package mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else {
      rest.append(element)
    }
  }

  /// Removes and returns the oldest element; the queue must not be empty.
  @inlinable package mutating func removeFirst() -> Element {
    guard let next = rest.removeFirst() else {
      return first.take()!
    }
    return Self.exchange(&first, with: next)
  }

  /// Removes and returns the oldest element, or nil if the queue is empty.
  @inlinable package mutating func popFirst() -> Element? {
    first == nil ? nil : removeFirst()
  }

  /// Replaces the newest element; the queue must not be empty.
  @inlinable package mutating func replaceLast(with element: Element) -> Element {
    guard rest.isEmpty else {
      return rest.replaceLast(with: element)
    }
    return Self.exchange(&first, with: element)
  }

  /// Empties the queue and returns what it held, to release after the lock.
  @inlinable package mutating func removeAll() -> [Element] {
    defer {
      first = nil
      rest = FIFOQueue()
    }
    return elements
  }

  /// Puts `element` in the occupied inline slot and returns what was there.
  @inlinable static func exchange(_ slot: inout Element?, with element: Element) -> Element {
    let old = slot!
    slot = element
    return old
  }
}
