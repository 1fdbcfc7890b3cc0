public import ReactiveCore
public import SharedMachinery

extension TraitPublishers {
  /// A deferred maybe publisher that runs a job for each subscriber and
  /// publishes the one result the job promises.
  ///
  /// The closure runs once per subscription, on the subscriber's first
  /// demand: each subscriber gets its own job. It receives a promise, which
  /// may be called from any thread, now or later; only its first call counts,
  /// and a debug build reports a later one as a misuse (Docs/Reliability.md).
  /// It returns a cancellable, cancelled when the subscription is cancelled,
  /// and also after the result is delivered, for cleanup.
  ///
  /// ```swift
  /// let publisher = TraitPublishers.Maybe<String, LookupError> { promise in
  ///   let task = lookup(name) { name in
  ///     promise(name.map { .success($0) } ?? .finished)
  ///   }
  ///   return AnyCancellable { task.cancel() }
  /// }
  /// ```
  ///
  /// The promise has the shape of a `sinkMaybe` handler, so a job may simply relay some other maybe publisher:
  ///
  /// ```swift
  /// let publisher = TraitPublishers.Maybe<String, any Error> { promise in
  ///   otherMaybe.sinkMaybe(receive: promise)
  /// }
  /// ```
  public struct Maybe<Output, Failure: Error>: MaybePublisher {
    /// The closure that completes a job, once.
    ///
    /// `@Sendable`: a job may hand it to a completion handler that runs on
    /// another thread (see Docs/Concurrency.md).
    public typealias Promise = @Sendable (MaybeResult<Output, Failure>) -> Void

    /// The closure that starts a job.
    public let start: (@escaping Promise) -> AnyCancellable

    /// Creates a maybe publisher that runs `start` for each subscriber.
    ///
    /// - Parameter start: A closure that starts the job, eventually calls
    ///   the promise, and returns a cancellable that stops the job.
    public init(_ start: @escaping (@escaping Promise) -> AnyCancellable) {
      self.start = start
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      subscriber.receive(subscription: promisedJob(for: subscriber, named: "TraitPublishers.Maybe", start: start))
    }
  }
}

