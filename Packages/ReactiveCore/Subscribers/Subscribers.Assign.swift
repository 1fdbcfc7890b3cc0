extension Subscribers {
  /// A subscriber that writes every value it receives into one property of
  /// an object, through a writable key path.
  ///
  /// It asks for `.unlimited` as soon as it is subscribed.
  /// It holds the object strongly until completion or cancellation, then
  /// releases it.
  public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
    public typealias Failure = Never

    /// The lock of `lifecycle` and `root`, beside them (see `StateLock`).
    @usableFromInline
    let lock = StateLock()

    @usableFromInline
    @exclusivity(unchecked) var lifecycle = SubscriberLifecycle()

    /// The object, until the end.
    @usableFromInline
    @exclusivity(unchecked) var root: Root?

    /// Calls `body` with the life cycle and the object, under the lock.
    @inlinable
    func withState<Result: ~Copyable>(_ body: (inout SubscriberLifecycle, inout Root?) -> Result) -> Result {
      lock.withLock { body(&lifecycle, &root) }
    }

    /// The object written to; nil once the subscriber is over.
    public var object: Root? {
      withState { $1 }
    }

    /// Where in ``object`` each value is written.
    public let keyPath: ReferenceWritableKeyPath<Root, Input>

    public var description: String { "Assign \(Root.self)." }

    /// Creates a subscriber that writes each value to `object[keyPath: keyPath]`.
    ///
    /// - Parameters:
    ///   - object: The object written to, held strongly until the end.
    ///   - keyPath: Where in `object` each value is written.
    @_alwaysEmitIntoClient
    public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
      root = object
      self.keyPath = keyPath
    }

    @inlinable
    public func receive(subscription: any Subscription) {
      withState { lifecycle, _ in lifecycle.receive(subscription: subscription) }.requestUnlimitedOrCancel()
    }

    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
      if let object = withState({ $0.active($1) }) {
        object[keyPath: keyPath] = value
      }
      return .none
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Never>) {
      _ = withState { $0.complete(releasing: &$1) }  // the object is released after the lock
    }

    /// Cancels the subscription and releases the object. Idempotent.
    @inlinable
    public func cancel() {
      let (subscription, object) = withState { $0.cancel(releasing: &$1) }
      subscription?.cancel()
      _ = object  // released here, after the lock
    }
  }
}

extension Subscribers.Assign: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// Shows `object` (nil once over), `keyPath` and `status`, as Combine's assign.
  public var customMirror: Mirror {
    let (object, status) = withState { ($1, $0.status) }
    return Mirror(self, children: ["object": object as Any, "keyPath": keyPath, "status": status])
  }

  /// The description, "Assign" and the root type.
  public var playgroundDescription: Any { description }
}

extension Publisher where Failure == Never {
  /// Writes each value of this publisher into `object[keyPath: keyPath]`.
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
  ///   - keyPath: Where in `object` each value is written.
  ///   - object: The object written to.
  /// - Returns: The subscription's handle: ``AnyCancellable/cancel()`` it, or
  ///   let it deinitialize, to stop the writes and release `object`.
  @_alwaysEmitIntoClient
  public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    subscribe(assign)
    return AnyCancellable(assign)
  }
}
