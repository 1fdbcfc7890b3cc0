public import AsynchronousOperation
import MaybeTraits
public import ReactiveCore
import SharedMachinery

// Foundation's Operation and OperationQueue: the parts of SingleTraits that
// need Foundation are kept here and in TraitPublishers.AsOperation.swift, so
// that the other files do not import it.

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
  public func makeOperation() -> SinglePublisherOperation<Self> {
    SinglePublisherOperation(self)
  }
}

/// An asynchronous operation that subscribes to a single publisher when it
/// starts, and finishes when the publisher completes.
///
/// Build it with `makeOperation()`. The operation finishes
/// with the publisher's outcome in `result`. Cancelling it before it starts
/// means the publisher is never subscribed to; cancelling it while it runs
/// cancels the subscription, and it finishes at once with a `nil` result.
/// As every `AsynchronousOperation`, it works with
/// queues, dependencies and `waitUntilFinished()` on every platform.
public final class SinglePublisherOperation<Upstream: SinglePublisher>:
  AsynchronousOperation<Upstream.Output, Upstream.Failure>, @unchecked Sendable
{
  // @unchecked Sendable: restated from Operation (AsynchronousOperation says
  // why); the only mutable state is under `subscription`'s lock.
  typealias OnResult = @Sendable (Result<Upstream.Output, Upstream.Failure>) -> Void

  private enum Subscription {
    /// Not started: holds the publisher.
    case notStarted(Upstream)
    /// `main()` is subscribing: the cancellable is not returned yet.
    case subscribing
    /// Subscribed, waiting for the outcome.
    case subscribed(AnyCancellable)
    /// Over: holds nothing.
    case over
  }

  private let subscription: Lock<Subscription>
  private let onResult: OnResult?

  /// Creates an operation that runs `upstream`; `onResult` runs with its
  /// outcome, if any, before the operation finishes.
  init(_ upstream: Upstream, onResult: OnResult? = nil) {
    subscription = Lock(.notStarted(upstream))
    self.onResult = onResult
    super.init()
  }

  /// Subscribes to the publisher.
  public override func main() {
    let upstream = subscription.withLock { subscription -> Upstream? in
      guard case let .notStarted(upstream) = subscription else { return nil }
      subscription = .subscribing
      return upstream
    }
    guard let upstream else { return }  // over before it started
    let cancellable = upstream.sinkSingle(receive: finisher(of: self))
    let kept = subscription.withLock { subscription -> Bool in
      guard case .subscribing = subscription else { return false }  // over while subscribing
      subscription = .subscribed(cancellable)
      return true
    }
    if !kept { cancellable.cancel() }
  }

  /// Cancels the subscription if the operation was cancelled, and releases
  /// the publisher.
  public override func didComplete() {
    let previous = subscription.withLock { subscription -> Subscription in
      defer { subscription = .over }
      return subscription
    }
    let result = result
    if result == nil, case let .subscribed(cancellable) = previous {
      cancellable.cancel()
    }
    if let onResult, let result {
      onResult(result)
    }
  }
}

/// `operation.finish(with:)` as a `@Sendable` closure that does not keep the
/// operation alive. Formed here, generic over the output and failure only:
/// formed in `SinglePublisherOperation`, it would capture `Upstream.Type`,
/// which Swift 6 does not know to be Sendable (the `SendableMetatypes`
/// diagnostic).
private func finisher<Output, Failure>(
  of operation: AsynchronousOperation<Output, Failure>
) -> @Sendable (Result<Output, Failure>) -> Void {
  { [weak operation] result in operation?.finish(with: result) }
}
