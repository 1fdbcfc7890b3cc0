/// A subject that wraps a single value and publishes a new element whenever
/// the value changes.
///
/// Unlike ``PassthroughSubject``, `CurrentValueSubject` maintains a buffer of
/// the most recently published element. A new subscriber receives the current
/// value on its first demand. A subscriber without demand keeps the latest
/// value sent and receives it on its next demand.
///
/// Calling ``send(_:)`` on a `CurrentValueSubject` also updates the current
/// value, making it equivalent to updating the ``value`` directly. After
/// completion, sends are ignored, and assignments to ``value`` change the
/// value without publishing it.
///
/// Delivery is serialized as for ``PassthroughSubject``.
///
/// ```swift
/// let temperature = CurrentValueSubject<Double, Never>(20.0)
/// let cancellable = temperature.sink { print($0) }  // prints 20.0
/// temperature.value = 21.5                          // prints 21.5
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is in `core`, under its lock.

  private let core: SubjectCore<Output, Failure>

  /// The value wrapped by this subject, published as a new element whenever it changes.
  ///
  /// After completion, setting it still changes the value, but publishes
  /// nothing (unlike ``send(_:)``, which is then ignored), as in Combine.
  public var value: Output {
    get {
      guard let value = core.currentValue else {
        preconditionFailure("Bug in CurrentValueSubject: no current value")
      }
      return value
    }
    set {
      core.setCurrentValue(newValue)
    }
  }

  /// Creates a current value subject with the given initial value.
  ///
  /// - Parameter value: The initial value to publish.
  public init(_ value: Output) {
    core = SubjectCore(currentValue: value)
  }

  /// Makes `value` the current value and publishes it to the subscribers.
  ///
  /// - Parameter input: The value to send.
  public func send(_ input: Output) {
    core.send(input)
  }

  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Receives an upstream subscription, and requests `.unlimited` from it at
  /// once: the current value follows the upstream even without a subscriber.
  /// The subject cancels it when it is deallocated.
  public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }

  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    let parent = SubjectParent(core: core, subject: self)
    core.subscribe(SubjectConduit(subscriber, parent: parent, name: "CurrentValueSubject"))
  }
}
