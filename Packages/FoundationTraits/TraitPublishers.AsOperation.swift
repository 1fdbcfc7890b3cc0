public import Foundation
public import MaybeTraits
import ReactiveCore

extension SinglePublisher {
  /// Runs this publisher as an operation in `queue`, once per subscription,
  /// and publishes its outcome.
  ///
  /// The operation is added to the queue on the subscriber's first demand;
  /// the queue decides when it starts (its concurrency limit, priorities and
  /// dependencies apply): a queue that runs one operation at a time runs
  /// such publishers one after the other. Cancelling the subscription
  /// cancels the operation, and so the subscription to this publisher. The
  /// outcome is published on the thread where this publisher delivers it.
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
  ) -> TraitPublishers.AsOperation<Self> {
    TraitPublishers.AsOperation(upstream: self, operationQueue: queue, queuePriority: queuePriority)
  }
}

extension TraitPublishers {
  /// A single publisher that runs its upstream as a ``SinglePublisherOperation``
  /// in an operation queue, once per subscription. See
  /// `SinglePublisher.asOperation(in:queuePriority:)`.
  public struct AsOperation<Upstream: SinglePublisher>: SinglePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher the operation subscribes to.
    public let upstream: Upstream
    /// The queue that runs the operation.
    public let operationQueue: OperationQueue
    /// The operation's priority in the queue.
    public let queuePriority: Operation.QueuePriority

    /// Creates a publisher that runs `upstream` in `operationQueue`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher the operation subscribes to.
    ///   - operationQueue: The queue that runs the operation.
    ///   - queuePriority: The operation's priority in the queue.
    public init(upstream: Upstream, operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
      self.upstream = upstream
      self.operationQueue = operationQueue
      self.queuePriority = queuePriority
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let upstream = upstream
      let queue = operationQueue
      let priority = queuePriority
      let job = TraitPublishers.Single<Output, Failure> { promise in
        let operation = SinglePublisherOperation(upstream, onResult: promise)
        operation.queuePriority = priority
        queue.addOperation(operation)
        return AnyCancellable { operation.cancel() }
      }
      job.receive(subscriber: subscriber)
    }
  }
}
