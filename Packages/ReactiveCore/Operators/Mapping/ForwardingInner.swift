/// What a ``ForwardingInner`` does with each event on its way down: the one
/// part that differs between the operators that have no subscription of
/// their own (`map`, `filter`, `compactMap`, `mapError`, `ignoreOutput`,
/// `setFailureType`, `map` by key path, `assertNoFailure`).
///
/// A step is a small struct nested in its publisher, holding the user's
/// closure or key paths; it is generic over the downstream so that each
/// `receive` specialises into a direct call, as the hand-written inner did.
@usableFromInline
protocol ForwardingStep {
  associatedtype Input
  associatedtype Downstream: Subscriber
  associatedtype Failure: Error = Downstream.Failure

  /// Combine's name for the operator: the inner's `description`.
  var name: String { get }

  /// What the inner's mirror lists, as Combine's does (most list nothing).
  var mirrorChildren: KeyValuePairs<String, Any> { get }

  /// Runs after the downstream has received the upstream's subscription.
  func subscribed(_ subscription: any Subscription)

  /// Hands `input` on (transformed, or not at all) and returns the demand for the upstream.
  func receive(_ input: Input, downstream: Downstream) -> Subscribers.Demand

  /// The error the downstream fails with when the upstream fails with `error`.
  func mapFailure(_ error: Failure) -> Downstream.Failure
}

extension ForwardingStep {
  @usableFromInline
  var mirrorChildren: KeyValuePairs<String, Any> { [:] }

  @inlinable
  func subscribed(_ subscription: any Subscription) {}
}

extension ForwardingStep where Downstream.Failure == Failure {
  @inlinable
  func mapFailure(_ error: Failure) -> Failure { error }
}

/// The subscriber of the operators that stand between upstream and
/// downstream without a subscription of their own: the downstream receives
/// the upstream's subscription as is, so demand and cancellation go straight
/// through, and there is no state to keep (hence no lock). What each
/// operator does with a value or a completion is its ``ForwardingStep``.
@usableFromInline
struct ForwardingInner<Step: ForwardingStep>: Subscriber, CustomStringConvertible {
  @usableFromInline
  typealias Input = Step.Input

  @usableFromInline
  typealias Failure = Step.Failure

  @usableFromInline
  let downstream: Step.Downstream

  @usableFromInline
  let step: Step

  @usableFromInline
  let combineIdentifier: CombineIdentifier

  @usableFromInline
  var description: String { step.name }

  @inlinable
  init(downstream: Step.Downstream, step: Step) {
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
