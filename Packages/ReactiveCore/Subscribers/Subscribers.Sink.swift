extension Subscribers {
  /// A simple subscriber that requests an unlimited number of values upon subscription.
  ///
  /// The sink calls `receiveValue` for each value and `receiveCompletion` once
  /// at the end. After completion or ``cancel()`` it releases both closures
  /// and its subscription, so a closure that captures an owner of the
  /// returned cancellable does not leak.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
    @usableFromInline
    struct Closures {
      @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
      @usableFromInline let receiveValue: (Input) -> Void

      @inlinable
      init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
      ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
      }
    }

    @usableFromInline
    let state: Lock<SubscriberLifecycle<Closures>>

    /// The closure to execute on receipt of a value; a no-op once the sink is over.
    public var receiveValue: (Input) -> Void {
      state.withLock { $0.activePayload?.receiveValue } ?? { _ in }
    }

    /// The closure to execute on completion; a no-op once the sink is over.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      state.withLock { $0.activePayload?.receiveCompletion } ?? { _ in }
    }

    public var description: String { "Sink" }

    /// Initializes a sink with the provided closures.
    ///
    /// - Parameters:
    ///   - receiveCompletion: The closure to execute on completion.
    ///   - receiveValue: The closure to execute on receipt of a value.
    @inlinable
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      state = Lock(
        .awaitingSubscription(Closures(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
      )
    }

    @inlinable
    public func receive(subscription: any Subscription) {
      state.withLock { $0.receive(subscription: subscription) }.requestUnlimitedOrCancel()
    }

    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
      state.withLock { $0.activePayload?.receiveValue }?(value)
      return .none
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      state.withLock { $0.complete() }?.receiveCompletion(completion)
    }

    /// Cancels the subscription and releases the closures. Idempotent.
    @inlinable
    public func cancel() {
      let (subscription, closures) = state.withLock { $0.cancel() }
      subscription?.cancel()
      _ = closures  // released here, after the lock
    }
  }
}

extension Publisher {
  /// Attaches a subscriber with closure-based behavior.
  ///
  /// The subscriber requests an unlimited number of values upon subscription.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.sink(
  ///   receiveCompletion: { print("completion: \($0)") },
  ///   receiveValue: { print("value: \($0)") }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - receiveCompletion: The closure to execute on completion.
  ///   - receiveValue: The closure to execute on receipt of a value.
  /// - Returns: A cancellable instance, which you use when you end assignment
  ///   of the received value. Deallocation of the result will tear down the
  ///   subscription stream.
  @inlinable
  public func sink(
    receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
    receiveValue: @escaping (Output) -> Void
  ) -> AnyCancellable {
    let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    subscribe(sink)
    return AnyCancellable(sink)
  }
}

extension Publisher where Failure == Never {
  /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.sink { print($0) }
  /// ```
  ///
  /// - Parameter receiveValue: The closure to execute on receipt of a value.
  /// - Returns: A cancellable instance, which you use when you end assignment
  ///   of the received value. Deallocation of the result will tear down the
  ///   subscription stream.
  @inlinable
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
