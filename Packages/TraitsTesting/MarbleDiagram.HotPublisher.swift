public import ReactiveCore

extension VirtualTimeScheduler {
  /// A publisher that plays a marble diagram once, on this scheduler, from
  /// now on, to whoever is subscribed when each event comes.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let publisher = scheduler.hot("-a-^-b-x", values: ["a": 1, "b": 2], error: TestError())
  /// scheduler.advance(by: .seconds(1))
  /// let recorder = publisher.record()  // subscribes in frame 1
  /// scheduler.advance(by: .seconds(3))
  /// #expect(recorder.events == [.subscription, .value(2), .failure(TestError())])
  /// ```
  ///
  /// See ``MarbleDiagram/HotPublisher`` for timing and demand. Traps with a
  /// ``MarbleSyntaxError`` if the diagram is invalid.
  ///
  /// - Parameters:
  ///   - diagram: The marble string; `^`, if any, marks now.
  ///   - values: The value of each letter the diagram uses.
  ///   - error: The failure that `x` stands for; it also gives the publisher its `Failure` type.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The hot publisher, already playing.
  public func hot<Output, Failure: Error>(
    _ diagram: String,
    values: [Character: Output] = [:],
    error: Failure,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Failure>.HotPublisher {
    MarbleDiagram.parsing(diagram, values: values, error: error)
      .hotPublisher(on: self, frameDuration: frameDuration)
  }

  /// A publisher that never fails and plays a marble diagram once, on this
  /// scheduler, from now on, to whoever is subscribed when each event comes.
  ///
  /// ```swift
  /// let publisher = scheduler.hot("--a--b--|", values: ["a": 1, "b": 2])
  /// ```
  ///
  /// See ``MarbleDiagram/HotPublisher`` for timing and demand. Traps with a
  /// ``MarbleSyntaxError`` if the diagram is invalid, or uses `x`.
  ///
  /// - Parameters:
  ///   - diagram: The marble string; `^`, if any, marks now.
  ///   - values: The value of each letter the diagram uses.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The hot publisher, already playing.
  public func hot<Output>(
    _ diagram: String,
    values: [Character: Output] = [:],
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Never>.HotPublisher {
    MarbleDiagram.parsing(diagram, values: values, error: nil)
      .hotPublisher(on: self, frameDuration: frameDuration)
  }
}

extension MarbleDiagram {
  /// A publisher that plays this diagram once on `scheduler`, frame zero being now.
  ///
  /// ```swift
  /// let diagram = try MarbleDiagram<Int, Never>("-a-|", values: ["a": 1])
  /// let publisher = diagram.hotPublisher(on: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that times the events.
  ///   - frameDuration: The virtual time of one frame; traps unless positive.
  /// - Returns: The hot publisher, already playing.
  public func hotPublisher(
    on scheduler: VirtualTimeScheduler,
    frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
  ) -> HotPublisher {
    HotPublisher(diagram: self, scheduler: scheduler, frameDuration: frameDuration)
  }

  /// A publisher that plays a marble diagram once, from its creation on, to
  /// whoever is subscribed when each event comes, as RxJS's hot observables do.
  ///
  /// ```text
  /// diagram           --a--b--|
  /// subscribed at 0   --a--b--|
  /// subscribed at 3   -----b--|
  /// ```
  ///
  /// Frame zero is the scheduler's time when the publisher is created: the
  /// `^` if the diagram has one, its first column otherwise. Events before
  /// `^` happened in the past and are never sent. The others are scheduled
  /// at creation, at `creation time + frame × frameDuration`; events of
  /// frame zero wait for the next advance of the scheduler.
  ///
  /// The publisher respects demand as a `PassthroughSubject` does (it is one,
  /// driven by the scheduler): a value sent while a subscriber has no demand
  /// is dropped for that subscriber; the completion reaches every
  /// subscriber, demand or not; a subscriber that comes after the completion
  /// receives it at once.
  ///
  /// Copies of the publisher share one timeline.
  public struct HotPublisher: Publisher {
    public typealias Output = Value

    /// The diagram the publisher plays.
    public let diagram: MarbleDiagram

    /// The virtual time of frame zero: the scheduler's time at creation.
    public let origin: VirtualTimeScheduler.SchedulerTimeType

    /// The virtual time of one frame.
    public let frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride

    /// Broadcasts each event, when the scheduler says its time has come.
    private let subject: PassthroughSubject<Value, Failure>

    /// Creates a publisher that plays `diagram` on `scheduler`, from now on.
    ///
    /// - Parameters:
    ///   - diagram: The diagram; `^`, if any, marks now.
    ///   - scheduler: The scheduler that times the events.
    ///   - frameDuration: The virtual time of one frame; traps unless positive.
    public init(
      diagram: MarbleDiagram,
      scheduler: VirtualTimeScheduler,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
    ) {
      precondition(
        frameDuration > .zero,
        "API violation: a marble frame must last more than zero, got \(frameDuration)"
      )
      let origin = scheduler.now
      let subject = PassthroughSubject<Value, Failure>()
      self.diagram = diagram
      self.origin = origin
      self.frameDuration = frameDuration
      self.subject = subject
      for frame in Frame.grouping(diagram.marbles) where frame.frame >= 0 {
        scheduler.schedule(after: frame.time(from: origin, frameDuration: frameDuration)) {
          for event in frame.events {
            switch event {
            case let .value(value):
              subject.send(value)
            case .finished:
              subject.send(completion: .finished)
            case let .failure(error):
              subject.send(completion: .failure(error))
            }
          }
        }
      }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
      subject.receive(subscriber: subscriber)
    }
  }
}

#if REACTIVECORE_IS_COMBINE
// @unchecked: Combine's PassthroughSubject is not declared Sendable, though it
// locks its state and may be sent to from any thread.
extension MarbleDiagram.HotPublisher: @unchecked Sendable where Value: Sendable, Failure: Sendable {}
#else
extension MarbleDiagram.HotPublisher: Sendable where Value: Sendable, Failure: Sendable {}
#endif
