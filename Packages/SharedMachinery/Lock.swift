public import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock of every state machine in the package: a `Synchronization.Mutex`
/// that ThreadSanitizer can see through.
///
/// On Linux, a contended `Mutex` hands the lock over inside the kernel, in
/// code that ThreadSanitizer does not instrument, so TSan misses the ordering
/// between the two threads and reports false races on the state the mutex
/// protects. `Lock` tells TSan about each hand-over (`__tsan_acquire` after
/// locking, `__tsan_release` before unlocking) when, and only when, the
/// process runs under TSan; otherwise it is a `Mutex` plus one predictable
/// branch.
///
/// Its API is `Mutex`'s: `withLock`, with the same rules — the body must not
/// call out (to a downstream, an upstream, a user closure) nor release
/// anything whose deinit may call out.
@usableFromInline
package struct Lock<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
  // @unchecked Sendable: `Mutex` is Sendable, and the other stored property is a constant Bool.
  @usableFromInline
  let mutex: Mutex<Unchecked<Value>>
  /// Whether the process runs under ThreadSanitizer, read once, when the
  /// lock is created: `ThreadSanitizerHooks.current` is a lazy global, and
  /// reading it costs its once-check on every `withLock` (~16 instructions;
  /// combineLatest of two subjects in make bench: ~160 per pair of sends).
  @usableFromInline
  let instrumented: Bool

  /// Creates a lock that protects `initialValue`, which must not be
  /// zero-sized (`Void`, an empty struct): such a value has the address of
  /// `instrumented`, and ThreadSanitizer reports every `withLock`, which
  /// writes the value, as racing with the reads of `instrumented`. Protect a
  /// byte instead.
  @inlinable
  package init(_ initialValue: consuming Value) {
    assert(MemoryLayout<Value>.size > 0, "Lock: a zero-sized value shares its address with `instrumented`")
    mutex = Mutex(Unchecked(initialValue))
    instrumented = ThreadSanitizerHooks.isActive
  }

  /// Calls `body` with exclusive access to the protected value.
  @inlinable
  package borrowing func withLock<Result: ~Copyable>(_ body: (inout Value) -> Result) -> Result {
    guard instrumented, let hooks = ThreadSanitizerHooks.current else {
      return mutex.withLock { Unchecked(body(&$0.value)) }.value
    }
    // The mutex's address (it never moves) names the hand-over for TSan. It
    // is taken before locking, without touching the protected value.
    let address = withUnsafePointer(to: mutex) { UnsafeMutableRawPointer(mutating: $0) }
    return mutex.withLock {
      hooks.acquire(address)
      defer { hooks.release(address) }
      return Unchecked(body(&$0.value))
    }.value
  }
}

/// A `Lock` that guards state kept beside it, in a stored `var` of the
/// class that owns both, rather than inside it.
///
/// Why: a generic class's deinitialiser is never specialised, and
/// destroying a `Lock<State>` there asks the runtime for the metadata of
/// `Mutex<…>`, its cell, `Unchecked<State>` (at times `Lock<State>` too)
/// and `State`, one cache lookup each (hundreds of instructions apiece, at the end of
/// every subscription). The type of a `StateLock` does not depend on the
/// state, so destroying it needs no lookup, and the state beside it costs
/// one. The owner declares the state `@exclusivity(unchecked) var` (the lock
/// makes access exclusive) and touches it only inside `withLock`, with the
/// same rules as `Lock`'s: decide under the lock, act after it.
@usableFromInline
package struct StateLock: ~Copyable, @unchecked Sendable {
  // @unchecked Sendable: a `Lock` of a byte, which is Sendable.
  @usableFromInline
  let lock: Lock<UInt8>

  @inlinable
  package init() {
    lock = Lock(0)
  }

  /// Calls `body` while holding the lock.
  ///
  /// Outside ThreadSanitizer it locks the mutex itself, always inlined, so
  /// that `body` inlines into the caller: through `Lock.withLock`, a closure
  /// more that the optimizer did not inline cost ~25 instructions per value
  /// through a sink (make bench, subjectMapTo1). Under ThreadSanitizer it
  /// goes through `Lock.withLock`, which tells TSan about the hand-over.
  @inlinable @inline(__always)
  package borrowing func withLock<Result: ~Copyable>(_ body: () -> Result) -> Result {
    guard lock.instrumented else {
      return lock.mutex.withLock { _ in Unchecked(body()) }.value
    }
    return lock.withLock { _ in body() }
  }
}

