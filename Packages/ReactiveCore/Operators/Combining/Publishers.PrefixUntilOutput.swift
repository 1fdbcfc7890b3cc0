extension Publisher {
  /// Lets this publisher's values through until `publisher` produces its
  /// first value, and finishes at that moment.
  ///
  /// The other publisher is asked for one value. When it arrives, the
  /// upstream is cancelled (the other publisher, which has sent the one
  /// value asked of it, is released, as in Combine) and the result
  /// finishes. If the other publisher completes without a value, it is
  /// ignored.
  ///
  /// ```text
  /// upstream  -a-b-c-d-
  /// other     -----o
  /// result    -a-b-|
  /// ```
  ///
  /// - Parameter publisher: A publisher whose first value ends the result.
  /// - Returns: A publisher that republishes values until `publisher` emits one.
  @_alwaysEmitIntoClient
  public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
    Publishers.PrefixUntilOutput(upstream: self, other: publisher)
  }
}

extension Publishers {
  /// The publisher returned by ``Publisher/prefix(untilOutputFrom:)``:
  /// upstream values pass until ``other`` publishes once.
  public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The trigger: its first value ends the stream.
    public let other: Other

    /// Creates a publisher that passes `upstream`'s values until `other` publishes.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - other: The trigger: its first value ends the stream.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, other: Other) {
      self.upstream = upstream
      self.other = other
    }

    public func receive<S: Subscriber>(subscriber: S) where Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      // As in Combine: the trigger first, then the upstream, whose
      // subscription is what gives the subscriber its own.
      let inner = PrefixUntilOutputInner<S, Other.Output, Other.Failure>(subscriber)
      other.subscribe(inner.trigger)
      upstream.subscribe(inner)
    }
  }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

/// The subscription of `PrefixUntilOutput`. Its state:
/// - `outlet`: downstream, its demand and the values waiting for it (a value
///   waits only while another thread delivers);
/// - `upstream`: `awaiting` → `subscribed` → `finished`/`ended`; downstream
///   receives its subscription when the upstream's arrives (or, if the
///   trigger fires or the upstream completes first, just before its
///   completion);
/// - `trigger`: the other publisher, `awaiting` → `subscribed` → `ended`
///   (its value ends the result; its completion only releases it).
///
/// Downstream demand goes to the upstream; the additional demand downstream
/// returns for a value is returned from the upstream's `receive(_:)` when the
/// value was delivered at once, and requested otherwise.
///
/// Like Combine's, it has no description or mirror of its own.
private final class PrefixUntilOutputInner<Downstream: Subscriber, TriggerOutput, TriggerFailure: Error>: Subscriber,
  TriggeredOperatorInner, LibrarySubscriber
{
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let state: Lock<TriggeredState<Downstream>>

  init(_ downstream: Downstream) {
    state = Lock(TriggeredState(downstream))
  }

  var trigger: PrefixUntilOutputTrigger<Downstream, TriggerOutput, TriggerFailure> {
    PrefixUntilOutputTrigger(inner: self)
  }

  // MARK: Upstream

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      guard case .awaiting = state.upstream else { return nil }
      state.upstream = .subscribed(subscription)
      return state.outlet.downstream
    }
    guard let downstream else { return subscription.cancel() }
    downstream.receive(subscription: self)  // its requests reach the upstream from here
  }

  /// A value of the upstream, delivered if downstream has demand (it waits
  /// otherwise); as in Combine, the demand downstream returns is this
  /// method's result.
  func receive(_ input: Input) -> Subscribers.Demand {
    let drain = state.withLock { state in
      guard case .subscribed = state.upstream else { return false }  // before its subscription: ignored
      return state.outlet.enqueue(input, tag: ())
    }
    return drain ? state.drain { $1 } : .none
  }

  /// The upstream's completion ends the result and cancels the trigger. One
  /// that comes before the upstream's subscription does too, as in Combine;
  /// downstream then receives its subscription just before the completion
  /// (Combine sends it neither).
  func receive(completion: Subscribers.Completion<Failure>) {
    let (after, early) = state.withLock { state -> (CombiningAftermath, Downstream?) in
      let early: Downstream? = if case .awaiting = state.upstream { state.outlet.downstream } else { nil }
      return (state.upstreamCompleted(completion), early)
    }
    early?.receive(subscription: self)
    act(after)
  }

  // MARK: Trigger

  /// The trigger's value cancels the upstream and finishes the result. As
  /// in Combine, the trigger itself is not cancelled: it was asked for one
  /// value and has sent it; it is released. If the upstream has not given
  /// its subscription yet, downstream receives its own just before the
  /// completion (Combine sends the completion alone); the upstream's
  /// subscription is cancelled when it comes.
  func receiveTrigger(_: TriggerOutput) -> Subscribers.Demand {
    let (after, early) = state.withLock { state -> (CombiningAftermath, Downstream?) in
      guard case let .subscribed(trigger) = state.trigger else { return (.none, nil) }
      state.trigger = .ended
      let early: Downstream? = if case .awaiting = state.upstream { state.outlet.downstream } else { nil }
      let after = CombiningAftermath(drain: state.outlet.finish(), cancelled: state.end(), released: [trigger])
      return (after, early)
    }
    early?.receive(subscription: self)
    act(after)
    return .none
  }

  func receiveTrigger(completion _: Subscribers.Completion<TriggerFailure>) {
    state.withLock { state in
      if case .subscribed = state.trigger { state.trigger = .ended }
    }
  }
}

/// The subscriber `PrefixUntilOutput` attaches to the other publisher. Like
/// Combine's, it has no description of its own.
private struct PrefixUntilOutputTrigger<Downstream: Subscriber, Input, Failure: Error>: Subscriber, LibrarySubscriber {
  let inner: PrefixUntilOutputInner<Downstream, Input, Failure>
  /// The identity of the subscription it feeds, as in Combine.
  var combineIdentifier: CombineIdentifier { CombineIdentifier(inner) }

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
