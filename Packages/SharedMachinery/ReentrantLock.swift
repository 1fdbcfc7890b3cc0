public import Synchronization

/// A lock that the thread holding it may take again: the lock a subject
/// holds around each call to one of its subscribers.
///
/// This is the one lock of the package that is held while calling out, on
/// purpose: it serializes the calls to one subscriber across threads, while
/// letting a subscriber's `receive` send into the same subject and be called
/// again, nested, on the same thread (as Combine does). It must never be
/// taken while another lock of the package is held.
///
/// A thread that already owns it runs `body` at once; another thread waits
/// on the mutex. The owner is the thread's `pthread_t`, compared with a
/// relaxed load: only the owner ever stores its own identity, so a thread
/// reads its own identity back only if it holds the lock.
@usableFromInline
package struct ReentrantLock: ~Copyable {
  /// Protects nothing but itself; its value is a byte, not `Void`, since
  /// `Lock` takes no zero-sized value (see `Lock.init`).
  @usableFromInline
  let mutex: Lock<UInt8>
  /// The identity of the thread that holds `mutex`, 0 when none does.
  @usableFromInline
  let owner: Atomic<UInt>

  @inlinable
  package init() {
    mutex = Lock(0)
    owner = Atomic(0)
  }

  /// Runs `body` holding the lock; nested calls on the owning thread run at once.
  @inlinable
  package func withLock<Result: Sendable>(_ body: () -> Result) -> Result {
    let thread = currentThreadIdentity()
    if owner.load(ordering: .relaxed) == thread {
      return body()
    }
    return mutex.withLock { _ -> Result in
      owner.store(thread, ordering: .relaxed)
      defer { owner.store(0, ordering: .relaxed) }
      return body()
    }
  }
}
