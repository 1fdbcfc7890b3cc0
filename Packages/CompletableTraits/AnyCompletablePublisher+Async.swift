import MaybeTraits
import ReactiveCore

extension AnyCompletablePublisher {
  /// Creates a completable publisher that runs an asynchronous operation for
  /// each subscriber, and finishes when it returns or fails with its failure.
  ///
  /// Each subscription starts its own `Task` on its first demand, and
  /// cancels it when the subscription is cancelled.
  ///
  /// ```swift
  /// func save(_ note: Note) -> AnyCompletablePublisher<any Error> {
  ///   AnyCompletablePublisher { try await storage.write(note) }
  /// }
  /// ```
  ///
  /// - Parameter operation: The work to run for each subscriber.
  public init(_ operation: @escaping @Sendable () async throws(Failure) -> Void) {
    self.init(
      unchecked: AnyMaybePublisher<Never, Failure> { () async throws(Failure) -> Never? in
        try await operation()
        return nil
      }.eraseToAnyPublisher()
    )
  }
}
