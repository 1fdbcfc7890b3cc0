/// The events a time operator has decided to deliver and not delivered yet,
/// oldest first, with the flag that makes their delivery serial.
///
/// Time operators hear from two sides at once: the upstream, on its thread,
/// and their scheduled actions, on the scheduler's threads (several at once
/// on a concurrent queue). Whoever has something to deliver appends it here
/// under the operator's lock, then tries to ``claim()`` the delivery: the one
/// thread that gets it delivers, after the lock, until the outbox is empty;
/// the others leave their event to it. So the downstream is called by one
/// thread at a time, in order, and never recursively.
struct Outbox<Element> {
  /// The older part of the queue, newest first, so that taking the oldest is `popLast()`.
  private var front: [Element] = []
  /// The newer part of the queue, oldest first.
  private var back: [Element] = []

  /// Whether a thread is delivering the outbox's events.
  private(set) var isDelivering = false

  /// Whether no event is waiting.
  var isEmpty: Bool { front.isEmpty && back.isEmpty }

  /// How many events are waiting.
  var count: Int { front.count + back.count }

  /// The oldest waiting event.
  var first: Element? { front.last ?? back.first }

  /// Adds an event after every waiting one.
  mutating func append(_ element: Element) {
    back.append(element)
  }

  /// Takes the oldest waiting event, if any.
  mutating func removeFirst() -> Element? {
    if front.isEmpty {
      guard !back.isEmpty else { return nil }
      front = back.reversed()
      back = []
    }
    return front.popLast()
  }

  /// Takes every waiting event, oldest first.
  mutating func removeAll() -> [Element] {
    defer {
      front = []
      back = []
    }
    return front.reversed() + back
  }

  /// Makes the caller the delivering thread: true if no other thread was delivering.
  mutating func claim() -> Bool {
    guard !isDelivering else { return false }
    isDelivering = true
    return true
  }

  /// Ends the caller's turn as the delivering thread.
  mutating func release() {
    isDelivering = false
  }
}
