public import Foundation
import SharedMachinery

/// An `Operation` that stays executing after `main()` returns, until it is
/// given its result with ``finish(with:)`` or cancelled.
///
/// Subclass it and override `main()` to start the work, then call
/// ``finish(with:)`` from any thread when the work is over; or wrap a
/// closure with ``blockOperation(_:)``. Add it to an `OperationQueue`, or
/// call `start()`.
///
/// ```swift
/// let download = AsynchronousOperation<Data, any Error>.blockOperation { operation in
///   fetch(url) { result in operation.finish(with: result) }
/// }
/// download.handleCompletion(onQueue: nil) { result in print(result as Any) }
/// queue.addOperation(download)
/// ```
///
/// The contract, under any interleaving of threads:
///
/// - Only the first of ``finish(with:)`` and ``cancel()`` counts: it sets
///   ``result`` (nil for a cancel) and calls ``didComplete()``, once; later
///   calls are ignored. Either may come before the operation starts: it then
///   finishes as soon as its queue starts it, without calling `main()`.
/// - ``cancel()`` works from any thread: an executing operation finishes at
///   once, without a result, and its queue moves on.
/// - `isExecuting` and `isFinished` change with key-value notifications, so
///   queues, dependencies and `waitUntilFinished()` work on every platform,
///   Linux included. Nothing depends on the main queue or a run loop, except
///   ``handleCompletion(onQueue:result:)`` when it is asked for `.main`.
open class AsynchronousOperation<Output, Failure: Error>: Operation, @unchecked Sendable {
  // @unchecked Sendable: Operation is Sendable, and Swift asks a subclass to
  // restate the conformance. Sound because the only mutable state is under
  // `state`'s lock; `Operation`'s own state is Foundation's to guard.

  /// How the operation ended.
  private enum Outcome {
    case result(Result<Output, Failure>)
    case cancelled
  }

  private enum State {
    /// Not started, not over.
    case ready
    /// Over before its queue started it: `start()` only announces the end.
    case overBeforeStart(Outcome)
    /// Started: `main()` runs or ran, and the result is awaited.
    case executing
    /// Over, and announced as finished.
    case finished(Outcome)
  }

  /// What an event asks for once the lock is released.
  private enum Action {
    case none
    /// `start()` on a ready operation: announce executing, then run `main()`.
    case run
    /// Over before `start()`: call `didComplete()`.
    case completeBeforeStart
    /// Over while executing: call `didComplete()`, then announce finished.
    case completeWhileExecuting
    /// `start()` after an early end: announce finished.
    case announceFinished
  }

  private let state = Lock(State.ready)

  /// Creates an operation; override `main()` to start its work.
  public override init() {
    super.init()
  }

  /// The result given to ``finish(with:)``: nil until then, and nil if the
  /// operation was cancelled first.
  public var result: Result<Output, Failure>? {
    state.withLock { state in
      switch state {
      case let .overBeforeStart(.result(result)), let .finished(.result(result)): result
      case .ready, .executing, .overBeforeStart(.cancelled), .finished(.cancelled): nil
      }
    }
  }

  /// Finishes the operation with `result`, from any thread.
  ///
  /// Ignored if the operation is already over (finished or cancelled).
  /// Before the operation starts, the result is kept, and the operation
  /// finishes as soon as it is started.
  ///
  /// - Parameter result: The outcome of the work.
  public func finish(with result: Result<Output, Failure>) {
    let action = state.withLock { state -> Action in
      switch state {
      case .ready:
        state = .overBeforeStart(.result(result))
        return .completeBeforeStart
      case .executing:
        state = .finished(.result(result))
        return .completeWhileExecuting
      case .overBeforeStart, .finished:
        return .none  // already over: only the first end counts
      }
    }
    perform(action)
  }

  /// Cancels the operation, from any thread: an executing operation
  /// finishes at once with a nil ``result``; one not started yet finishes as
  /// soon as its queue starts it, without running `main()`.
  ///
  /// Ignored if the operation is already over. A subclass that overrides it
  /// calls `super.cancel()`.
  open override func cancel() {
    let action = state.withLock { state -> Action in
      switch state {
      case .ready:
        state = .overBeforeStart(.cancelled)
        return .completeBeforeStart
      case .executing:
        state = .finished(.cancelled)
        return .completeWhileExecuting
      case .overBeforeStart, .finished:
        return .none  // already over: a finished operation is not cancelled
      }
    }
    guard case .none = action else {
      super.cancel()  // Foundation's bookkeeping: a waiting operation becomes ready to start
      perform(action)
      return
    }
  }

