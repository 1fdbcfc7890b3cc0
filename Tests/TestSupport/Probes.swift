public import ReactiveCore
import SharedMachinery

/// A subscriber that keeps its subscription strongly, as Combine's
/// subscribers do, so that lifetime tests can check that a subscription
/// releases its downstream: after completion or cancel, the probe must be
/// freed although the test still holds the subscription.
public final class LifetimeProbe<Input, Failure: Error>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: touched only under the lock, like the probe itself.
  private struct Received: @unchecked Sendable {
    var subscription: (any Subscription)?
    var completed = false
  }

  private let demand: Subscribers.Demand
  private let received = Lock(Received())

  public init(demand: Subscribers.Demand) {
    self.demand = demand
  }

  public var subscription: (any Subscription)? { received.withLock { $0.subscription } }
  public var isCompleted: Bool { received.withLock { $0.completed } }

  public func receive(subscription: any Subscription) {
    received.withLock { $0.subscription = subscription }
    if demand > 0 { subscription.request(demand) }
  }

  public func receive(_ input: Input) -> Subscribers.Demand { .none }

  public func receive(completion: Subscribers.Completion<Failure>) {
    received.withLock { $0.completed = true }
  }
}

/// A subscription that records what its subscriber asks of it, in order.
public final class SubscriptionProbe: Subscription, @unchecked Sendable {
  // @unchecked Sendable: the log is behind its lock.

  /// A call the subscriber made.
  public enum Call: Equatable, Sendable {
    case request(Subscribers.Demand)
    case cancel
  }

  private let log = Lock<[Call]>([])

  public init() {}

  /// Every call, in order.
  public var calls: [Call] { log.withLock { $0 } }

  public var requests: [Subscribers.Demand] {
    calls.compactMap {
      guard case let .request(demand) = $0 else { return nil }
      return demand
    }
  }

  public var cancels: Int { calls.filter { $0 == .cancel }.count }

  public func request(_ demand: Subscribers.Demand) {
    log.withLock { $0.append(.request(demand)) }
  }

  public func cancel() {
    log.withLock { $0.append(.cancel) }
  }
}
