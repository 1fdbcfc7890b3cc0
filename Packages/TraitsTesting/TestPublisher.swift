public import ReactiveCore
import SharedMachinery
import Synchronization

/// A publisher driven by the test, which records what its subscribers ask of it.
///
/// Use it as the upstream of an operator under test, to check the demand the
/// operator requests and whether its cancellation reaches the upstream:
///
/// ```swift
/// let upstream = TestPublisher<Int, Never>()
/// let recorder = upstream.record(demand: .max(2))
/// #expect(upstream.requests == [.max(2)])
/// upstream.send(1)
/// recorder.cancel()
/// #expect(upstream.cancellations == 1)
/// ```
///
/// ``send(_:)`` delivers to every subscription that is not cancelled or
/// completed, *whether or not it has demand*: the publisher does not police
/// its subscribers, so that a test can also play a misbehaving upstream.
/// Check ``pendingDemand`` to stay within the contract. Events are delivered
/// synchronously on the calling thread, outside any lock.
public final class TestPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is in `state`, under its lock.

  fileprivate struct State {
    var subscriptions: [Probe] = []
    var subscriptionCount = 0
    var requests: [Subscribers.Demand] = []
    var cancellations = 0
  }

  private let state = Lock(State())

  public var description: String { "TestPublisher" }

  /// Creates a publisher with no subscriber.
  public init() {}

  /// How many subscribers this publisher has received in all.
  public var subscriptionCount: Int { state.withLock { $0.subscriptionCount } }

  /// Every demand requested from this publisher, by any subscription, in order.
  public var requests: [Subscribers.Demand] { state.withLock { $0.requests } }

  /// How many times a subscription of this publisher was cancelled (repeated
  /// calls on the same subscription count each time).
  public var cancellations: Int { state.withLock { $0.cancellations } }

  /// The demand requested and not yet consumed by ``send(_:)``, summed over
  /// the live subscriptions.
  public var pendingDemand: Subscribers.Demand {
    state.withLock { $0.subscriptions.reduce(.none) { $0 + $1.demand } }
  }

  /// Whether at least one subscription is neither cancelled nor completed.
  public var hasSubscribers: Bool { state.withLock { !$0.subscriptions.isEmpty } }

  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let probe = Probe(publisher: self, subscriber: AnySubscriber(subscriber))
    state.withLock {
      $0.subscriptions.append(probe)
      $0.subscriptionCount += 1
    }
    subscriber.receive(subscription: probe)
  }

  /// Sends a value to every live subscription, ignoring demand.
  ///
  /// - Returns: The sum of the demands the subscribers returned.
  @discardableResult
  public func send(_ value: Output) -> Subscribers.Demand {
    var total = Subscribers.Demand.none
    for probe in state.withLock({ $0.subscriptions }) {
      let subscriber = state.withLock { _ -> AnySubscriber<Output, Failure>? in
        probe.consumeOne()
      }
      if let subscriber {
        let additional = subscriber.receive(value)
        state.withLock { _ in probe.add(additional) }
        total += additional
      }
    }
    return total
  }

  /// Sends a completion to every live subscription; they are then over.
  public func send(completion: Subscribers.Completion<Failure>) {
    let subscribers = state.withLock { state -> [AnySubscriber<Output, Failure>] in
      defer { state.subscriptions = [] }
      return state.subscriptions.compactMap { $0.end() }
    }
    for subscriber in subscribers {
      subscriber.receive(completion: completion)
    }
  }

  fileprivate func request(_ demand: Subscribers.Demand, from probe: Probe) {
    state.withLock { state in
      state.requests.append(demand)
      probe.add(demand)
    }
  }

  fileprivate func cancel(_ probe: Probe) {
    let subscriber = state.withLock { state -> AnySubscriber<Output, Failure>? in
      state.cancellations += 1
      state.subscriptions.removeAll { $0 === probe }
      return probe.end()
    }
    _ = subscriber  // released after the lock
  }

  /// One subscription. Its fields are touched only under the publisher's lock.
  fileprivate final class Probe: Subscription, CustomStringConvertible {
    private let publisher: TestPublisher
    private var subscriber: AnySubscriber<Output, Failure>?
    fileprivate var demand = Subscribers.Demand.none

    var description: String { "TestPublisher" }

    init(publisher: TestPublisher, subscriber: AnySubscriber<Output, Failure>) {
      self.publisher = publisher
      self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
      publisher.request(demand, from: self)
    }

    func cancel() {
      publisher.cancel(self)
    }

    func add(_ additional: Subscribers.Demand) {
      demand += additional
    }

    func consumeOne() -> AnySubscriber<Output, Failure>? {
      guard let subscriber else { return nil }
      // A send without demand (a misbehaving upstream) leaves the demand at
      // zero: Combine clamps `-=` there, OpenCombine traps, so do not ask.
      if demand > .none { demand -= 1 }
      return subscriber
    }

    func end() -> AnySubscriber<Output, Failure>? {
      defer { subscriber = nil }
      return subscriber
    }
  }
}
