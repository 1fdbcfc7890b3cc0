/// What a reducing operator does with each value; ``ReducingInner`` does the rest.
///
/// A reduction is a small value type (a running result and the user's
/// closure). It is touched by one thread at a time: the inner takes it out of
/// its lock, calls ``receive(_:)`` outside the lock, and puts it back.
protocol Reduction: SubscriptionBody {
  /// Folds one value in; may call the user's closure.
  mutating func receive(_ input: Input) -> ReductionStep<Failure>

  /// The value to publish once the reduction is over, or nil to finish without one.
  func result() -> Output?
}

/// What a reduction wants after a value.
enum ReductionStep<Failure: Error> {
  /// Keep reducing.
  case proceed
  /// The result is known: cancel the upstream, publish the result on demand.
  case finish
  /// A closure threw: cancel the upstream, fail at once.
  case fail(Failure)
}

/// The subscription of every reducing operator (`first`, `last`, `collect`,
/// `reduce`, `count`, `min`/`max`, `contains`, `allSatisfy` and their `try`
/// variants), as in Combine: it hands itself to the downstream, then requests
/// `.unlimited` from the upstream, folds each value into its ``Reduction``,
/// and publishes the single result, then `.finished`, once the upstream has
/// finished (or the reduction ended early) *and* the downstream has
/// requested. A failure goes downstream at once, without demand.
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `awaitingSubscription`: `downstream`, `body`; created, no upstream yet;
/// - `accumulating`: `upstream`, `downstream`, `body`; values are folded in;
///   `demanded` records whether the downstream has asked yet;
/// - `reducing`: `upstream`, `downstream`; the reduction is out of the lock,
///   in the thread that received a value, running the user's closure;
///   `request` and `cancel` still work from other threads;
/// - `awaitingDemand`: `downstream`, `output`; the upstream is over
///   (finished, or cancelled because the result was known); the result
///   waits for the first demand;
/// - `terminal`: result or failure delivered, or cancelled; holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase,
/// not in the cases of a generic enum (see "Generic payloads cost code" in
/// Docs/Internals.md). Every property is touched only under `lock`; what a
/// transition takes out leaves the lock in a tuple and is released after it.
final class ReducingInner<Downstream: Subscriber, Body: Reduction>: Subscriber, Subscription, CustomStringConvertible
where Downstream.Input == Body.Output, Downstream.Failure == Body.Failure {
  typealias Input = Body.Input
  typealias Failure = Body.UpstreamFailure

  private enum Phase: UInt8 {
    case awaitingSubscription, accumulating, reducing, awaitingDemand, terminal
  }

  private let lock = StateLock()
  @exclusivity(unchecked) private var phase = Phase.awaitingSubscription
  @exclusivity(unchecked) private var upstream: (any Subscription)?
  @exclusivity(unchecked) private var downstream: Downstream?
  @exclusivity(unchecked) private var body: Body?
  @exclusivity(unchecked) private var output: Body.Output?
  @exclusivity(unchecked) private var demanded = false
  private let name: StaticString
  /// What the reduction would publish before any value, shown by the mirror as Combine's `initial`.
  private let initial: Body.Output?

  var description: String { name.description }

  init(_ downstream: Downstream, _ body: Body) {
    name = body.name
    initial = body.result()
    self.downstream = downstream
    self.body = body
  }

  // MARK: Upstream events

  func receive(subscription: any Subscription) {
    let started: Downstream? = lock.withLock {
      guard phase == .awaitingSubscription else { return nil }
      phase = .accumulating
      upstream = subscription
      return downstream
    }
    guard let started else {
      subscription.cancel()
      return
    }
    started.receive(subscription: self)
    if lock.withLock({ phase != .terminal }) {
      subscription.request(.unlimited)
    }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let taken: Body? = lock.withLock {
      guard phase == .accumulating else { return nil }
      phase = .reducing
      defer { body = nil }
      return body
    }
    guard var body = taken else { return .none }
    let step = body.receive(input)  // the user's closure, outside the lock
    let result: Body.Output?
    if case .finish = step {
      result = body.result()
    } else {
      result = nil
    }
    var reduction: Body? = body  // put back, or released after the lock
    var ending: Ending = (nil, nil, nil, nil)
    var cancelled: (any Subscription)? = nil
    lock.withLock {
      switch phase {
      case .reducing:
        switch step {
        case .proceed:
          phase = .accumulating
          self.body = reduction.take()
        case .finish where demanded:
          ending = takeEnding()
        case .finish:
          phase = .awaitingDemand
          output = result
          cancelled = upstream.take()
        case .fail:
          ending = takeEnding()
        }
      case .terminal:
        break  // cancelled while reducing; `body` is released after the lock
      case .awaitingSubscription, .accumulating, .awaitingDemand:
        preconditionFailure("Bug in \(name): \(phase) after reducing a value")
      }
    }
    cancelled?.cancel()
    ending.upstream?.cancel()
    if let downstream = ending.downstream {
      if case let .fail(error) = step {
        downstream.receive(completion: .failure(error))
      } else {
        Self.publish(result, to: downstream)
      }
    }
    _ = reduction
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    var result: Body.Output? = nil
    let ending: Ending = lock.withLock {
      // Over, or the upstream broke the contract (an early or concurrent completion): ignored.
      guard phase == .accumulating, let body else { return (nil, nil, nil, nil) }
      if case .finished = completion { result = body.result() }
      switch completion {
      case .finished where demanded:
        return takeEnding()
      case .finished:
        phase = .awaitingDemand
        output = result
        return (nil, upstream.take(), self.body.take(), nil)
      case .failure:
        return takeEnding()
      }
    }
    guard let downstream = ending.downstream else { return }
    switch completion {
    case .finished: Self.publish(result, to: downstream)
    case let .failure(error): downstream.receive(completion: .failure(Body.failure(error)))
    }
  }

  // MARK: Downstream events

  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let ending: Ending = lock.withLock {
      switch phase {
      case .accumulating, .reducing:
        demanded = true
        return (nil, nil, nil, nil)
      case .awaitingDemand:
        return takeEnding()
      case .awaitingSubscription, .terminal:
        return (nil, nil, nil, nil)  // the downstream cannot have us yet, or it is over
      }
    }
    if let downstream = ending.downstream {
      Self.publish(ending.output, to: downstream)
    }
  }

  func cancel() {
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil, nil, nil) }
      // Before the upstream's subscription, the cancel holds: that
      // subscription is cancelled when it comes (Combine's request it).
      return takeEnding()
    }
    ending.upstream?.cancel()
  }

  // MARK: Acting

  /// What the subscription held when it ended, released after the lock.
  private typealias Ending = (downstream: Downstream?, upstream: (any Subscription)?, body: Body?, output: Body.Output?)

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  private func takeEnding() -> Ending {
    phase = .terminal
    return (downstream.take(), upstream.take(), body.take(), output.take())
  }

  private static func publish(_ result: Body.Output?, to downstream: Downstream) {
    if let result {
      _ = downstream.receive(result)
    }
    downstream.receive(completion: .finished)
  }
}

extension ReducingInner: CombineReflectable {
  /// What Combine's reducers show: the downstream, the result so far, the
  /// result before any value and the subscription status; `collect()` shows
  /// only how many values it holds.
  var customMirror: Mirror {
    // The reduction leaves the lock as a copy; its result is read after it.
    let (downstream, body, output, status) = lock.withLock {
      () -> (Downstream?, Body?, Body.Output?, SubscriptionStatus) in
      switch phase {
      case .awaitingSubscription: (self.downstream, self.body, nil, .awaitingSubscription)
      case .accumulating: (self.downstream, self.body, nil, self.upstream.map { .subscribed($0) } ?? .terminal)
      case .reducing: (self.downstream, nil, nil, self.upstream.map { .subscribed($0) } ?? .terminal)
      case .awaitingDemand: (self.downstream, nil, self.output, .terminal)
      case .terminal: (nil, nil, nil, .terminal)
      }
    }
    let result = body?.result() ?? output
    if name.description == "Collect" {
      return Mirror(self, children: ["count": (result as? any Collection)?.count ?? 0])
    }
    return Mirror(
      self,
      children: [
        "downstream": downstream as Any, "result": result as Any, "initial": initial as Any, "status": status,
      ]
    )
  }
}
