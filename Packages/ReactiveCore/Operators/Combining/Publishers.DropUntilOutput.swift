extension Publisher {
  /// Holds back this publisher's values until `publisher` produces its first
  /// value; from then on, lets them all through.
  ///
  /// The other publisher is asked for one value; once it arrives, its
  /// subscription is released (not cancelled, as in Combine) and the
  /// upstream's values pass. Values dropped
  /// before count against downstream demand, as in Combine. If the other
  /// publisher completes before its first value, the result completes the
  /// same way and the upstream is cancelled.
  ///
  /// ```text
  /// upstream  -a-b-c-d-|
  /// other     ----o
  /// result    -----c-d-|
  /// ```
  ///
  /// - Parameter publisher: A publisher whose first value starts the republishing.
  /// - Returns: A publisher that drops values until `publisher` emits one.
  @_alwaysEmitIntoClient
  public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
  where Failure == P.Failure {
    Publishers.DropUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/drop(untilOutputFrom:)``: upstream
  /// values are discarded until ``other`` publishes once.
  public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
  where Upstream.Failure == Other.Failure {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The trigger: its first value opens the gate.
    public let other: Other

    /// Creates a publisher that discards `upstream`'s values until `other` publishes.
    ///
    /// - Parameters:
    ///   - upstream: The publisher whose values are gated.
    ///   - other: The trigger: its first value opens the gate.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    public func receive<S: Subscriber>(subscriber: S) where Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      let inner = DropUntilOutputInner<S, Other.Output>(subscriber)
      subscriber.receive(subscription: inner)
      other.subscribe(inner.trigger)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

/// The subscription of `DropUntilOutput`. Its state:
/// - `outlet`: downstream, its demand and the values waiting for it (a value
///   waits only while another thread delivers);
/// - `upstream`: `awaiting` → `subscribed` → `finished`/`ended`;
/// - `trigger`: the other publisher, `awaiting` → `subscribed` → `ended`;
/// - `triggered`: the other publisher emitted: values pass from now on.
///
/// Downstream demand goes to the upstream; the additional demand downstream
/// returns for a value is returned from the upstream's `receive(_:)` when the
/// value was delivered at once, and requested otherwise. A value dropped before the trigger uses up one unit
/// of downstream demand. The other publisher's completion before its first
/// value completes the result; after it, nothing.
private final class DropUntilOutputInner<Downstream: Subscriber, TriggerOutput>: Subscriber,
  TriggeredOperatorInner, CustomStringConvertible
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let state: Lock<TriggeredState<Downstream>>

  var description: String { "DropUntilOutput" }

  init(_ downstream: Downstream) {
    state = Lock(TriggeredState(downstream))
  }

  var trigger: DropUntilOutputTrigger<Downstream, TriggerOutput> {
    DropUntilOutputTrigger(inner: self)
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .awaiting = state.upstream else { return nil }
      state.upstream = .subscribed(subscription)
      return state.outlet.demandBeyondQueue
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  /// A value of the upstream: dropped before the trigger, else delivered
  /// if downstream has demand (it waits otherwise); as in Combine, the
  /// demand downstream returns is this method's result.
  func receive(_ input: Input) -> Subscribers.Demand {
    let drain = state.withLock { state -> Bool in
      guard state.triggered else {
        state.outlet.consumeDemand()
        return false
      }
      return state.outlet.enqueue(input, tag: ())
    }
    return drain ? state.drain { $1 } : .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    upstreamCompleted(completion)
  }

  // MARK: Trigger

  /// The trigger's value opens the gate. As in Combine, the trigger is not
  /// cancelled: it was asked for one value and has sent it; it is released.
  func receiveTrigger(_: TriggerOutput) -> Subscribers.Demand {
    let released = state.withLock { state -> (any Subscription)? in
      guard case let .subscribed(subscription) = state.trigger else { return nil }
      state.trigger = .ended
      state.triggered = true
      return subscription
    }
    _ = released  // released after the lock
    return .none
  }

  func receiveTrigger(completion: Subscribers.Completion<Failure>) {
    let after = state.withLock { state -> CombiningAftermath in
      guard case .subscribed = state.trigger else { return .none }
      state.trigger = .ended
      return state.complete(completion)
    }
    act(after)
  }
}

/// The subscriber `DropUntilOutput` attaches to the other publisher.
private struct DropUntilOutputTrigger<Downstream: Subscriber, Input>: Subscriber, CustomStringConvertible {
  typealias Failure = Downstream.Failure

  let inner: DropUntilOutputInner<Downstream, Input>
  /// The identity of the subscription it feeds, as in Combine.
  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }

  var description: String { "DropUntilOutput" }

  func receive(subscription: any Subscription) {
    inner.receiveTrigger(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receiveTrigger(input)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receiveTrigger(completion: completion)
  }
}

extension DropUntilOutputInner: CombineReflectable {
  /// Shows no children.
  var customMirror: Mirror { Mirror(childless: self) }
}

extension DropUntilOutputTrigger: CombineReflectable {
  /// Shows no children.
  var customMirror: Mirror { Mirror(childless: self) }
}
