/// A first-in, first-out queue that keeps at most `capacity` elements: an
/// append to a full queue drops the oldest element and hands it back, so that
/// the caller releases it after unlocking. Append and removal are O(1)
/// (amortised while the storage grows to `capacity`, which it does only as
/// elements come).
struct ReplayBuffer<Element> {
  /// The most elements the queue keeps; at least 1.
  let capacity: Int
  /// A ring: the oldest element is at `head`; a removed slot holds nil.
  private var storage: ContiguousArray<Element?> = []
  private var head = 0
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = capacity
  }

  var isEmpty: Bool { count == 0 }

  /// Appends `element`; returns the oldest element if the queue was full.
  mutating func append(_ element: Element) -> Element? {
    if count == capacity {
      let dropped = storage[head]
      storage[head] = element
      head = (head + 1) % capacity
      return dropped
    }
    if count == storage.count {
      // The storage is full but below capacity: lay it out from `head` on, then grow.
      if head != 0 {
        storage = ContiguousArray(storage[head...] + storage[..<head])
        head = 0
      }
      storage.append(element)
    } else {
      storage[(head + count) % storage.count] = element
    }
    count += 1
    return nil
  }

  /// Removes and returns the oldest element, or nil if the queue is empty.
  mutating func removeFirst() -> Element? {
    guard count > 0 else { return nil }
    let first = storage[head]
    storage[head] = nil
    head = (head + 1) % storage.count
    count -= 1
    return first
  }

  /// The elements, oldest first.
  var elements: [Element] {
    (0..<count).map { storage[(head + $0) % storage.count]! }
  }
}
