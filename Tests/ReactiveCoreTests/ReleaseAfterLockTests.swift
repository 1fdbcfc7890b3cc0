import Foundation
import ReactiveCore
import SharedMachinery
import TestSupport
import Testing
import TraitsTesting

/// An upstream subscription's deinit may call back into the operator: a
/// subscription the operator lets go of when its upstream completes must
/// therefore be released after the operator's lock. From the deinit, another
/// thread asks the operator's subscription for demand, which takes the lock:
/// it gets it at once only if the lock is free (bounded wait: code that
/// releases under the lock fails after 10 s).
@Suite struct ReleaseAfterLockTests {
  @Test func catchReleasesAFinishedUpstreamsSubscriptionAfterItsLock() throws {
    try expectReleasedAfterTheLock({ $0.catch { _ in Empty<Int, TestError>() } }, end: .finished)
  }

  @Test func handleEventsReleasesAFinishedUpstreamsSubscriptionAfterItsLock() throws {
    try expectReleasedAfterTheLock({ $0.handleEvents() }, end: .finished)
  }

  @Test func appendReleasesItsFinishedPrefixsSubscriptionAfterItsLock() throws {
    try expectReleasedAfterTheLock({ $0.append(7) }, end: .finished)
  }

  @Test func retryReleasesAFailedAttemptsSubscriptionAfterItsLock() throws {
    try expectReleasedAfterTheLock({ $0.retry(1) }, end: .failure(TestError(code: 1)))
  }

  /// Subscribes to what `make` builds on an upstream whose first
  /// subscription only the operator keeps, then completes the upstream with
  /// `end`, and checks the lock was free when that subscription went.
  private func expectReleasedAfterTheLock<P: Publisher>(
    _ make: (OneSubscriptionUpstream) -> P,
    end: Subscribers.Completion<TestError>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let operatorSubscription = Lock<UncheckedSendable<(any Subscription)?>>(UncheckedSendable(nil))
    let lockWasFree = Lock<Bool?>(nil)
    let upstream = OneSubscriptionUpstream {
      let shared = operatorSubscription.withLock { $0 }
      let requested = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        shared.value?.request(.max(1))
        requested.signal()
      }
      let free = requested.wait(timeout: .now() + 10) == .success
      lockWasFree.withLock { $0 = free }
    }
    let (_, subscription) = try recordKeepingSubscription(make(upstream))
    operatorSubscription.withLock { $0 = UncheckedSendable(subscription) }
    upstream.complete(end)
    #expect(lockWasFree.withLock { $0 } == true, sourceLocation: sourceLocation)
  }
}

/// A publisher of `Int`s that keeps no reference to the subscription it
/// hands out (whose deinit runs `onRelease`, for the first subscriber only),
/// and completes its latest subscriber when told.
private final class OneSubscriptionUpstream: Publisher, @unchecked Sendable {
  typealias Output = Int
  typealias Failure = TestError

  // @unchecked Sendable: used from the test's thread only; `onRelease` is Sendable.
  private var subscriber: AnySubscriber<Int, TestError>?
  private var onRelease: (@Sendable () -> Void)?

  init(onRelease: @escaping @Sendable () -> Void) {
    self.onRelease = onRelease
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
    self.subscriber = AnySubscriber(subscriber)
    let release = onRelease
    onRelease = nil
    subscriber.receive(subscription: ReleaseProbe(onRelease: release))
  }

  func complete(_ completion: Subscribers.Completion<TestError>) {
    let current = subscriber
    current?.receive(completion: completion)
  }
}

/// A subscription that runs `onRelease` from its deinit.
private final class ReleaseProbe: Subscription {
  private let onRelease: (@Sendable () -> Void)?

  init(onRelease: (@Sendable () -> Void)?) {
    self.onRelease = onRelease
  }

  deinit { onRelease?() }

  func request(_: Subscribers.Demand) {}
  func cancel() {}
}
