public import ReactiveCore
import SharedMachinery

extension VirtualTimeScheduler {
  /// A publisher that plays a marble diagram on this scheduler, from the
  /// start, for each subscriber.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let publisher = scheduler.cold("--a--x", values: ["a": 1], error: TestError())
  /// let recorder = publisher.record()
  /// scheduler.advance(by: .seconds(5))
  /// #expect(recorder.events == [.subscription, .value(1), .failure(TestError())])
  /// ```
  ///
  /// See ``MarbleDiagram/ColdPublisher`` for timing and demand. Traps with
  /// a ``MarbleSyntaxError`` if the diagram is invalid.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, without `^`.
  ///   - values: The value of each letter the diagram uses.
  ///   - error: The failure that `x` stands for; it also gives the publisher its `Failure` type.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The cold publisher.
  public func cold<Output, Failure: Error>(
    _ diagram: String,
    values: [Character: Output] = [:],
    error: Failure,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Failure>.ColdPublisher {
    MarbleDiagram.parsing(diagram, values: values, error: error)
      .coldPublisher(on: self, frameDuration: frameDuration)
  }

  /// A publisher that never fails and plays a marble diagram on this
  /// scheduler, from the start, for each subscriber.
  ///
  /// ```swift
  /// let publisher = scheduler.cold("--a--b--|", values: ["a": 1, "b": 2])
  /// ```
  ///
  /// See ``MarbleDiagram/ColdPublisher`` for timing and demand. Traps with
  /// a ``MarbleSyntaxError`` if the diagram is invalid, or uses `x`.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, without `^` or `x`.
  ///   - values: The value of each letter the diagram uses.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The cold publisher.
  public func cold<Output>(
    _ diagram: String,
    values: [Character: Output] = [:],
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Never>.ColdPublisher {
    MarbleDiagram.parsing(diagram, values: values, error: nil)
      .coldPublisher(on: self, frameDuration: frameDuration)
  }
}

extension MarbleDiagram {
  /// A publisher that plays this diagram on `scheduler`, from the start, for each subscriber.
  ///
  /// ```swift
  /// let diagram = try MarbleDiagram<Int, Never>("-a-|", values: ["a": 1])
  /// let publisher = diagram.coldPublisher(on: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that times the events.
  ///   - frameDuration: The virtual time of one frame; traps unless positive.
  /// - Returns: The cold publisher; traps if the diagram has a `^`.
  public func coldPublisher(
    on scheduler: VirtualTimeScheduler,
    frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
  ) -> ColdPublisher {
    ColdPublisher(diagram: self, scheduler: scheduler, frameDuration: frameDuration)
  }

  /// A publisher that plays a marble diagram for each subscriber, frame zero
  /// being the time of the subscription, as RxJS's cold observables do.
  ///
  /// ```text
  /// diagram           --a--b--|
  /// subscribed at 0   --a--b--|
  /// subscribed at 3   -----a--b--|
  /// ```
  ///
  /// Each frame's events are scheduled on the ``VirtualTimeScheduler`` at
  /// `subscription time + frame × frameDuration`; events of frame zero, too,
  /// wait for the next advance of the scheduler.
  ///
  /// The publisher respects demand, like a recorded sequence that keeps its
  /// timing: a value whose time has come waits until the subscriber asks for
  /// it, and is then delivered at once, within `request(_:)`. A completion
  /// waits behind the values before it, then comes without demand. The
  /// subscriber thus sees every value, never more than it asked for, and
  /// never earlier than the diagram says.
  ///
  /// After completion or cancellation, the subscription releases its
  /// subscriber and schedules nothing more.
  public struct ColdPublisher: Publisher {
    public typealias Output = Value

    /// The diagram the publisher plays.
    public let diagram: MarbleDiagram

    /// The scheduler that times the events.
    public let scheduler: VirtualTimeScheduler

    /// The virtual time of one frame.
    public let frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride

    /// The diagram's events, grouped by frame, in time order.
    private let frames: [Frame]

    /// Creates a publisher that plays `diagram` on `scheduler` for each subscriber.
    ///
    /// - Parameters:
    ///   - diagram: The diagram; traps if it has a `^`, which only makes sense for a hot publisher.
    ///   - scheduler: The scheduler that times the events.
    ///   - frameDuration: The virtual time of one frame; traps unless positive.
    public init(
      diagram: MarbleDiagram,
      scheduler: VirtualTimeScheduler,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
    ) {
      precondition(
        diagram.subscriptionColumn == nil,
        "API violation: a cold marble publisher starts at each subscription; \"^\" belongs to hot publishers, "
          + "in \"\(diagram)\""
      )
      precondition(
        frameDuration > .zero,
        "API violation: a marble frame must last more than zero, got \(frameDuration)"
      )
      self.diagram = diagram
      self.scheduler = scheduler
      self.frameDuration = frameDuration
      self.frames = Frame.grouping(diagram.marbles)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
      let inner = Inner(downstream: subscriber, frames: frames, origin: scheduler.now, frameDuration: frameDuration)
      subscriber.receive(subscription: inner)
      inner.start(on: scheduler)
    }
  }

  /// The events of one frame.
  struct Frame {
    let frame: Int
    let events: [Event]

    static func grouping(_ marbles: [Marble]) -> [Frame] {
      var frames: [Frame] = []
      for marble in marbles {
        if let last = frames.last, last.frame == marble.frame {
          frames[frames.count - 1] = Frame(frame: last.frame, events: last.events + [marble.event])
        } else {
          frames.append(Frame(frame: marble.frame, events: [marble.event]))
        }
      }
      return frames
    }

    /// When the frame is due, for a timeline whose frame zero is at `origin`.
    func time(
      from origin: VirtualTimeScheduler.SchedulerTimeType,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride
    ) -> VirtualTimeScheduler.SchedulerTimeType {
      origin.advanced(by: .nanoseconds(frame * frameDuration.nanoseconds))
    }
  }
}

extension MarbleDiagram.ColdPublisher {
  /// One subscription: a timeline that moves events into `due`, and a
  /// delivery loop that hands them to the subscriber as demand allows.
  private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible
  where Downstream.Input == Value, Downstream.Failure == Failure {
    private struct Active {
      let downstream: Downstream
      /// Demand requested and not yet consumed by a delivered value.
      var demand = Subscribers.Demand.none
      /// Events whose time has come, oldest first, waiting for demand (a
      /// value) or for the values before them (a completion).
      var due: [MarbleDiagram.Event] = []
      /// A thread is in `deliver()`: the others leave the delivery to it.
      var delivering = false
    }

    private enum State {
      /// Subscribed: the timeline may still bring events, or `due` holds some.
      case active(Active)
      /// Completed or cancelled: holds nothing.
      case ended
    }

    /// What `deliver()` does next, after the lock.
    private enum Step {
      case stop
      case value(Downstream, Value)
      /// The ended state rides along, so that its last release happens after the lock.
      case complete(Active, Subscribers.Completion<Failure>)
    }

    private let frames: [MarbleDiagram.Frame]
    private let origin: VirtualTimeScheduler.SchedulerTimeType
    private let frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride
    private let state: Lock<State>

    var description: String { "MarbleDiagram.ColdPublisher" }

    init(
      downstream: Downstream,
      frames: [MarbleDiagram.Frame],
      origin: VirtualTimeScheduler.SchedulerTimeType,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride
    ) {
      self.frames = frames
      self.origin = origin
      self.frameDuration = frameDuration
      state = Lock(.active(Active(downstream: downstream)))
    }

    // MARK: Timeline

    /// Schedules the first frame, unless the subscriber cancelled in `receive(subscription:)`.
    func start(on scheduler: VirtualTimeScheduler) {
      let isActive = state.withLock { state -> Bool in
        switch state {
        case .active:
          true
        case .ended:
          false
        }
      }
      if isActive, !frames.isEmpty {
        schedule(frameAt: 0, on: scheduler)
      }
    }

    private func schedule(frameAt index: Int, on scheduler: VirtualTimeScheduler) {
      // The scheduler is weak: a pending action must not keep alive the
      // scheduler that holds it. The subscription is strong: the timeline
      // goes on while nobody else holds it.
      scheduler.schedule(after: frames[index].time(from: origin, frameDuration: frameDuration)) {
        [weak scheduler] in
        guard let scheduler else { return }
        self.play(frameAt: index, on: scheduler)
      }
    }

    /// The frame's time has come: its events are due; the next frame is scheduled.
    private func play(frameAt index: Int, on scheduler: VirtualTimeScheduler) {
      let events = frames[index].events
      let isActive = state.withLock { state -> Bool in
        switch state {
        case var .active(active):
          active.due += events
          state = .active(active)
          return true
        case .ended:
          return false
        }
      }
      guard isActive else { return }
      if index + 1 < frames.count {
        schedule(frameAt: index + 1, on: scheduler)
      }
      deliver()
    }

    // MARK: Delivery

    /// Delivers the due events that demand allows, looping rather than
    /// recursing when the subscriber requests from `receive(_:)`.
    private func deliver() {
      let claimed = state.withLock { state -> Bool in
        switch state {
        case var .active(active):
          guard !active.delivering else { return false }  // the delivering thread will see the new work
          active.delivering = true
          state = .active(active)
          return true
        case .ended:
          return false
        }
      }
      guard claimed else { return }
      while true {
        let step = state.withLock { state -> Step in
          switch state {
          case var .active(active):
            switch active.due.first {
            case let .value(value)? where active.demand > .none:
              active.due.removeFirst()
              active.demand -= 1
              state = .active(active)
              return .value(active.downstream, value)
            case .value?, nil:
              active.delivering = false
              state = .active(active)
              return .stop
            case .finished?:
              state = .ended
              return .complete(active, .finished)
            case let .failure(error)?:
              state = .ended
              return .complete(active, .failure(error))
            }
          case .ended:
            return .stop  // cancelled from `receive(_:)`
          }
        }
        switch step {
        case .stop:
          return
        case let .value(downstream, value):
          let additional = downstream.receive(value)
          if additional > .none {
            add(additional)
          }
        case let .complete(ended, completion):
          ended.downstream.receive(completion: completion)
          return
        }
      }
    }

    private func add(_ demand: Subscribers.Demand) {
      state.withLock { state in
        switch state {
        case var .active(active):
          active.demand += demand
          state = .active(active)
        case .ended:
          break
        }
      }
    }

    // MARK: Subscription

    func request(_ demand: Subscribers.Demand) {
      APIViolation.checkDemand(demand > .none)
      add(demand)
      deliver()
    }

    func cancel() {
      let ended = state.withLock { state -> State in
        defer { state = .ended }
        return state
      }
      _ = ended  // the subscriber and the due events are released here, after the lock
    }
  }
}

extension MarbleDiagram.ColdPublisher: Sendable where Value: Sendable, Failure: Sendable {}

extension MarbleDiagram.Frame: Sendable where Value: Sendable, Failure: Sendable {}
