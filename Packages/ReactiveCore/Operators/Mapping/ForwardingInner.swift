/// What a ``ForwardingInner`` does with each event on its way down: the one
/// part that differs between the operators that have no subscription of
/// their own (`map`, `filter`, `compactMap`, `mapError`, `ignoreOutput`,
/// `setFailureType`, `map` by key path, `assertNoFailure`).
///
/// A step is a small struct holding the user's closure or key paths (see
/// ForwardingSteps.swift). It names only the types of the events it handles,
/// not its publisher nor its downstream, so that a forwarding subscriber's
/// type does not name the publisher chain above it. (What keeps long chains
/// specialised is the erasure in `subscribe(forwarding:through:)`; shorter
/// step types alone did not.)
@usableFromInline
protocol ForwardingStep {
  associatedtype Input
  associatedtype Output
  associatedtype Failure: Error
  associatedtype DownstreamFailure: Error

  /// Combine's name for the operator: the inner's `description`.
  var name: String { get }

  /// What the inner's mirror lists, as Combine's does (most list nothing).
  var mirrorChildren: KeyValuePairs<String, Any> { get }

  /// Runs after the downstream has received the upstream's subscription.
  func subscribed(_ subscription: any Subscription)

  /// Hands `input` on (transformed, or not at all) and returns the demand for the upstream.
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Output, Downstream.Failure == DownstreamFailure

  /// The error the downstream fails with when the upstream fails with `error`.
  func mapFailure(_ error: Failure) -> DownstreamFailure
}

extension ForwardingStep {
  @usableFromInline
  var mirrorChildren: KeyValuePairs<String, Any> { [:] }

  @inlinable
  func subscribed(_ subscription: any Subscription) {}
}

extension ForwardingStep where DownstreamFailure == Failure {
  @inlinable
  func mapFailure(_ error: Failure) -> Failure { error }
}

/// The subscriber of the operators that stand between upstream and
/// downstream without a subscription of their own: the downstream receives
/// the upstream's subscription as is, so demand and cancellation go straight
/// through, and there is no state to keep (hence no lock). What each
/// operator does with a value or a completion is its ``ForwardingStep``.
@usableFromInline
struct ForwardingInner<Downstream: Subscriber, Step: ForwardingStep>: Subscriber, CustomStringConvertible
where Step.Output == Downstream.Input, Step.DownstreamFailure == Downstream.Failure {
  @usableFromInline
  typealias Input = Step.Input

  @usableFromInline
  typealias Failure = Step.Failure

  @usableFromInline
  let downstream: Downstream

  @usableFromInline
  let step: Step

  @usableFromInline
  let combineIdentifier: CombineIdentifier

  @usableFromInline
  var description: String { step.name }

  @inlinable
  init(downstream: Downstream, step: Step) {
    self.downstream = downstream
    self.step = step
    combineIdentifier = CombineIdentifier()
  }

  @inlinable
  func receive(subscription: any Subscription) {
    downstream.receive(subscription: subscription)
    step.subscribed(subscription)
  }

  @inlinable
  func receive(_ input: Step.Input) -> Subscribers.Demand {
    step.receive(input, downstream: downstream)
  }

  @inlinable
  func receive(completion: Subscribers.Completion<Step.Failure>) {
    switch completion {
    case .finished:
      downstream.receive(completion: .finished)
    case let .failure(error):
      downstream.receive(completion: .failure(step.mapFailure(error)))
    }
  }
}

extension ForwardingInner: CombineReflectable {
  @usableFromInline
  var customMirror: Mirror { Mirror(self, children: step.mirrorChildren) }
}

extension ForwardingInner: ForwardingChainLink {}

/// What a subscriber that holds its downstream by value conforms to: a
/// forwarding operator subscribing with one of these as its downstream
/// erases it (``ErasedSubscriber``) instead of nesting it.
@usableFromInline
protocol ForwardingChainLink {}

extension Publisher {
  /// Subscribes a ``ForwardingInner`` running `step` in front of `downstream`.
  ///
  /// When `downstream` is itself a forwarding subscriber (a chain such as
  /// `map`, `filter`, `map`), it is erased first (``ErasedSubscriber``): the new subscriber's type
  /// does not contain the chain below it. Nested, the subscriber types grew
  /// one level per operator, and from the sixth operator on the generic
  /// specialiser took the ever larger types for an endless recursion and
  /// left the whole chain unspecialised (5,400 instructions per value
  /// through six stages after a subject, 440 through one). Erased, every
  /// stage runs specialised code, for one indirect call per stage on each
  /// event and one allocation per stage on subscription, as Combine's own
  /// class-based subscribers cost. A single operator in front of a `sink`
  /// is not erased. The test is on types known at compile time: the
  /// specialised code keeps one branch.
  @inlinable
  func subscribe<Downstream: Subscriber, Step: ForwardingStep>(forwarding downstream: Downstream, through step: Step)
  where
    Step.Input == Output,
    Step.Failure == Failure,
    Step.Output == Downstream.Input,
    Step.DownstreamFailure == Downstream.Failure
  {
    if Downstream.self is any ForwardingChainLink.Type {
      subscribe(ForwardingInner(downstream: ErasedSubscriber(downstream), step: step))
    } else {
      subscribe(ForwardingInner(downstream: downstream, step: step))
    }
  }
}
