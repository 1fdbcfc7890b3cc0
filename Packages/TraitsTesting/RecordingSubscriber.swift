public import ReactiveCore
import SharedMachinery
import Synchronization

/// A subscriber that records every event it receives, in order, so that a
/// test can assert the whole event list at once.
///
/// ```swift
/// let recorder = [1, 2, 3].publisher.record()
/// #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
/// ```
///
/// ## Demand
///
/// The recorder requests `demand` when it receives its subscription (nothing
/// if it is `.none`). Each value then asks for what `onValue` returns (`.none`
/// without `onValue`), and ``request(_:)`` asks for more, step by step:
///
/// ```swift
/// let recorder = [1, 2, 3].publisher.record(demand: .none)
/// recorder.request(.max(1))
/// #expect(recorder.events == [.subscription, .value(1)])
/// ```
///
/// `onValue` runs outside the recorder's lock and receives the recorder, so a
/// test can cancel or request from inside `receive(_:)`, reentrantly:
///
/// ```swift
/// let recorder = [1, 2, 3].publisher.record { value, recorder in
///   if value == 2 { recorder.cancel() }
///   return .none
/// }
/// #expect(recorder.events == [.subscription, .value(1), .value(2)])
/// ```
///
/// ## Misbehaving publishers
///
/// The recorder is a witness, not a filter: values and completions that
/// arrive after a completion, or after ``cancel()``, are recorded too, so a
/// test sees a publisher that breaks the contract. ``completion`` keeps the
/// first completion. Only a second subscription is not recorded: the
/// recorder cancels it, as every Combine subscriber does, and counts it in
/// ``rejectedSubscriptions``.
///
/// ## Asynchronous publishers
///
/// ``next(timeout:)`` and ``awaitCompletion(timeout:)`` wait for events that
/// another thread delivers, and fail with a ``RecordingError`` that lists the
/// events recorded so far if they do not come in time.
///
/// The recorder is thread-safe: its state lives behind a lock, and it
/// never calls the subscription or `onValue` while holding it.
public final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: every stored property is immutable or the Lock;
  // what leaves the lock (the subscription, onValue, continuations, recorded
  // values) is used only by the thread that took it out.

  /// The closure that returns the additional demand for each value.
  public typealias OnValue = (Input, RecordingSubscriber) -> Subscribers.Demand

  /// An event received by a ``RecordingSubscriber``.
  ///
  /// ```swift
  /// #expect(Just(1).record().events == [.subscription, .value(1), .finished])
  /// ```
  public enum Event {
    /// The subscriber received its subscription.
    case subscription
    /// The subscriber received a value.
    case value(Input)
    /// The publisher finished normally.
    case finished
    /// The publisher failed with an error.
    case failure(Failure)
  }

  /// Where the recorder stands with its upstream.
  enum Connection {
    /// No subscription yet; `demand` (the initial demand, plus what
    /// `request(_:)` asked for meanwhile) is requested when it arrives.
    case awaitingSubscription(demand: Subscribers.Demand, onValue: OnValue?)
    /// Holds the one subscription it accepted.
    case subscribed(any Subscription, onValue: OnValue?)
    /// Completed or cancelled: holds nothing.
    case ended
  }

  /// Everything the recorder knows, touched only inside `state.withLock`.
  struct State {
    var connection: Connection
    var events: [Event] = []
    var values: [Input] = []
    /// The first completion received.
    var completion: Subscribers.Completion<Failure>?
    var receivedSubscription = false
    var rejectedSubscriptions = 0
    /// Index in `values` of the value the next call to `next(timeout:)` returns.
    var nextValueIndex = 0
    /// The pending calls to `next(timeout:)` and `awaitCompletion(timeout:)`, oldest first.
    var waiters: [Waiter] = []
    var lastWaiterID = 0
  }

  let state: Lock<State>

  public var description: String { "RecordingSubscriber" }

  /// Creates a recorder; subscribe it to a publisher with `subscribe(_:)`,
  /// or use ``ReactiveCore/Publisher/record(demand:onValue:)``, which does both.
  ///
  /// ```swift
  /// let recorder = RecordingSubscriber<Int, Never>(demand: .max(1))
  /// [1, 2].publisher.subscribe(recorder)
  /// #expect(recorder.values == [1])
  /// ```
  ///
  /// - Parameters:
  ///   - demand: The demand to request on subscription; `.none` requests nothing.
  ///   - onValue: Called with each value and the recorder, outside the
  ///     recorder's lock, until completion or cancellation; returns the
  ///     additional demand. Without it, each value asks for `.none`.
  public init(demand: Subscribers.Demand = .unlimited, onValue: OnValue? = nil) {
    state = Lock(State(connection: .awaitingSubscription(demand: demand, onValue: onValue)))
  }

  // MARK: What was recorded

  /// Every event received so far, in order.
  ///
  /// ```swift
  /// #expect(Empty<Int, Never>().record().events == [.subscription, .finished])
  /// ```
  public var events: [Event] {
    state.withLock { $0.events }
  }

  /// The values received so far, in order.
  ///
  /// ```swift
  /// #expect([1, 2].publisher.record().values == [1, 2])
  /// ```
  public var values: [Input] {
    state.withLock { $0.values }
  }

  /// The first completion received, or nil if the publisher has not completed.
  ///
  /// ```swift
  /// #expect(Fail<Int, MyError>(error: .boom).record().completion == .failure(.boom))
  /// ```
  public var completion: Subscribers.Completion<Failure>? {
    state.withLock { $0.completion }
  }

  /// Whether the publisher has completed, normally or with an error.
  ///
  /// ```swift
  /// #expect(Just(1).record().isCompleted)
  /// ```
  public var isCompleted: Bool {
    state.withLock { $0.completion != nil }
  }

  /// Whether the recorder has received a subscription.
  ///
  /// ```swift
  /// #expect(Just(1).record().subscription)
  /// ```
  public var subscription: Bool {
    state.withLock { $0.receivedSubscription }
  }

  /// How many subscriptions arrived after the first one. The recorder
  /// cancelled each of them, and did not record them as events.
  ///
  /// ```swift
  /// #expect(recorder.rejectedSubscriptions == 0)
  /// ```
  public var rejectedSubscriptions: Int {
    state.withLock { $0.rejectedSubscriptions }
  }

  // MARK: Subscriber

  /// What to do with a subscription, after the lock.
  private enum SubscriptionAction {
    case request(Subscribers.Demand)
    case cancel
  }

  public func receive(subscription: any Subscription) {
    let action = state.withLock { state -> SubscriptionAction in
      guard !state.receivedSubscription else {
        state.rejectedSubscriptions += 1
        return .cancel
      }
      state.receivedSubscription = true
      state.events.append(.subscription)
      switch state.connection {
      case let .awaitingSubscription(demand, onValue):
        state.connection = .subscribed(subscription, onValue: onValue)
        return .request(demand)
      case .subscribed:
        preconditionFailure("Bug in RecordingSubscriber: subscribed before its first subscription")
      case .ended:
        // Cancelled, or completed by a publisher that broke the contract,
        // before the subscription: recorded, but not wanted any more.
        return .cancel
      }
    }
    switch action {
    case let .request(demand):
      if demand > .none {
        subscription.request(demand)
      }
    case .cancel:
      subscription.cancel()
    }
  }

  public func receive(_ input: Input) -> Subscribers.Demand {
    let (onValue, waiter) = state.withLock { state -> (OnValue?, Waiter?) in
      state.events.append(.value(input))
      state.values.append(input)
      return (state.connection.onValue, state.takeWaiterForNextValue())
    }
    waiter?.resume(with: .success(.value(input)))
    return onValue?(input, self) ?? .none
  }

  public func receive(completion: Subscribers.Completion<Failure>) {
    let (ended, waiters, first, events) = state.withLock { state in
      state.events.append(Event(completion))
      if state.completion == nil {
        state.completion = completion
      }
      defer {
        state.connection = .ended
        state.waiters = []
      }
      return (state.connection, state.waiters, state.completion ?? completion, state.events)
    }
    // After the lock: resume the waiters, then release the subscription and onValue.
    for waiter in waiters {
      waiter.resume(completion: first, events: events)
    }
    _ = ended
  }

  // MARK: Demand and cancellation

  /// Requests more values from the publisher.
  ///
  /// Before the subscription arrives, the demand is added to the demand
  /// requested on subscription; after completion or cancellation it is
  /// ignored. Otherwise it goes to the subscription as is, so that a test can
  /// check how a publisher handles `request(.none)` (an API violation).
  ///
  /// ```swift
  /// let recorder = [1, 2, 3].publisher.record(demand: .none)
  /// recorder.request(.max(2))
  /// #expect(recorder.values == [1, 2])
  /// ```
  ///
  /// - Parameter demand: The additional number of values to request.
  public func request(_ demand: Subscribers.Demand) {
    let subscription = state.withLock { state -> (any Subscription)? in
      switch state.connection {
      case let .awaitingSubscription(pending, onValue):
        state.connection = .awaitingSubscription(demand: pending + demand, onValue: onValue)
        return nil
      case let .subscribed(subscription, _):
        return subscription
      case .ended:
        return nil
      }
    }
    subscription?.request(demand)
  }

  /// Cancels the subscription, and releases it and `onValue`.
  ///
  /// Idempotent; does nothing after completion. Events that a racing
  /// publisher still delivers are recorded.
  ///
  /// ```swift
  /// let recorder = subject.record()
  /// recorder.cancel()
  /// ```
  public func cancel() {
    let ended = state.withLock { state -> Connection in
      defer { state.connection = .ended }
      return state.connection
    }
    if case let .subscribed(subscription, _) = ended {
      subscription.cancel()
    }
    // onValue is released here, after the lock.
  }
}

