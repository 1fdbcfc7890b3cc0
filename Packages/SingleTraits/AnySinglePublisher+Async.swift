import MaybeTraits
import ReactiveCore

extension AnySinglePublisher {
  /// Creates a single publisher that runs an asynchronous operation for each
  /// subscriber and publishes its value, or its failure.
  ///
  /// Each subscription starts its own `Task` on its first demand (nothing
  /// runs before), and cancels it when the subscription is cancelled: the
  /// operation sees `Task.isCancelled`, and cancellable awaits inside it
  /// (`Task.sleep`, a download) end early. Its result after a cancel is
  /// dropped.
  ///
  /// ```swift
  /// func user(id: Int) -> AnySinglePublisher<User, any Error> {
  ///   AnySinglePublisher { try await api.user(id: id) }
  /// }
  /// ```
  ///
  /// - Parameter operation: The work to run for each subscriber.
  public init(_ operation: @escaping @Sendable () async throws(Failure) -> Output) {
    self.init(
      TraitPublishers.Single<Output, Failure> { promise in
        let task = Task {
          do throws(Failure) {
            promise(.success(try await operation()))
          } catch {
            promise(.failure(error))
          }
        }
        return AnyCancellable { task.cancel() }
      }
    )
  }
}