/// One subscriber's job: the subscription of `TraitPublishers.Maybe`, and of
/// `TraitPublishers.Single`, whose promise never says `.finished`.
///
/// States:
/// - `idle(downstream, start)`: no demand yet, the job has not started;
/// - `running(downstream, cancellable)`: started; `cancellable` is nil until `start` returns;
/// - `completed`: the result was sent; holds nothing. A later promise call is
///   a misuse, ignored and reported (`MisuseDiagnostics`);
/// - `cancelled`: the downstream cancelled; holds nothing. A later promise
///   call is expected (the job may end after the cancel), and ignored.
@usableFromInline
final class MaybeJob<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the @Sendable promise keeps it; its mutable state is under `state`'s lock.
  @usableFromInline typealias Output = Downstream.Input
  @usableFromInline typealias Failure = Downstream.Failure
  @usableFromInline typealias Start = (@escaping TraitPublishers.Maybe<Output, Failure>.Promise) -> AnyCancellable

  @usableFromInline
  enum State {
    case idle(Downstream, Start)
    case running(Downstream, AnyCancellable?)
    case completed
    case cancelled
  }

  /// What a promise call does, decided under the lock.
  @usableFromInline
  enum Completion {
    /// Send the result to the downstream, then cancel the job's cancellable, for cleanup.
    case deliver(Downstream, AnyCancellable?)
    /// Report the call: the result was already sent.
    case reportSecondResult
    /// Nothing: the downstream cancelled.
    case ignore
  }

  @usableFromInline let state: Lock<State>
  @usableFromInline let entryPoints: (request: (MaybeJob, Subscribers.Demand) -> Void, cancel: (MaybeJob) -> Void)

  /// "TraitPublishers.Maybe" or "TraitPublishers.Single": the publisher's name,
  /// as Combine names a subscription after its publisher.
  @usableFromInline
  let description: String

  /// Creates the job of `downstream`, which `start` runs on the first demand.
  ///
  /// - Parameters:
  ///   - downstream: The subscriber; released on completion or cancel.
  ///   - description: The publisher's name, which reports of a misuse give.
  ///   - start: The closure that starts the job.
  @inlinable
  init(_ downstream: Downstream, named description: String, start: @escaping Start) {
    state = Lock(.idle(downstream, start))
    self.description = description
    // Formed here, where the types are usually concrete: a call through
    // `any Subscription` then runs specialised code.
    entryPoints = (request: { $0.requestSpecialized($1) }, cancel: { $0.cancelSpecialized() })
  }

  @usableFromInline
  func request(_ demand: Subscribers.Demand) {
    entryPoints.request(self, demand)
  }

  @inlinable
  func requestSpecialized(_ demand: Subscribers.Demand) {
    APIViolation.checkDemand(demand > 0)
    let start = state.withLock { state -> Start? in
      guard case let .idle(downstream, start) = state else { return nil }
      state = .running(downstream, nil)
      return start
    }
    guard let start else { return }
    let cancellable = start(sendablePromise(completing: self))
    let kept = state.withLock { state -> Bool in
      guard case let .running(downstream, nil) = state else {
        return false  // completed or cancelled while starting
      }
      state = .running(downstream, cancellable)
      return true
    }
    if !kept { cancellable.cancel() }
  }

  @inlinable
  func complete(_ result: MaybeResult<Output, Failure>) {
    let completion = state.withLock { state -> Completion in
      switch state {
      case let .running(downstream, cancellable):
        state = .completed
        return .deliver(downstream, cancellable)
      case .completed:
        return .reportSecondResult  // only the first result counts
      case .cancelled:
        return .ignore  // a job that ends after the cancel: expected
      case .idle:
        return .ignore  // unreachable: the promise exists only once the job started
      }
    }
    switch completion {
    case let .deliver(downstream, cancellable):
      result.send(to: downstream)
      cancellable?.cancel()
    case .reportSecondResult:
      reportSecondResult()
    case .ignore:
      break
    }
  }

  /// Tells the user of a promise called again, whose result is ignored.
  @usableFromInline
  func reportSecondResult() {
    MisuseDiagnostics.report(MisuseDiagnostics.secondResult(receivedBy: description, calls: "the promise"))
  }

  @usableFromInline
  func cancel() {
    entryPoints.cancel(self)
  }

  @inlinable
  func cancelSpecialized() {
    let previous = state.withLock { state -> State in
      switch state {
      case .idle, .running:
        defer { state = .cancelled }
        return state
      case .completed, .cancelled:
        return .cancelled  // over already: nothing to stop, nothing to release
      }
    }
    if case let .running(_, cancellable) = previous {
      cancellable?.cancel()
    }
    _ = previous  // released here, after the lock
  }
}

/// The subscription that runs `start` for `downstream` on its first demand
/// and sends the one result `start` promises: what `TraitPublishers.Maybe`
/// and `TraitPublishers.Single` give a subscriber.
///
/// - Parameters:
///   - downstream: The subscriber.
///   - description: The publisher's name: the subscription's description,
///     which a report of a misuse gives.
///   - start: The closure that starts the job.
@inlinable
package func promisedJob<Downstream: Subscriber>(
  for downstream: Downstream,
  named description: String,
  start: @escaping (@escaping TraitPublishers.Maybe<Downstream.Input, Downstream.Failure>.Promise) -> AnyCancellable
) -> any Subscription {
  MaybeJob(downstream, named: description, start: start)
}

/// An object that a `@Sendable` promise completes.
///
/// A promise formed inside a class generic over its `Downstream` would
/// capture `Downstream.Type`, which Swift 6 does not know to be Sendable
/// (`SendableMetatypes`); a promise formed over a Sendable target captures
/// only the target.
@usableFromInline
package protocol PromiseTarget<Outcome>: AnyObject, Sendable {
  associatedtype Outcome
  func complete(_ outcome: Outcome)
}

/// A `@Sendable` promise that completes `target`.
@inlinable
package func sendablePromise<Target: PromiseTarget>(
  completing target: Target
) -> @Sendable (Target.Outcome) -> Void {
  { outcome in target.complete(outcome) }
}

extension MaybeJob: PromiseTarget {
  @usableFromInline typealias Outcome = MaybeResult<Output, Failure>
}
