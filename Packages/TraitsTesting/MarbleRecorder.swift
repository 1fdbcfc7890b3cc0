public import ReactiveCore
import SharedMachinery

extension VirtualTimeScheduler {
  /// Subscribes a ``MarbleRecorder`` to `publisher`, which notes the virtual
  /// time of each event, so that the recording renders as a marble diagram.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let recorder = scheduler.recordMarbles(of: scheduler.cold("--a--|", values: ["a": 1]))
  /// scheduler.advance(by: .seconds(7))
  /// #expect(recorder.render() == "--o--|--")
  /// ```
  ///
  /// - Parameters:
  ///   - publisher: The publisher to record.
  ///   - demand: The demand to request on subscription; `.none` requests nothing.
  ///   - frameDuration: The virtual time of one frame of the rendered diagram.
  /// - Returns: The recorder, subscribed.
  public func recordMarbles<P: Publisher>(
    of publisher: P,
    demand: Subscribers.Demand = .unlimited,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleRecorder<P.Output, P.Failure> {
    let recorder = MarbleRecorder<P.Output, P.Failure>(scheduler: self, demand: demand, frameDuration: frameDuration)
    publisher.subscribe(recorder)
    return recorder
  }
}

/// A subscriber that records each event with the virtual time at which it
/// came, to render the recording as a marble diagram or compare it with one.
///
/// ```swift
/// let recorder = scheduler.recordMarbles(of: publisher)
/// scheduler.advance(by: .seconds(5))
/// #expect(recorder.render() == "--o--|")
/// ```
///
/// Frame zero is the scheduler's time when the recorder is created; an
/// event at time `t` is drawn in frame `⌊t / frameDuration⌋`, so an event
/// between two frames is drawn in the earlier one (the comparison, though,
/// checks exact times). The diagram lasts until the scheduler's current
/// frame, included: after `advance(by: .seconds(7))` it has 8 columns, as in
/// `"--o--|--"`.
///
/// The recorder passes its subscription, demand and events through a
/// ``RecordingSubscriber``, ``recording``: use it for the untimed event list,
/// ``RecordingSubscriber/request(_:)`` and the rest. It holds its scheduler
/// weakly, and traps if an event comes after the scheduler is gone.
public final class MarbleRecorder<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
  @unchecked Sendable
{
  // @unchecked Sendable: `scheduler` is a weak reference written only by
  // init; the rest is immutable, or behind `timeline`'s lock.

  /// An event and the virtual time at which it came.
  public struct TimedEvent {
    /// The time of the event, since the recorder's ``MarbleRecorder/origin``.
    public let time: VirtualTimeScheduler.SchedulerTimeType.Stride

    /// The event.
    public let event: MarbleDiagram<Input, Failure>.Event

    /// Creates a timed event.
    ///
    /// - Parameters:
    ///   - time: The time of the event, since the origin of the recording.
    ///   - event: The event.
    public init(time: VirtualTimeScheduler.SchedulerTimeType.Stride, event: MarbleDiagram<Input, Failure>.Event) {
      self.time = time
      self.event = event
    }
  }

  /// The untimed recording: subscription, values and completion, as a
  /// ``RecordingSubscriber`` records them; it also holds the subscription.
  public let recording: RecordingSubscriber<Input, Failure>

  /// The virtual time of frame zero: the scheduler's time when the recorder was created.
  public let origin: VirtualTimeScheduler.SchedulerTimeType

  /// The virtual time of one frame.
  public let frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride

  /// Weak: a pending action of the scheduler may hold a subscription that holds this recorder.
  private weak var scheduler: VirtualTimeScheduler?

  /// The events recorded so far.
  private let timeline = Lock([TimedEvent]())

  public var description: String { "MarbleRecorder" }

  /// Creates a recorder whose frame zero is `scheduler`'s time now; subscribe
  /// it with `subscribe(_:)`, or use ``VirtualTimeScheduler/recordMarbles(of:demand:frameDuration:)``.
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler whose clock times the events.
  ///   - demand: The demand to request on subscription; `.none` requests nothing.
  ///   - frameDuration: The virtual time of one frame; traps unless positive.
  public init(
    scheduler: VirtualTimeScheduler,
    demand: Subscribers.Demand = .unlimited,
    frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
  ) {
    precondition(frameDuration > .zero, "API violation: a marble frame must last more than zero, got \(frameDuration)")
    self.recording = RecordingSubscriber(demand: demand)
    self.origin = scheduler.now
    self.frameDuration = frameDuration
    self.scheduler = scheduler
  }

  // MARK: What was recorded

  /// Every value and completion received so far, with its time, in order.
  public var timedEvents: [TimedEvent] {
    timeline.withLock { $0 }
  }

  /// The recording as a diagram: each event in its frame, lasting until the
  /// scheduler's current frame.
  ///
  /// ```swift
  /// #expect(recorder.diagram.marbles == [.init(frame: 2, event: .value(1)), .init(frame: 5, event: .finished)])
  /// ```
  public var diagram: MarbleDiagram<Input, Failure> {
    let events = timedEvents
    let step = frameDuration.nanoseconds
    let marbles = events.map {
      MarbleDiagram<Input, Failure>.Marble(frame: Self.frames($0.time.nanoseconds, step), event: $0.event)
    }
    let elapsed = scheduler.map { origin.distance(to: $0.now).nanoseconds }
    return MarbleDiagram(
      marbles: marbles,
      length: elapsed.map { Self.frames($0, step) + 1 } ?? 0,
      subscriptionColumn: nil
    )
  }

  /// The recording as a marble string, values drawn as `o`:
  /// `"--o--|--"`. See ``MarbleDiagram/render()``.
  public func render() -> String {
    diagram.render()
  }

  /// How many whole frames fit in `nanoseconds`, rounding down.
  private static func frames(_ nanoseconds: Int, _ step: Int) -> Int {
    let quotient = nanoseconds / step
    return nanoseconds % step < 0 ? quotient - 1 : quotient
  }

  // MARK: Subscriber

  public func receive(subscription: any Subscription) {
    recording.receive(subscription: subscription)
  }

  public func receive(_ input: Input) -> Subscribers.Demand {
    stamp(.value(input))
    return recording.receive(input)
  }

  public func receive(completion: Subscribers.Completion<Failure>) {
    switch completion {
    case .finished:
      stamp(.finished)
    case let .failure(error):
      stamp(.failure(error))
    }
    recording.receive(completion: completion)
  }

  private func stamp(_ event: MarbleDiagram<Input, Failure>.Event) {
    guard let now = scheduler?.now else {
      preconditionFailure("API violation: MarbleRecorder received \(event) after its VirtualTimeScheduler was released")
    }
    let timed = TimedEvent(time: origin.distance(to: now), event: event)
    timeline.withLock { $0.append(timed) }
  }

  // MARK: Demand and cancellation

  /// Requests more values; see ``RecordingSubscriber/request(_:)``.
  ///
  /// - Parameter demand: The additional number of values to request.
  public func request(_ demand: Subscribers.Demand) {
    recording.request(demand)
  }

  /// Cancels the subscription; see ``RecordingSubscriber/cancel()``.
  public func cancel() {
    recording.cancel()
  }
}

extension MarbleRecorder where Input: Equatable {
  /// The recording as a marble string, each value drawn with its letter in
  /// `values`, or `?` if the table has none: `"--a--|--"`.
  ///
  /// - Parameter values: The value table, by letter.
  /// - Returns: The marble string.
  public func render(values: [Character: Input]) -> String {
    diagram.render(values: values)
  }
}

extension MarbleRecorder.TimedEvent: CustomStringConvertible {
  /// The event and its time, as test failures show them: `value(1) at 2s`.
  public var description: String {
    "\(event) at \(time)"
  }
}

extension MarbleRecorder.TimedEvent: Equatable where Input: Equatable, Failure: Equatable {}

extension MarbleRecorder.TimedEvent: Sendable where Input: Sendable, Failure: Sendable {}
