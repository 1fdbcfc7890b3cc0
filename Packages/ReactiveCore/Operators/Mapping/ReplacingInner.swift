/// The subscription of the operators that end with a replacement value,
/// `replaceEmpty(with:)` and `replaceError(with:)`: ``Kind`` says which end
/// calls for the replacement. It counts the downstream's demand, to know
/// whether the replacement may go at once or must wait for a request.
///
/// States (`Phase`), and what each keeps in the stored properties (the
/// others are nil):
/// - `awaitingSubscription`: `downstream`, `output`; no upstream yet;
/// - `subscribed`: `upstream`, `downstream`, `output`; values flow;
///   `pending` is what the downstream asked for and has not received,
///   `sawValue` whether a value came;
/// - `awaitingDemand`: `downstream`, `output`; the upstream ended in a way
///   that calls for the replacement, before any demand: it waits for the
///   first request;
/// - `terminal`: completed or cancelled; holds nothing.
///
/// The generic parts live in stored properties beside a payload-free phase
/// (see "Generic payloads cost code" in Docs/Internals.md), touched only
/// under `lock`; what a transition takes out leaves the lock in a tuple and
/// is released after it.
@usableFromInline
final class ReplacingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  CustomStringConvertible
where Downstream.Input == Input {
  @usableFromInline
  typealias Failure = UpstreamFailure

  /// Which end of the upstream calls for the replacement.
  @usableFromInline
  enum Kind: Sendable {
    /// `replaceEmpty(with:)`: finishing without a value. The upstream runs
    /// free, and a failure passes through (`Downstream.Failure` is
    /// `UpstreamFailure`).
    case empty
    /// `replaceError(with:)`: any failure. The downstream's demand goes to
    /// the upstream as is (`Downstream.Failure` is `Never`).
    case error
  }

  @usableFromInline
  enum Phase: UInt8 {
    case awaitingSubscription, subscribed, awaitingDemand, terminal
  }

  /// What the subscription held when it ended, released after the lock.
  @usableFromInline
  typealias Ending = (downstream: Downstream?, upstream: (any Subscription)?, output: Input?)

  @usableFromInline
  let kind: Kind

  @usableFromInline
  let lock = StateLock()
  @usableFromInline
  @exclusivity(unchecked) var phase = Phase.awaitingSubscription
  @usableFromInline
  @exclusivity(unchecked) var upstream: (any Subscription)?
  @usableFromInline
  @exclusivity(unchecked) var downstream: Downstream?
  /// The replacement.
  @usableFromInline
  @exclusivity(unchecked) var output: Input?
  @usableFromInline
  @exclusivity(unchecked) var pending = Subscribers.Demand.none
  @usableFromInline
  @exclusivity(unchecked) var sawValue = false

  @usableFromInline
  var description: String {
    switch kind {
    case .empty: "ReplaceEmpty"
    case .error: "ReplaceError"
    }
  }

  @inlinable
  init(kind: Kind, downstream: Downstream, output: Input) {
    self.kind = kind
    self.downstream = downstream
    self.output = output
  }

  @inlinable
  func receive(subscription: any Subscription) {
    let downstream: Downstream? = lock.withLock {
      guard phase == .awaitingSubscription else { return nil }
      phase = .subscribed
      upstream = subscription
      return self.downstream
    }
    guard let downstream else {
      subscription.cancel()  // a second subscription, or one after the end
      return
    }
    downstream.receive(subscription: self)
    if kind == .empty {
      // What Combine does: the upstream runs free whatever the downstream asks.
      subscription.request(.unlimited)
    }
  }

  @inlinable
  func receive(_ input: Input) -> Subscribers.Demand {
    var unwanted = false
    let downstream: Downstream? = lock.withLock {
      guard phase == .subscribed else { return nil }
      // `replaceError` passes on the downstream's demand, so a value beyond it
      // is the upstream's fault; `replaceEmpty` asked for `.unlimited`.
      unwanted = kind == .error && pending == .none
      pending -= 1
      sawValue = true
      return self.downstream
    }
    // Combine traps here too (its demand count would go negative).
    precondition(!unwanted, "API violation: \(description) received a value without demand")
    guard let downstream else { return .none }
    let additional = downstream.receive(input)
    guard additional > 0 else { return .none }
    lock.withLock {
      if phase == .subscribed { pending += additional }
    }
    return additional
  }

  @inlinable
  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    var replaces = false
    let ending: Ending = lock.withLock {
      guard phase == .subscribed else { return (nil, nil, nil) }
      switch (kind, completion) {
      case (.empty, .finished): replaces = !sawValue
      case (.error, .failure): replaces = true
      case (.empty, .failure), (.error, .finished): replaces = false
      }
      if replaces && pending == .none {
        phase = .awaitingDemand
        return (nil, upstream.take(), nil)
      }
      return takeEnding()
    }
    guard let downstream = ending.downstream else { return }
    if replaces {
      Self.replace(with: ending.output, to: downstream)
    } else {
      downstream.receive(completion: Self.passedThrough(completion))
    }
  }

  @inlinable
  func request(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    var upstream: (any Subscription)? = nil
    let ending: Ending = lock.withLock {
      switch phase {
      case .subscribed:
        pending += demand
        upstream = self.upstream
        return (nil, nil, nil)
      case .awaitingDemand:
        return takeEnding()
      case .awaitingSubscription, .terminal:
        return (nil, nil, nil)
      }
    }
    upstream?.request(demand)
    if let downstream = ending.downstream {
      Self.replace(with: ending.output, to: downstream)
    }
  }

  @inlinable
  func cancel() {
    let ending: Ending = lock.withLock {
      guard phase != .terminal else { return (nil, nil, nil) }
      return takeEnding()
    }
    ending.upstream?.cancel()
    // Downstream and output are released here, after the lock.
  }

  /// Under the lock: the subscription is over; what it held leaves with the ending.
  @inlinable
  func takeEnding() -> Ending {
    phase = .terminal
    return (downstream.take(), upstream.take(), output.take())
  }

  @inlinable
  static func replace(with output: Input?, to downstream: Downstream) {
    if let output {
      _ = downstream.receive(output)
    }
    downstream.receive(completion: .finished)
  }

  /// A completion that is not replaced: `.finished`, or, for `.empty` only,
  /// a failure, where `Downstream.Failure` is `UpstreamFailure`.
  @inlinable
  static func passedThrough(
    _ completion: Subscribers.Completion<UpstreamFailure>
  ) -> Subscribers.Completion<Downstream.Failure> {
    switch completion {
    case .finished: .finished
    // Always succeeds: only `.empty` passes a failure through.
    case let .failure(error): .failure(error as! Downstream.Failure)
    }
  }
}

extension ReplacingInner: CombineReflectable {
  /// Shows no children, as Combine's `replaceEmpty(with:)` and `replaceError(with:)`.
  @usableFromInline
  var customMirror: Mirror { Mirror(childless: self) }
}
