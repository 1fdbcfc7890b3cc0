public import MaybeTraits

extension TraitPublishers {
  /// A deferred single publisher that runs a job for each subscriber and
  /// publishes the one result the job promises.
  ///
  /// The closure runs once per subscription, on the subscriber's first
  /// demand: each subscriber gets its own job, and nothing runs before. It
  /// receives a promise, which may be called from any thread, now or later;
  /// only its first call counts, and a debug build reports a later one as a
  /// misuse (Docs/Reliability.md). It returns a cancellable, cancelled when
  /// the subscription is cancelled, and also after the result is delivered,
  /// for cleanup.
  ///
  /// ```swift
  /// let publisher = TraitPublishers.Single<String, LookupError> { promise in
  ///   let task = lookup(id) { result in promise(result) }
  ///   return AnyCancellable { task.cancel() }
  /// }
  /// ```
  ///
  /// The promise has the shape of a `sinkSingle` handler, so a job may simply relay some other single publisher:
  ///
  /// ```swift
  /// let publisher = TraitPublishers.Single<String, any Error> { promise in
  ///   otherSingle.sinkSingle(receive: promise)
  /// }
  /// ```
  public struct Single<Output, Failure: Error>: SinglePublisher {
    /// The closure that completes a job, once.
    ///
    /// `@Sendable`, unlike the `(Result) -> Void` of Combine's `Future.Promise`:
    /// a job may hand it to a completion handler that runs on another thread
    /// (see Docs/Concurrency.md). Closures written for Combine's spelling
    /// still compile.
    public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

    /// The closure that starts a job.
    public let start: (@escaping Promise) -> AnyCancellable

    /// Creates a single publisher that runs `start` for each subscriber.
    ///
    /// - Parameter start: A closure that starts the job, eventually calls
    ///   the promise, and returns a cancellable that stops the job.
    public init(_ start: @escaping (@escaping Promise) -> AnyCancellable) {
      self.start = start
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      // A single job is a maybe job whose promise never says `.finished`:
      // the maybe job's state machine (start on demand, first call wins,
      // cleanup on completion and cancel, a second call reported) is the
      // one this needs; only its name differs.
      let start = start
      let job = promisedJob(for: subscriber, named: "TraitPublishers.Single") { promise in
        start { result in
          switch result {
          case let .success(value): promise(.success(value))
          case let .failure(error): promise(.failure(error))
          }
        }
      }
      subscriber.receive(subscription: job)
    }
  }
}