extension RecordingSubscriber.Connection {
  /// The closure to call with each value, nil once the recorder is over.
  var onValue: RecordingSubscriber.OnValue? {
    switch self {
    case let .awaitingSubscription(_, onValue), let .subscribed(_, onValue):
      // A value before the subscription breaks the contract; it is still recorded and passed on.
      onValue
    case .ended:
      nil
    }
  }
}

extension RecordingSubscriber.Event {
  init(_ completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      self = .finished
    case let .failure(error):
      self = .failure(error)
    }
  }
}

extension RecordingSubscriber.Event: CustomStringConvertible {
  /// The event as it reads in a test failure: `subscription`, `value(1)`,
  /// `finished` or `failure(boom)`.
  public var description: String {
    switch self {
    case .subscription:
      "subscription"
    case let .value(value):
      "value(\(value))"
    case .finished:
      "finished"
    case let .failure(error):
      "failure(\(error))"
    }
  }
}

extension RecordingSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

extension RecordingSubscriber.Event: Sendable where Input: Sendable, Failure: Sendable {}

extension Publisher {
  /// Subscribes a ``RecordingSubscriber`` to this publisher and returns it.
  ///
  /// ```swift
  /// let recorder = Just(1).record()
  /// #expect(recorder.events == [.subscription, .value(1), .finished])
  /// ```
  ///
  /// - Parameters:
  ///   - demand: The demand to request on subscription; `.none` requests nothing.
  ///   - onValue: Called with each value and the recorder, outside the
  ///     recorder's lock; returns the additional demand.
  /// - Returns: The recorder, subscribed.
  public func record(
    demand: Subscribers.Demand = .unlimited,
    onValue: RecordingSubscriber<Output, Failure>.OnValue? = nil
  ) -> RecordingSubscriber<Output, Failure> {
    let recorder = RecordingSubscriber<Output, Failure>(demand: demand, onValue: onValue)
    subscribe(recorder)
    return recorder
  }
}
