import ReactiveCore
public import SharedMachinery

/// What a runtime trait check saw go wrong: a violation of the trait's
/// contract, or a plain upstream failure. Each trait turns it into its own
/// error (`MaybeError`, `SingleError`).
@usableFromInline
package enum TraitCheckEvent<UpstreamFailure: Error> {
  /// The upstream finished without a value (a violation for a single only).
  case missingElement
  /// The upstream published a second value.
  case tooManyElements
  /// The upstream published a value, then failed.
  case bothElementAndError(UpstreamFailure)
  /// The upstream failed without a value.
  case upstream(UpstreamFailure)
}

/// The subscription behind `checkMaybe()`, `assertMaybe()`, `checkSingle()`
/// and `assertSingle()`.
///
/// It holds the upstream's first value until the upstream completes, because
/// only the completion proves that no second value comes: then it delivers
/// the value (once demanded) and `.finished`. A contract violation, or an
/// upstream failure, becomes `convert(event)` (which traps for the `assert`
/// forms), and a second value also cancels the upstream. With
/// `requiresElement` (singles), finishing without a value is a violation too.
///
/// The upstream is asked for `.unlimited` on the downstream's first demand,
/// so that it can show a second value.
///
/// States:
/// - `awaitingSubscription(downstream)`: created;
/// - `subscribed(downstream, upstream, value, demanded)`: running, with the value received so far;
/// - `finishedWithValue(downstream, value)`: the upstream finished; the value waits for demand;
/// - `terminal`: completed or cancelled; holds nothing.
@usableFromInline
package final class TraitCheckInner<Output, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Output {
  @usableFromInline
  package typealias Input = Output
  @usableFromInline
  package typealias Failure = UpstreamFailure
  @usableFromInline
  package typealias Convert = (TraitCheckEvent<UpstreamFailure>) -> Downstream.Failure

  @usableFromInline
  enum State {
    case awaitingSubscription(Downstream)
    case subscribed(Downstream, any Subscription, value: Output?, demanded: Bool)
    case finishedWithValue(Downstream, Output)
    case terminal
  }

  /// What to do once the lock is released.
  @usableFromInline
  enum Action {
    case none
    case requestUpstream(any Subscription)
    case deliver(Downstream, Output)
    case finish(Downstream)
    case fail(Downstream, TraitCheckEvent<UpstreamFailure>, cancelling: (any Subscription)?)
    /// Cancel the upstream if the state ran it; release what it held.
    case release(State)
  }

  /// The lock of `state`, beside it (see `StateLock`: the deinitialiser,
  /// never specialised, then asks the runtime for no lock metadata).
  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var state: State

  /// Calls `body` with the state, under the lock.
  @inlinable
  func withState<Result: ~Copyable>(_ body: (inout State) -> Result) -> Result {
    lock.withLock { body(&state) }
  }
  @usableFromInline
  let convert: Convert
  @usableFromInline
  let requiresElement: Bool
  @usableFromInline
  package let description: String

  /// `requestSpecialized(_:)` and `cancelSpecialized()`, as closures formed
  /// in the inlinable `init`, where the types are concrete: the downstream
  /// calls `request` and `cancel` through `any Subscription`, which runs the
  /// generic body (a metadata lookup for each generic type it touches); the
  /// closures jump into the specialised one (as ReactiveCore's
  /// `SpecializedEntryPoints`).
  @usableFromInline
  let entryPoints: (request: (TraitCheckInner, Subscribers.Demand) -> Void, cancel: (TraitCheckInner) -> Void)

  @inlinable
  package init(_ downstream: Downstream, description: String, requiresElement: Bool, convert: @escaping Convert) {
    state = .awaitingSubscription(downstream)
    self.description = description
    self.requiresElement = requiresElement
    self.convert = convert
    entryPoints = (request: { $0.requestSpecialized($1) }, cancel: { $0.cancelSpecialized() })
  }

  @inlinable
  package func receive(subscription: any Subscription) {
    let downstream = withState { $0.subscribe(subscription) }
    guard let downstream else {
      subscription.cancel()  // a second subscription, or one after cancel
      return
    }
    downstream.receive(subscription: self)
  }

  @inlinable
  package func receive(_ input: Output) -> Subscribers.Demand {
    perform(withState { $0.receive(input) })
    return .none
  }

  @inlinable
  package func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let requiresElement = requiresElement
    perform(withState { $0.complete(completion, requiresElement: requiresElement) })
  }

  @inlinable
  package func request(_ demand: Subscribers.Demand) {
    entryPoints.request(self, demand)
  }

  @inlinable
  package func cancel() {
    entryPoints.cancel(self)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    perform(withState { $0.demand() })
  }

  @inlinable
  func cancelSpecialized() {
    perform(withState { $0.cancel() })
  }

  @inlinable
  func perform(_ action: consuming Action) {
    switch consume action {
    case let .requestUpstream(subscription):
      subscription.request(.unlimited)
    case let .deliver(downstream, value):
      _ = downstream.receive(value)
      downstream.receive(completion: .finished)
    case let .finish(downstream):
      downstream.receive(completion: .finished)
    case let .fail(downstream, error, subscription):
      subscription?.cancel()
      downstream.receive(completion: .failure(convert(error)))
    case let .release(state):
      if case let .subscribed(_, subscription, _, _) = consume state {
        subscription.cancel()
      }
    case .none:
      break
    }
  }
}

