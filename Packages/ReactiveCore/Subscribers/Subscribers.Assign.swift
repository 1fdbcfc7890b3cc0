extension Subscribers {
  /// A simple subscriber that assigns received elements to a property
  /// indicated by a key path.
  ///
  /// The subscriber requests an unlimited number of values upon subscription.
  /// It holds the object strongly until completion or cancellation, then
  /// releases it.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
    public typealias Failure = Never

    @usableFromInline
    let state: Lock<SubscriberLifecycle<Root>>

    /// The object that contains the property to assign; nil once the subscriber is over.
    public var object: Root? {
      state.withLock { state -> Root? in
        switch state {
        case let .awaitingSubscription(object), let .subscribed(_, object): object
        case .terminal: nil
        }
      }
    }

    /// The key path that indicates the property to assign.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    public var description: String { object.map { "Assign \(type(of: $0))." } ?? "Assign" }

    /// Creates a subscriber to assign the value of a property indicated by a key path.
    ///
    /// - Parameters:
    ///   - object: The object that contains the property.
    ///   - keyPath: The key path of the property to assign.
    @inlinable
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      state = Lock(.awaitingSubscription(object))
      self.keyPath = keyPath
    }

    @inlinable
    public func receive(subscription: any Subscription) {
      state.withLock { $0.receive(subscription: subscription) }.requestUnlimitedOrCancel()
    }

    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
      if let object = state.withLock({ $0.activePayload }) {
        object[keyPath: keyPath] = value
      }
      return .none
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Never>) {
      _ = state.withLock { $0.complete() }  // the object is released after the lock
    }

    /// Cancels the subscription and releases the object. Idempotent.
    @inlinable
    public func cancel() {
      let (subscription, object) = state.withLock { $0.cancel() }
      subscription?.cancel()
      _ = object  // released here, after the lock
    }
  }
}

extension Publisher where Failure == Never {
  /// Assigns each element from a publisher to a property on an object.
  ///
  /// ```swift
  /// final class Thermometer { var celsius = 0.0 }
  /// let thermometer = Thermometer()
  /// let cancellable = [20.5, 21.0].publisher.assign(to: \.celsius, on: thermometer)
  /// ```
  ///
  /// The subscriber holds `object` strongly until the publisher completes or
  /// the subscription is cancelled.
  ///
  /// - Parameters:
  ///   - keyPath: A key path that indicates the property to assign.
  ///   - object: The object that contains the property.
  /// - Returns: An ``AnyCancellable`` instance. Call ``AnyCancellable/cancel()``
  ///   on this instance when you no longer want the publisher to automatically
  ///   assign the property. Deinitializing this instance will also cancel automatic assignment.
  @inlinable
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
