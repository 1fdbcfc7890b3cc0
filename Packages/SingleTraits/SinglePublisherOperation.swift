public import Foundation
import LockSupport
import MaybeTraits
public import ReactiveCore

// Foundation's Operation and OperationQueue: the parts of SingleTraits that
// need Foundation are kept here, so that the other files do not import it.

extension SinglePublisher {
  /// Returns an operation that subscribes to this publisher when it starts,
  /// and finishes with the publisher's outcome in its `result`.
  ///
  /// ```swift
  /// let operation = api.profile().makeOperation()
  /// queue.addOperation(operation)
  /// operation.waitUntilFinished()
  /// print(operation.result as Any)   // .success(profile), or .failure(error)
  /// ```
  ///
  /// - Returns: An asynchronous operation, ready to be added to a queue or started.
  public func makeOperation() -> SinglePublisherOperation<Output, Failure> {
    SinglePublisherOperation(self)
  }

  /// Runs this publisher as an operation in `queue`, once per subscription,
  /// and publishes its outcome.
  ///
  /// The operation is added to the queue on the subscriber's first demand;
  /// the queue decides when it starts (its concurrency limit, priorities and
  /// dependencies apply). Cancelling the subscription cancels the operation,
  /// and so the subscription to this publisher. The outcome is published on
  /// the thread where this publisher delivers it.
  ///
  /// ```swift
  /// let downloads = OperationQueue()
  /// downloads.maxConcurrentOperationCount = 2
  /// let image = api.image(url).asOperation(in: downloads)
  /// ```
  ///
  /// - Parameters:
  ///   - queue: The queue that runs the operation.
  ///   - queuePriority: The operation's priority in the queue.
  /// - Returns: A single publisher.
  public func asOperation(
    in queue: OperationQueue,
    queuePriority: Operation.QueuePriority = .normal
  ) -> AnySinglePublisher<Output, Failure> {
    let publisher = eraseToAnySinglePublisher()
    let job = TraitPublishers.Single<Output, Failure> { promise in
      let operation = SinglePublisherOperation(publisher, onResult: promise)
      operation.queuePriority = queuePriority
      queue.addOperation(operation)
      return AnyCancellable { operation.cancel() }
    }
    return job.eraseToAnySinglePublisher()
  }
}

/// An asynchronous operation that subscribes to a single publisher when it
/// starts, and finishes when the publisher completes.
///
/// Build it with `makeOperation()`. The operation finishes
/// with the publisher's outcome in ``result``. Cancelling it before it starts
/// means the publisher is never subscribed to; cancelling it while it runs
/// cancels the subscription, and it finishes at once with a `nil` result.
/// `isExecuting` and `isFinished` change with key-value notifications, so
/// queues, dependencies and `waitUntilFinished()` work on every platform.
public final class SinglePublisherOperation<Output, Failure: Error>: Operation, @unchecked Sendable {
  // @unchecked Sendable: the only mutable state is under `state`'s lock.
  typealias OnResult = (Result<Output, Failure>) -> Void

  private enum State {
    /// Not started: holds the publisher.
    case ready(AnySinglePublisher<Output, Failure>, OnResult?)
    /// Started; `subscription` is nil while it is being subscribed to.
    case executing(subscription: AnyCancellable?, OnResult?)
    /// Over: the outcome, or nil if cancelled.
    case finished(Result<Output, Failure>?)
  }

  private let state: Lock<State>

  /// Creates an operation that runs `publisher`; `onResult` runs with its
  /// outcome, if any, before the operation finishes.
  init<P: SinglePublisher>(_ publisher: P, onResult: OnResult? = nil)
  where P.Output == Output, P.Failure == Failure {
    state = Lock(.ready(publisher.eraseToAnySinglePublisher(), onResult))
    super.init()
  }

  /// The outcome of the publisher: nil until the operation finishes, and
  /// nil if it was cancelled before the publisher completed.
  public var result: Result<Output, Failure>? {
    state.withLock { state in
      switch state {
      case let .finished(result): result
      case .ready, .executing: nil
      }
    }
  }

  /// True: the operation runs until its publisher completes, on any thread.
  public override var isAsynchronous: Bool { true }

  /// True from the start until the publisher completes or the operation is cancelled.
  public override var isExecuting: Bool {
    state.withLock { state in
      switch state {
      case .executing: true
      case .ready, .finished: false
      }
    }
  }

  /// True once the publisher has completed, or the operation was cancelled after it was started.
  public override var isFinished: Bool {
    state.withLock { state in
      switch state {
      case .finished: true
      case .ready, .executing: false
      }
    }
  }

  /// Subscribes to the publisher, unless the operation is cancelled.
  public override func start() {
    let publisher = state.withLock { state -> AnySinglePublisher<Output, Failure>? in
      guard case let .ready(publisher, onResult) = state else { return nil }
      state = .executing(subscription: nil, onResult)
      return publisher
    }
    guard let publisher else { return }  // started twice: ignore
    notifyChange(of: ["isExecuting"])
    // cancel() sets isCancelled, then finishes an executing operation; this
    // sets executing, then reads isCancelled: one of the two sees the other.
    if isCancelled {
      finishCancelled()
      return
    }
    let subscription = publisher.sinkSingle { [weak self] result in self?.finish(with: result) }
    let kept = state.withLock { state -> Bool in
      guard case .executing(nil, let onResult) = state else {
        return false  // over while subscribing: completed, or cancelled
      }
      state = .executing(subscription: subscription, onResult)
      return true
    }
    if !kept { subscription.cancel() }
  }

  /// Cancels the operation; a running one cancels its subscription and finishes.
  public override func cancel() {
    super.cancel()
    finishCancelled()
  }

  /// Finishes an executing operation without a result, and cancels its subscription.
  private func finishCancelled() {
    let previous = state.withLock { state -> State? in
      guard case .executing = state else { return nil }
      defer { state = .finished(nil) }
      return state
    }
    guard case let .executing(subscription, _) = previous else { return }
    subscription?.cancel()
    notifyChange(of: ["isExecuting", "isFinished"])
  }

  private func finish(with result: Result<Output, Failure>) {
    let previous = state.withLock { state -> State? in
      guard case .executing = state else { return nil }
      defer { state = .finished(result) }
      return state
    }
    guard case let .executing(_, onResult) = previous else { return }
    onResult?(result)
    notifyChange(of: ["isExecuting", "isFinished"])
  }

  /// Tells key-value observers (the queue, `waitUntilFinished()`) about a
  /// change already made: the state lives behind a lock, so the change is
  /// decided first, and announced after.
  private func notifyChange(of keys: [String]) {
    for key in keys { willChangeValue(forKey: key) }
    for key in keys.reversed() { didChangeValue(forKey: key) }
  }
}
