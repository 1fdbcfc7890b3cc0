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
///
/// The queue is the package's one FIFO (`FIFOQueue`, SharedMachinery); the
/// outbox adds the delivery flag.
struct Outbox<Element> {
  private var queue = FIFOQueue<Element>()

  /// Whether a thread is delivering the outbox's events.
  private(set) var isDelivering = false

  /// Whether no event is waiting.
  var isEmpty: Bool { queue.isEmpty }

  /// How many events are waiting.
  var count: Int { queue.count }

  /// The oldest waiting event.
  var first: Element? { queue.first }

  /// Adds an event after every waiting one.
  mutating func append(_ element: Element) {
    queue.append(element)
  }

  /// Takes the oldest waiting event, if any.
  mutating func removeFirst() -> Element? {
    queue.removeFirst()
  }

  /// Takes every waiting event, oldest first.
  mutating func removeAll() -> [Element] {
    queue.removeAll()
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
