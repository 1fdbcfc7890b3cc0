/// The error of an ``AsyncSequencePublisher`` that refuses a subscriber.
///
/// A publisher iterates its sequence for one subscription at a time: a
/// second subscriber that arrives while another subscription of the same
/// publisher is iterating gets its subscription, then at once this failure
/// if the publisher's `Failure` can hold it (`any Error`), or `.finished`
/// otherwise.
///
/// ```swift
/// let (events, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
/// let publisher = events.publisher
/// let first = publisher.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
/// let second = publisher.sink(
///   receiveCompletion: { completion in
///     // .failure(AsyncSequencePublisherError.concurrentIteration)
///   },
///   receiveValue: { _ in })
/// ```
public enum AsyncSequencePublisherError: Error, Equatable, Sendable {
  /// Another subscription of the same publisher is iterating the sequence:
  /// share one subscription with `share()`, or subscribe again once it has
  /// ended.
  case concurrentIteration
}
