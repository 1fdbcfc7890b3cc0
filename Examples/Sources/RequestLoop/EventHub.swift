// Server-sent events: one subject, any number of async listeners, each of
// which gets every event. `values` (Combine's) asks one value per `next()`,
// so a subject would drop what it sends while a listener's loop body runs;
// `values(bufferingPolicy: .unbounded)` buffers per listener instead.

import ReactiveCore
import ReactiveExtras

public struct ServerEvent: Sendable, Equatable {
  public let sequence: Int

  public init(sequence: Int) {
    self.sequence = sequence
  }
}

public final class EventHub: Sendable {
  private let subject = PassthroughSubject<ServerEvent, Never>()

  /// The latest event, replayed to whoever subscribes late (a dashboard that
  /// opens after the event): one subscription to the hub for all of them,
  /// connected while anyone listens.
  public let latest: Publishers.ShareReplay<PassthroughSubject<ServerEvent, Never>>

  public init() {
    latest = subject.share(replay: 1)
  }

  /// What a listener iterates: every event sent after its iteration begins
  /// (the `for await` loop makes the iterator, which subscribes), in order;
  /// an event sent between this call and the loop's start is not received.
  /// A listener that must not miss the first events signals that its loop
  /// has begun before the producer sends. Cancelling the listening task ends
  /// its loop and its subscription.
  public func listen() -> BufferedAsyncPublisher<PassthroughSubject<ServerEvent, Never>> {
    subject.values(bufferingPolicy: .unbounded)
  }

  public func send(_ event: ServerEvent) {
    subject.send(event)
  }

  public func finish() {
    subject.send(completion: .finished)
  }
}
