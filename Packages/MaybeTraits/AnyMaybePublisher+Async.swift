import ReactiveCore

extension AnyMaybePublisher {
  /// Creates a maybe publisher that runs an asynchronous operation for each
  /// subscriber and publishes its result: a value, nothing for nil, or its
  /// failure.
  ///
  /// Each subscription starts its own `Task` on its first demand, and
  /// cancels it when the subscription is cancelled: the operation sees
  /// `Task.isCancelled`, and cancellable awaits inside it (`Task.sleep`, a
  /// download) end early. Its result after a cancel is dropped.
  ///
  /// ```swift
  /// let cached = AnyMaybePublisher<Avatar, any Error> {
  ///   try await cache.avatar(for: user)  // nil when not cached
  /// }
  /// ```
  ///
  /// - Parameter operation: The work to run for each subscriber.
  public init(_ operation: @escaping @Sendable () async throws(Failure) -> Output?) {
    self.init(
      TraitPublishers.Maybe<Output, Failure> { promise in
        let task = Task {
          do throws(Failure) {
            let value = try await operation()
            promise(value.map { .success($0) } ?? .finished)
          } catch {
            promise(.failure(error))
          }
        }
        return AnyCancellable { task.cancel() }
      }
    )
  }

  /// Creates a maybe publisher that publishes the first element of an
  /// asynchronous sequence, or finishes if the sequence is empty, or fails
  /// with its failure.
  ///
  /// Each subscriber iterates the sequence anew, in its own `Task` started on
  /// its first demand and cancelled when the subscription is cancelled. The
  /// iteration stops after the first element.
  ///
  /// ```swift
  /// let firstLine = AnyMaybePublisher(firstElementOf: file.lines)
  /// ```
  ///
  /// - Parameter elements: The asynchronous sequence whose first element to publish.
  public init<Elements: AsyncSequence & Sendable>(firstElementOf elements: Elements)
  where Elements.Element == Output, Elements.Failure == Failure {
    self.init { () async throws(Failure) -> Output? in
      var iterator = elements.makeAsyncIterator()
      return try await iterator.next(isolation: nil)
    }
  }
}
