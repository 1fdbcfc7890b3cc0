/// A subject that hands each sent value to its current subscribers and
/// keeps nothing.
///
/// It has no starting value and does not remember the last one (see
/// ``CurrentValueSubject`` for that). A subscriber receives only the values
/// sent while it has demand; the others are dropped for that subscriber.
///
/// After completion, the subject ignores further sends, and a new subscriber
/// receives the completion right away.
///
/// A subject stays alive while one of its subscriptions does. When it is
/// deallocated, it cancels the upstream subscriptions it received.
///
/// `send` delivers on the caller's thread and returns once the value has
/// reached every subscriber that had demand. Each subscriber receives one
/// call at a time: a `send` from another thread waits while that subscriber
/// is busy. A `send` made from inside a subscriber's `receive` is delivered
/// at once, nested, to every subscriber, before it returns, as in Combine.
///
/// ```swift
/// let subject = PassthroughSubject<Int, Never>()
/// let cancellable = subject.sink { print($0) }
/// subject.send(1)  // prints 1
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
  // @unchecked Sendable: all mutable state is in `core`, under its lock.

  @usableFromInline
  let core = SubjectCore<Output, Failure>(currentValue: nil)

  /// Creates a subject with no subscriber.
  public init() {}

  @inlinable
  public func send(_ input: Output) {
    core.send(input)
  }

  @inlinable
  public func send(completion: Subscribers.Completion<Failure>) {
    core.send(completion: completion)
  }

  /// Receives an upstream subscription (see `Publisher.subscribe(_:)` with a
  /// subject), and requests `.unlimited` from it once any subscriber of this
  /// subject has demand. The subject cancels it when it is deallocated.
  public func send(subscription: any Subscription) {
    core.send(subscription: subscription)
  }

  @inlinable
  public func receive<S: Subscriber>(subscriber: S) where Output == S.Input, Failure == S.Failure {
    let parent = SubjectParent(core: core, subject: self)
    SubjectConduit<S, SubjectLedger<S>>(subscriber, parent: parent, kind: .passthrough).subscribe(to: core)
  }
}
