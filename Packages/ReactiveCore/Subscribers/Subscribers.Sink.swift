extension Subscribers {
  /// A subscriber made of two closures, one for values and one for the
  /// completion, that asks for `.unlimited` as soon as it is subscribed.
  ///
  /// The sink calls `receiveValue` for each value and `receiveCompletion` once
  /// at the end. After completion or ``cancel()`` it releases both closures
  /// and its subscription, so a closure that captures an owner of the
  /// returned cancellable does not leak.
  public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
    @usableFromInline
    struct Closures {
      @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
      @usableFromInline let value: ValueClosure

      @inlinable
      init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
      ) {
        self.receiveCompletion = receiveCompletion
        self.value = ValueClosure(call: receiveValue)
      }
    }

    /// The value closure in a struct of its own, so that a value takes only
    /// it out of the lock (one retain, where taking both closures out cost
    /// two: zip of two subjects in make bench, ~35 instructions per pair),
    /// and calls it in place: a closure taken out of generic storage alone,
    /// as a concrete function type, would need a reabstraction thunk,
    /// allocated on every value.
    @usableFromInline
    struct ValueClosure {
      @usableFromInline let call: (Input) -> Void

      @inlinable
      init(call: @escaping (Input) -> Void) {
        self.call = call
      }
    }

    /// The lock of `lifecycle` and `closures`, beside them (see
    /// `StateLock`): the sink's deinitialiser, never specialised, destroys
    /// them without asking the runtime for any metadata.
    @usableFromInline
    let lock = StateLock()

    @usableFromInline
    @exclusivity(unchecked) var lifecycle = SubscriberLifecycle()

    /// The closures, until the end.
    @usableFromInline
    @exclusivity(unchecked) var closures: Closures?

    /// Calls `body` with the life cycle and the closures, under the lock.
    @inlinable
    func withState<Result: ~Copyable>(_ body: (inout SubscriberLifecycle, inout Closures?) -> Result) -> Result {
      lock.withLock { body(&lifecycle, &closures) }
    }

    /// Called with each value; a no-op once the sink is over.
    public var receiveValue: (Input) -> Void {
      withState { $0.active($1)?.value.call } ?? { _ in }
    }

    /// Called once with the completion; a no-op once the sink is over.
    public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
      withState { $0.active($1)?.receiveCompletion } ?? { _ in }
    }

    public var description: String { "Sink" }

    /// Creates a sink from its two closures.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once, with the completion.
    ///   - receiveValue: Called with each value.
    @_alwaysEmitIntoClient
    public init(
      receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
      receiveValue: @escaping (Input) -> Void
    ) {
      closures = Closures(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
      receiveEntryPoint = { $0.receiveSpecialized($1) }
      cancelEntryPoint = { $0.cancelSpecialized() }
    }

    /// `receiveSpecialized(_:)` and `cancelSpecialized()`, as closures formed
    /// in `init`: a subject, or any upstream that runs generic code, calls
    /// `receive(_:)` through the generic witness, and an `AnyCancellable`
    /// calls `cancel()` through `any Cancellable`; both would run the
    /// unspecialised bodies, which ask the runtime for the metadata of each
    /// generic type they touch. `init` is inlinable, so these closures are
    /// usually compiled where `Input` and `Failure` are known, and jump
    /// straight into specialised code (capturing nothing, they cost no
    /// allocation there).
    @usableFromInline
    let receiveEntryPoint: (Sink, Input) -> Void

    @usableFromInline
    let cancelEntryPoint: (Sink) -> Void

    @inlinable
    public func receive(subscription: any Subscription) {
      withState { lifecycle, _ in lifecycle.receive(subscription: subscription) }.requestUnlimitedOrCancel()
    }

    @inlinable
    public func receive(_ value: Input) -> Subscribers.Demand {
      receiveEntryPoint(self, value)
      return .none
    }

    @inlinable
    func receiveSpecialized(_ value: Input) {
      withState { $0.active($1)?.value }?.call(value)
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
      withState { $0.complete(releasing: &$1) }?.receiveCompletion(completion)
    }

    /// Cancels the subscription and releases the closures. Idempotent.
    @inlinable
    public func cancel() {
      cancelEntryPoint(self)
    }

    @inlinable
    func cancelSpecialized() {
      let (subscription, closures) = withState { $0.cancel(releasing: &$1) }
      subscription?.cancel()
      _ = closures  // released here, after the lock
    }
  }
}

extension Subscribers.Sink: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// Shows no children, as Combine's sink.
  public var customMirror: Mirror { Mirror(childless: self) }

  /// The description, "Sink".
  public var playgroundDescription: Any { description }
}

extension Publisher {
  /// Subscribes with two closures, one for values and one for the
  /// completion, and asks for `.unlimited` at once.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.sink(
  ///   receiveCompletion: { print("completion: \($0)") },
  ///   receiveValue: { print("value: \($0)") }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - receiveCompletion: Called once, with the completion.
  ///   - receiveValue: Called with each value.
  /// - Returns: The subscription's handle: cancel it, or let it deinitialize,
  ///   to stop the sink and release both closures.
  @_alwaysEmitIntoClient
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
  /// Subscribes with a closure for values, on a publisher that cannot fail,
  /// and asks for `.unlimited` at once.
  ///
  /// ```swift
  /// let cancellable = [1, 2, 3].publisher.sink { print($0) }
  /// ```
  ///
  /// - Parameter receiveValue: Called with each value.
  /// - Returns: The subscription's handle: cancel it, or let it deinitialize,
  ///   to stop the sink and release the closure.
  @_alwaysEmitIntoClient
  public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
    sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
  }
}