  /// Runs `resultHandler` when the operation finishes, with its ``result``
  /// (nil if it was cancelled), by setting its `completionBlock`.
  ///
  /// The handler may capture the operation: the completion block is
  /// cleared once it has run, so the operation is still released.
  ///
  /// - Parameters:
  ///   - queue: The queue the handler runs on: the main queue by default,
  ///     which on Linux runs only in a process that services it
  ///     (`dispatchMain()`, the main run loop, or the main actor's executor).
  ///     With nil, the handler runs in the completion block itself, on a
  ///     thread of Foundation's choosing.
  ///   - resultHandler: The closure to run once the operation is finished.
  public func handleCompletion(
    onQueue queue: DispatchQueue? = DispatchQueue.main,
    result resultHandler: @escaping @Sendable (_ result: Result<Output, Failure>?) -> Void
  ) {
    completionBlock = { [weak self] in
      guard let self else { return }
      completionBlock = nil
      guard let queue else {
        resultHandler(result)
        return
      }
      queue.async { resultHandler(self.result) }
    }
  }

  /// Returns an operation whose `main()` calls `block` with the operation,
  /// which the block finishes with ``finish(with:)``, now or later.
  ///
  /// - Parameter block: Starts the work; runs once, when the operation starts,
  ///   and is released once the operation is over.
  /// - Returns: An operation, ready to be added to a queue.
  public static func blockOperation(
    _ block: @escaping @Sendable (AsynchronousOperation<Output, Failure>) -> Void
  ) -> AsynchronousOperation<Output, Failure> {
    AsynchronousBlockOperation(block)
  }

  /// Called once, when the operation gets its result or is cancelled,
  /// outside any lock and on the thread that ended it. The default
  /// implementation does nothing.
  ///
  /// It may run before the operation has started, since an operation can
  /// be finished or cancelled while it waits in its queue: do not assume
  /// `isExecuting` or `isFinished`.
  open func didComplete() {}

  /// Starts the operation: calls `main()`, or, if it is already over,
  /// finishes it. Queues call it; override `main()`, not this method.
  public override final func start() {
    let action = state.withLock { state -> Action in
      switch state {
      case .ready:
        state = .executing
        return .run
      case let .overBeforeStart(outcome):
        state = .finished(outcome)
        return .announceFinished
      case .executing, .finished:
        return .none  // started twice: ignored
      }
    }
    perform(action)
  }

  /// True: the operation keeps running after `main()` returns.
  public override var isAsynchronous: Bool { true }

  /// True from `start()` until the operation is over.
  public override var isExecuting: Bool {
    state.withLock { state in
      switch state {
      case .executing: true
      case .ready, .overBeforeStart, .finished: false
      }
    }
  }

  /// True once the operation, started, is over.
  public override var isFinished: Bool {
    state.withLock { state in
      switch state {
      case .finished: true
      case .ready, .overBeforeStart, .executing: false
      }
    }
  }

  /// True if ``cancel()`` ended the operation.
  public override var isCancelled: Bool {
    state.withLock { state in
      switch state {
      case .overBeforeStart(.cancelled), .finished(.cancelled): true
      case .ready, .executing, .overBeforeStart(.result), .finished(.result): false
      }
    }
  }

  private func perform(_ action: Action) {
    switch action {
    case .none:
      break
    case .run:
      announceChange(of: ["isExecuting"])
      // A cancel on another thread may have ended it meanwhile.
      if isExecuting { main() }
    case .completeBeforeStart:
      didComplete()
    case .completeWhileExecuting:
      didComplete()
      announceChange(of: ["isExecuting", "isFinished"])
    case .announceFinished:
      announceChange(of: ["isFinished"])
    }
  }

  /// Tells key-value observers (the queue, `waitUntilFinished()`) about a
  /// change already made: the state lives behind a lock, so the change is
  /// decided first, and announced after.
  private func announceChange(of keys: [String]) {
    for key in keys { willChangeValue(forKey: key) }
    for key in keys.reversed() { didChangeValue(forKey: key) }
  }
}

/// The operation of `AsynchronousOperation.blockOperation(_:)`.
private final class AsynchronousBlockOperation<Output, Failure: Error>: AsynchronousOperation<Output, Failure>,
  @unchecked Sendable
{
  // @unchecked Sendable: restated from the superclass; the block is under the lock.
  private let block: Lock<(@Sendable (AsynchronousOperation<Output, Failure>) -> Void)?>

  init(_ block: @escaping @Sendable (AsynchronousOperation<Output, Failure>) -> Void) {
    self.block = Lock(block)
  }

  override func main() {
    takeBlock()?(self)
  }

  override func didComplete() {
    _ = takeBlock()  // released after the lock
  }

  /// The block, once: later calls get nil.
  private func takeBlock() -> (@Sendable (AsynchronousOperation<Output, Failure>) -> Void)? {
    block.withLock { block in
      defer { block = nil }
      return block
    }
  }
}
