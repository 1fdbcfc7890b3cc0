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

  /// What a listener iterates: every event sent after this call, in order.
  /// Cancelling the listening task ends its loop and its subscription.
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