// The transitions move the state out and back (`switch consume self`)
// instead of reading it: a read copied the downstream and the subscription
// through the enum's value witnesses, and storing the next state destroyed
// the original (`checkSingle` in make bench: about 2,200 of its 7,400
// instructions per subscription, sub-patterns included, see `receive(_:)`).
extension TraitCheckInner.State {
  /// The subscription arrived: returns the downstream to announce it to, or
  /// nil when it must be cancelled (a second one, or one after cancel).
  @inlinable
  mutating func subscribe(_ subscription: any Subscription) -> Downstream? {
    switch consume self {
    case let .awaitingSubscription(downstream):
      self = .subscribed(downstream, subscription, value: nil, demanded: false)
      return downstream
    case let other:
      self = other
      return nil
    }
  }

  /// A value arrived: kept, or a second one, which breaks the contract.
  @inlinable
  mutating func receive(_ input: Output) -> TraitCheckInner.Action {
    // One case of its own, then a test of its parts: sub-patterns
    // (`.subscribed(_, _, nil, _)`) copied the state out and destroyed it.
    switch consume self {
    case let .subscribed(downstream, subscription, value, demanded):
      guard value == nil else {
        self = .terminal
        return .fail(downstream, .tooManyElements, cancelling: subscription)
      }
      self = .subscribed(downstream, subscription, value: input, demanded: demanded)
      return .none
    case let other:
      self = other
      return .none  // an upstream bug, or a value racing a cancel: ignored
    }
  }

  /// The upstream completed: the value goes out (now, or on demand), or the
  /// completion is checked against the contract.
  @inlinable
  mutating func complete(
    _ completion: Subscribers.Completion<UpstreamFailure>,
    requiresElement: Bool
  ) -> TraitCheckInner.Action {
    switch consume self {
    case let .subscribed(downstream, _, value, demanded):
      switch (completion, value) {
      case (.finished, nil):
        self = .terminal
        return requiresElement ? .fail(downstream, .missingElement, cancelling: nil) : .finish(downstream)
      case let (.finished, .some(value)):
        guard demanded else {
          self = .finishedWithValue(downstream, value)
          return .none
        }
        self = .terminal
        return .deliver(downstream, value)
      case let (.failure(error), nil):
        self = .terminal
        return .fail(downstream, .upstream(error), cancelling: nil)
      case let (.failure(error), .some):
        self = .terminal
        return .fail(downstream, .bothElementAndError(error), cancelling: nil)
      }
    case let other:
      self = other
      return .none
    }
  }

  /// The downstream's first demand: the upstream is asked for everything,
  /// or the value that waited goes out.
  @inlinable
  mutating func demand() -> TraitCheckInner.Action {
    switch consume self {
    case let .subscribed(downstream, subscription, value, demanded):
      self = .subscribed(downstream, subscription, value: value, demanded: true)
      return demanded ? .none : .requestUpstream(subscription)
    case let .finishedWithValue(downstream, value):
      self = .terminal
      return .deliver(downstream, value)
    case let other:
      self = other
      return .none
    }
  }

  /// The downstream cancelled: what the state held goes with the action,
  /// to be released (and the upstream cancelled, if it runs) after the lock.
  @inlinable
  mutating func cancel() -> TraitCheckInner.Action {
    let old = consume self
    self = .terminal
    return .release(old)
  }
}

extension TraitCheckInner where Downstream.Failure == UpstreamFailure {
  /// The subscription behind `assertMaybe()` and `assertSingle()`: a plain
  /// upstream failure is passed on; a broken contract traps with
  /// `<prefix> <Trait> violation: <rule> (<File>.swift:<line>)`, naming `file` and `line`.
  ///
  /// - Parameters:
  ///   - trait: `"Maybe"` or `"Single"`: the first word of the violation, and
  ///     the description `"Assert<Trait>"`.
  ///   - prefix: The words that begin the message; empty for none.
  ///   - requiresElement: Whether finishing without a value breaks the contract.
  package convenience init(
    asserting downstream: Downstream,
    trait: String,
    prefix: String,
    requiresElement: Bool,
    file: StaticString,
    line: UInt
  ) {
    self.init(downstream, description: "Assert\(trait)", requiresElement: requiresElement) { event in
      let rule: String
      switch event {
      case let .upstream(failure): return failure
      case .missingElement: rule = "missing element"
      case .tooManyElements: rule = "too many elements"
      case .bothElementAndError: rule = "element then failure"
      }
      let fileName = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
      let message = "\(trait) violation: \(rule) (\(fileName):\(line))"
      fatalError(prefix.isEmpty ? message : "\(prefix) \(message)", file: file, line: line)
    }
  }
}
