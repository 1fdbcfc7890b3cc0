/// A subject that always holds a value, and publishes each new one.
///
/// Where ``PassthroughSubject`` forgets what it sends, this subject keeps
/// its latest value. A new subscriber receives that value on its first
/// demand; a subscriber without demand gets the latest value sent in the
/// meantime when it next asks.
///
/// ``send(_:)`` and assigning ``value`` do the same thing. After
/// completion, sends are ignored, and assignments to ``value`` change the
/// value without publishing it.
///
/// Sends are delivered as by ``PassthroughSubject``: on the caller's thread,
/// nested when made from inside a subscriber's `receive`.
///
/// ```swift
/// let temperature = CurrentValueSubject<Double, Never>(20.0)
/// let cancellable = temperature.sink { print($0) }  // prints 20.0
/// temperature.value = 21.5                          // prints 21.5
/// ```
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is in `core`, under its lock.

  @usableFromInline
  let core: SubjectCore<Output, Failure>

  /// The value the subject holds; setting it publishes the new value.
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

  /// Creates a subject that holds `value` until the first send.
  ///
  /// - Parameter value: What the first subscribers receive if nothing was sent yet.
  public init(_ value: Output) {
    core = SubjectCore(currentValue: value)
  }

  /// Makes `value` the current value and publishes it to the subscribers.
  ///
  /// - Parameter input: The value to send.
  @inlinable
  public func send(_ input: Output) {
    core.send(input)
  }

  @inlinable
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Receives an upstream subscription, and requests `.unlimited` from it at
  /// once: the current value follows the upstream even without a subscriber.
  /// The subject cancels it when it is deallocated.
  public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    let parent = SubjectParent(core: core, subject: self)
    SubjectConduit<S, SubjectLedger<S>>(subscriber, parent: parent, kind: .currentValue).subscribe(to: core)
  }
}
