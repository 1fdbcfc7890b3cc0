import Foundation
public import ReactiveCore
import SharedMachinery
import Synchronization

/// A subscriber that checks Combine's contract from the inside while any
/// number of threads drive its publisher: its calls never overlap (a call
/// nested in another on the same thread is legal: a publisher may deliver
/// from inside `request`), it gets one subscription (a second one is
/// cancelled), no value without demand, nothing after the completion, and
/// after its `cancel()` returned at most `inFlight` late values (calls
/// already in flight; one of them may also end the stream, so a late
/// completion is allowed).
///
/// It keeps its subscription strongly, even after the end, as Combine's
/// subscribers may: a subscription that does not release its downstream
/// then forms a cycle, which a weak reference to the checker shows.
public final class ContractChecker<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is in `log` (a Lock) and `inCall`
  // (an Atomic holding the thread inside a call, 0 when none is).

  private struct Log: @unchecked Sendable {
    var subscription: (any Subscription)?
    var subscriptions = 0
    var values: [Input] = []
    var completions: [Subscribers.Completion<Failure>] = []
    /// What this subscriber requested and has not received yet.
    var outstanding = Subscribers.Demand.none
    var cancelled = false
    var valuesAfterCancel = 0
    var violations: [String] = []
  }

  private let log = Lock(Log())
  private let inCall = Atomic<UInt>(0)
  private let initialDemand: Subscribers.Demand
  private let demandPerValue: Subscribers.Demand
  private let cancelAfter: Int?

  /// - Parameter cancelAfter: The number of values after which the checker
  ///   cancels, reentrantly, from inside `receive(_:)`; nil to never do so.
  public init(
    initialDemand: Subscribers.Demand = .unlimited,
    demandPerValue: Subscribers.Demand = .none,
    cancelAfter: Int? = nil
  ) {
    self.initialDemand = initialDemand
    self.demandPerValue = demandPerValue
    self.cancelAfter = cancelAfter
  }

  public var values: [Input] { log.withLock { $0.values } }
  public var completions: [Subscribers.Completion<Failure>] { log.withLock { $0.completions } }
  public var subscriptions: Int { log.withLock { $0.subscriptions } }
  /// The contract violations seen, in order (late values after cancel are in `problems(inFlight:)`).
  public var violations: [String] { log.withLock { $0.violations } }
  public var isOver: Bool { log.withLock { !$0.completions.isEmpty || $0.cancelled } }
  public var subscription: (any Subscription)? { log.withLock { $0.subscription } }

  /// The violations, with the late values beyond `inFlight` after cancel.
  public func problems(inFlight: Int = 0) -> [String] {
    let (violations, late) = log.withLock { ($0.violations, $0.valuesAfterCancel) }
    guard late > inFlight else { return violations }
    return violations + ["\(late) values after cancel() returned (\(inFlight) in flight allowed)"]
  }

  /// Requests from any thread; the demand counts before the request is made.
  public func request(_ demand: Subscribers.Demand) {
    let subscription = log.withLock { log -> (any Subscription)? in
      guard !log.cancelled else { return nil }
      log.outstanding += demand
      return log.subscription
    }
    subscription?.request(demand)
  }

  /// Cancels from any thread; values that arrive after it count as late.
  public func cancel() {
    let subscription = log.withLock { log -> (any Subscription)? in
      log.cancelled ? nil : log.subscription
    }
    subscription?.cancel()
    log.withLock { $0.cancelled = subscription != nil || $0.cancelled }
  }

  public func receive(subscription: any Subscription) {
    let first = during("receive(subscription:)") {
      log.withLock { log -> Bool in
        log.subscriptions += 1
        guard log.subscriptions == 1 else {
          log.violations.append("a second subscription")
          return false
        }
        log.subscription = subscription
        log.outstanding += initialDemand
        return true
      }
    }
    if !first {
      subscription.cancel()
    } else if initialDemand > 0 {
      subscription.request(initialDemand)
    }
  }

  public func receive(_ input: Input) -> Subscribers.Demand {
    let count = during("receive(_:)") {
      let carried = UncheckedSendable(input)
      return log.withLock { log -> Int in
        if !log.completions.isEmpty { log.violations.append("a value after the completion") }
        if log.cancelled { log.valuesAfterCancel += 1 }
        if log.outstanding == .none {
          log.violations.append("a value without demand")
        } else {
          log.outstanding -= 1
        }
        log.outstanding += demandPerValue
        log.values.append(carried.value)
        return log.values.count
      }
    }
    if count == cancelAfter { cancel() }
    return demandPerValue
  }

  public func receive(completion: Subscribers.Completion<Failure>) {
    during("receive(completion:)") {
      let carried = UncheckedSendable(completion)
      log.withLock { log in
        if !log.completions.isEmpty { log.violations.append("a second completion") }
        log.completions.append(carried.value)
      }
    }
  }

  /// Runs `body` as the call named `call`, noting a violation if another
  /// thread is inside a call (a call nested in another on the same thread is legal).
  private func during<Result>(_ call: String, _ body: () -> Result) -> Result {
    let thread = UInt(pthread_self())
    let (outermost, inside) = inCall.compareExchange(expected: 0, desired: thread, ordering: .acquiring)
    if !outermost && inside != thread {
      log.withLock { $0.violations.append("\(call) overlapped another call") }
    }
    defer { if outermost { inCall.store(0, ordering: .releasing) } }
    return body()
  }
}
