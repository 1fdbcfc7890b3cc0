/// A type-erasing subscriber.
///
/// Use an `AnySubscriber` to wrap an existing subscriber whose details you
/// don't want to expose, or to build a subscriber from closures:
///
/// ```swift
/// let subscriber = AnySubscriber<Int, Never>(
///   receiveSubscription: { $0.request(.max(1)) },
///   receiveValue: { print($0); return .none }
/// )
/// ```
///
/// Wrapping a subscriber keeps its ``combineIdentifier``.
@frozen
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  @usableFromInline
  let box: SubscriberBoxBase<Input, Failure>

  public let combineIdentifier: CombineIdentifier

  public var description: String { box.description }

  /// Creates a type-erasing subscriber to wrap an existing subscriber.
  ///
  /// - Parameter s: The subscriber to type-erase.
  @_alwaysEmitIntoClient
  public init<S: Subscriber>(_ s: S) where Input == S.Input, Failure == S.Failure {
    if let erased = s as? AnySubscriber<Input, Failure> {
      self = erased
    } else {
      box = SubscriberBox(s)
      combineIdentifier = s.combineIdentifier
    }
  }

  /// Creates a type-erasing subscriber that forwards every event to a subject.
  ///
  /// It is the subscriber that `Publisher.subscribe(_:)` attaches for a
  /// subject: the subject receives it as its subscription (and requests
  /// through it), then each value and the completion. It holds the subject
  /// weakly, and cancels a second subscription.
  ///
  /// - Parameter s: The subject that receives the events.
  public init<S: Subject>(_ s: S) where Input == S.Output, Failure == S.Failure {
    self.init(SubjectSubscriber(s))
  }

  /// Creates a type-erasing subscriber that executes the provided closures.
  ///
  /// - Parameters:
  ///   - receiveSubscription: A closure to execute when the subscriber receives
  ///     the initial subscription from the publisher. Without it, the
  ///     subscription is kept but nothing is requested.
  ///   - receiveValue: A closure to execute when the subscriber receives a
  ///     value from the publisher. Without it, values are ignored and `.none` is returned.
  ///   - receiveCompletion: A closure to execute when the subscriber receives
  ///     a completion callback from the publisher.
  public init(
    receiveSubscription: ((any Subscription) -> Void)? = nil,
    receiveValue: ((Input) -> Subscribers.Demand)? = nil,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
  ) {
    box = ClosureSubscriberBox(
      receiveSubscription: receiveSubscription,
      receiveValue: receiveValue,
      receiveCompletion: receiveCompletion
    )
    combineIdentifier = CombineIdentifier()
  }

  @inlinable
  public func receive(subscription: any Subscription) {
    box.receive(subscription: subscription)
  }

  @inlinable
  public func receive(_ value: Input) -> Subscribers.Demand {
    box.receive(value)
  }

  @inlinable
  public func receive(completion: Subscribers.Completion<Failure>) {
    box.receive(completion: completion)
  }
}

extension AnySubscriber: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the wrapped subscriber (its own custom mirror, or one
  /// without children); a closure-made subscriber mirrors its description.
  public var customMirror: Mirror { box.customMirror }

  /// The playground description of the wrapped subscriber, or its description.
  public var playgroundDescription: Any { box.playgroundDescription }
}

@usableFromInline
class SubscriberBoxBase<Input, Failure: Error>: CustomStringConvertible {
  @inlinable
  init() {}

  @usableFromInline
  var description: String { "Anonymous AnySubscriber" }

  @usableFromInline
  var customMirror: Mirror { Mirror(reflecting: description) }

  @usableFromInline
  var playgroundDescription: Any { description }

  @usableFromInline
  func receive(subscription: any Subscription) {
    preconditionFailure("Bug in AnySubscriber: the abstract box received a subscription")
  }

  @usableFromInline
  func receive(_ value: Input) -> Subscribers.Demand {
    preconditionFailure("Bug in AnySubscriber: the abstract box received a value")
  }

  @usableFromInline
  func receive(completion: Subscribers.Completion<Failure>) {
    preconditionFailure("Bug in AnySubscriber: the abstract box received a completion")
  }
}

@usableFromInline
final class SubscriberBox<Base: Subscriber>: SubscriberBoxBase<Base.Input, Base.Failure> {
  @usableFromInline
  let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
  }

  @usableFromInline
  override var description: String { (base as? any CustomStringConvertible)?.description ?? "\(Base.self)" }

  @usableFromInline
  override var customMirror: Mirror {
    (base as? any CustomReflectable)?.customMirror ?? Mirror(base, children: EmptyCollection())
  }

  @usableFromInline
  override var playgroundDescription: Any {
    (base as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
  }

  @inlinable
  override func receive(subscription: any Subscription) {
    base.receive(subscription: subscription)
  }

  @inlinable
  override func receive(_ value: Base.Input) -> Subscribers.Demand {
    base.receive(value)
  }

  @inlinable
  override func receive(completion: Subscribers.Completion<Base.Failure>) {
    base.receive(completion: completion)
  }
}

final class ClosureSubscriberBox<Input, Failure: Error>: SubscriberBoxBase<Input, Failure> {
  private let receiveSubscription: ((any Subscription) -> Void)?
  private let receiveValue: ((Input) -> Subscribers.Demand)?
  private let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

  init(
    receiveSubscription: ((any Subscription) -> Void)?,
    receiveValue: ((Input) -> Subscribers.Demand)?,
    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
  ) {
    self.receiveSubscription = receiveSubscription
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
  }

  override func receive(subscription: any Subscription) {
    receiveSubscription?(subscription)
  }

  override func receive(_ value: Input) -> Subscribers.Demand {
    receiveValue?(value) ?? .none
  }

  override func receive(completion: Subscribers.Completion<Failure>) {
    receiveCompletion?(completion)
  }
}