/// A state whose type the class that keeps it takes as a generic argument
/// of its own, so that the state beside a `StateLock` costs no lookup either.
///
/// A class that stores a `FlatMapStateMachine<Downstream, Input, Child>`
/// built from its generic parameters makes its deinitialiser (never
/// specialised) ask the runtime's metadata cache for that type, and for
/// each generic type it is built from: hundreds of instructions apiece at
/// the end of every subscription. Declared as `Machine: ClassArgumentState`
/// with `Machine.Core == FlatMapStateMachine<Downstream, Input, Child>`, and
/// created as `FlatMapInner<…, FlatMapStateMachine<…>>`, the class finds the
/// type in its own generic arguments. The owner reaches the state through
/// `core` (in specialised code, the state itself). A state conforms by
/// declaring the conformance: the requirements have defaults for `Core ==
/// Self`, the only conformance there is.
///
/// (`SendableMetatype`: a class with such a parameter may be captured by a
/// `@Sendable` closure, as the traits' `value` subscriber is by its task's
/// cancellation handler.)
@usableFromInline
package protocol ClassArgumentState<Core>: SendableMetatype {
  associatedtype Core

  /// Wraps `core`: the state is its own wrapper.
  init(core: Core)

  /// The state itself.
  var core: Core { get set }
}

extension ClassArgumentState where Core == Self {
  @inlinable
  package init(core: Self) {
    self = core
  }

  @inlinable
  package var core: Self {
    get { self }
    _modify { yield &self }
  }
}

/// What `Lock` keeps and returns, declared Sendable so that `Mutex`'s
/// `sending` rules do not reach the callers: the state a lock protects holds
/// subscribers and subscriptions, which are not Sendable, and the state
/// machines hand them out of the lock to act on after unlocking.
@usableFromInline
package struct Unchecked<Wrapped: ~Copyable>: ~Copyable, @unchecked Sendable {
  // @unchecked Sendable: only `Lock` stores or returns one, and the lock is
  // what makes access to the protected state exclusive.
  @usableFromInline
  package var value: Wrapped

  @inlinable
  package init(_ value: consuming Wrapped) {
    self.value = value
  }
}

extension Unchecked: Copyable where Wrapped: Copyable {}

/// ThreadSanitizer's annotation entry points, found at run time: present only
/// in a process built with `-sanitize=thread`.
@usableFromInline
package struct ThreadSanitizerHooks: Sendable {
  @usableFromInline
  let acquire: @convention(c) (UnsafeMutableRawPointer) -> Void
  @usableFromInline
  let release: @convention(c) (UnsafeMutableRawPointer) -> Void

  /// Whether the process runs under ThreadSanitizer. Not inlinable on
  /// purpose: `Lock.init` is inlined into every subscription's init, and
  /// the lazy global's access, inlined there too, made the optimizer give up
  /// other inlining (a discarded `AnyCancellable` was no longer allocated on
  /// the stack: one malloc more per `Just.filter` life cycle in make bench).
  @usableFromInline
  @inline(never)
  package static var isActive: Bool { current != nil }

  /// The hooks, or nil when the process does not run under ThreadSanitizer.
  @usableFromInline
  package static let current: ThreadSanitizerHooks? = {
    #if canImport(Glibc) || canImport(Musl)
    guard let acquire = dlsym(nil, "__tsan_acquire"), let release = dlsym(nil, "__tsan_release") else { return nil }
    #elseif canImport(Darwin)
    let handle = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    guard let acquire = dlsym(handle, "__tsan_acquire"), let release = dlsym(handle, "__tsan_release") else {
      return nil
    }
    #else
    return nil
    #endif
    typealias Hook = @convention(c) (UnsafeMutableRawPointer) -> Void
    return ThreadSanitizerHooks(
      acquire: unsafeBitCast(acquire, to: Hook.self),
      release: unsafeBitCast(release, to: Hook.self)
    )
  }()
}

/// The calling thread's identity, never 0: how `ReentrantLock` knows its owner.
@usableFromInline
package func currentThreadIdentity() -> UInt {
  #if canImport(Glibc)
  pthread_self()  // a pthread_t is an unsigned integer on Glibc
  #else
  UInt(bitPattern: pthread_self())  // a pointer on Darwin and Musl
  #endif
}
