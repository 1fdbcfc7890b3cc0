// Type erasure for subscribers, inside the library (``AnySubscriber`` is
// Combine's public one, and keeps its own behaviour).

/// A subscriber of this library's own operators: a type nobody outside the
/// library can name, so ``AnyPublisher`` may hand it upstream erased. Most
/// of them are recognised by ``CombineReflectable``; this marks the others
/// (the side subscribers of the combining operators, which show no
/// description of their own or the operator's).
@usableFromInline
protocol LibrarySubscriber {}

/// A subscriber behind a type that does not name it: what a forwarding
/// operator (`subscribe(forwarding:through:)`) and ``AnyPublisher`` hand
/// upstream in place of a subscriber whose type nests the rest of a chain,
/// so that subscriber types stop growing with the length of the chain.
///
/// Its events go through functions formed where it is created, where its
/// type is known (see ``SpecializedEntryPoints`` for why not through class
/// methods). It is the subscriber it holds for identity, description and
/// mirror.
@usableFromInline
struct ErasedSubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable {
  @usableFromInline
  let link: ChainLinkBase<Input, Failure>

  @inlinable
  init<Base: Subscriber>(_ base: Base) where Base.Input == Input, Base.Failure == Failure {
    link = ChainLink(base)
  }

  @inlinable
  var combineIdentifier: CombineIdentifier { link.combineIdentifier }

  @usableFromInline
  var description: String { link.description }

  @usableFromInline
  var customMirror: Mirror { link.customMirror }

  @inlinable
  func receive(subscription: any Subscription) {
    link.receiveSubscription(link, subscription)
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    link.receiveValue(link, input)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Failure>) {
    link.receiveCompletion(link, completion)
  }
}

/// The storage of an ``ErasedSubscriber``: the events' entry points, formed by
/// ``ChainLink`` where the subscriber's type is known.
@usableFromInline
class ChainLinkBase<Input, Failure: Error> {
  @usableFromInline
  let combineIdentifier: CombineIdentifier
  @usableFromInline
  let receiveSubscription: (ChainLinkBase, any Subscription) -> Void
  @usableFromInline
  let receiveValue: (ChainLinkBase, Input) -> Subscribers.Demand
  @usableFromInline
  let receiveCompletion: (ChainLinkBase, Subscribers.Completion<Failure>) -> Void

  @inlinable
  init(
    combineIdentifier: CombineIdentifier,
    receiveSubscription: @escaping (ChainLinkBase, any Subscription) -> Void,
    receiveValue: @escaping (ChainLinkBase, Input) -> Subscribers.Demand,
    receiveCompletion: @escaping (ChainLinkBase, Subscribers.Completion<Failure>) -> Void
  ) {
    self.combineIdentifier = combineIdentifier
    self.receiveSubscription = receiveSubscription
    self.receiveValue = receiveValue
    self.receiveCompletion = receiveCompletion
  }

  @usableFromInline
  var description: String { preconditionFailure("Bug in ErasedSubscriber: abstract description") }

  @usableFromInline
  var customMirror: Mirror { preconditionFailure("Bug in ErasedSubscriber: abstract mirror") }
}

/// An ``ErasedSubscriber``'s subscriber, with the entry points into it.
@usableFromInline
final class ChainLink<Base: Subscriber>: ChainLinkBase<Base.Input, Base.Failure> {
  @usableFromInline
  let base: Base

  @inlinable
  init(_ base: Base) {
    self.base = base
    // Capturing nothing, these closures cost no allocation; formed here,
    // where `Base` is known, they run specialised code.
    super.init(
      combineIdentifier: base.combineIdentifier,
      receiveSubscription: { unsafeDowncast($0, to: ChainLink.self).base.receive(subscription: $1) },
      receiveValue: { unsafeDowncast($0, to: ChainLink.self).base.receive($1) },
      receiveCompletion: { unsafeDowncast($0, to: ChainLink.self).base.receive(completion: $1) }
    )
  }

  @usableFromInline
  override var description: String { String(describing: base) }

  @usableFromInline
  override var customMirror: Mirror { Mirror(reflecting: base) }
}
