public import ReactiveCore
public import SingleTraits

extension VirtualTimeScheduler {
  /// A single publisher that plays a marble diagram on this scheduler, from
  /// the start, for each subscriber.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let user = scheduler.coldSingle("---(a|)", values: ["a": "Ada"], error: TestError())
  /// let recorder = user.eraseToAnySinglePublisher().record()
  /// scheduler.advance(by: .seconds(3))
  /// #expect(recorder.events == [.subscription, .value("Ada"), .finished])
  /// ```
  ///
  /// Timing and demand are those of ``MarbleDiagram/ColdPublisher``. Traps
  /// with a ``MarbleSyntaxError`` if the diagram is invalid, or is not the
  /// diagram of a single publisher (see ``MarbleDiagram/validate(_:)``):
  /// two values, a finish without a value, a failure after the value, or a
  /// value that `|` does not follow.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, without `^`: one value then `|`, or `x`, or no event.
  ///   - values: The value of each letter the diagram uses.
  ///   - error: The failure that `x` stands for; it also gives the publisher its `Failure` type.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The cold single publisher.
  public func coldSingle<Output, Failure: Error>(
    _ diagram: String,
    values: [Character: Output] = [:],
    error: Failure,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Failure>.ColdSinglePublisher {
    MarbleDiagram<Output, Failure>.ColdSinglePublisher(
      validated: MarbleDiagram.parsing(diagram, values: values, error: error, keeping: .single),
      scheduler: self,
      frameDuration: frameDuration
    )
  }

  /// A single publisher that never fails and plays a marble diagram on this
  /// scheduler, from the start, for each subscriber.
  ///
  /// ```swift
  /// let answer = scheduler.coldSingle("--a|", values: ["a": 42])
  /// ```
  ///
  /// Traps with a ``MarbleSyntaxError`` if the diagram is invalid, uses `x`,
  /// or is not the diagram of a single publisher. See
  /// ``coldSingle(_:values:error:frameDuration:)``.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, without `^` or `x`: one value then `|`, or no event.
  ///   - values: The value of each letter the diagram uses.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The cold single publisher.
  public func coldSingle<Output>(
    _ diagram: String,
    values: [Character: Output] = [:],
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Never>.ColdSinglePublisher {
    MarbleDiagram<Output, Never>.ColdSinglePublisher(
      validated: MarbleDiagram.parsing(diagram, values: values, error: nil, keeping: .single),
      scheduler: self,
      frameDuration: frameDuration
    )
  }
}

extension MarbleDiagram {
  /// A single publisher that plays this diagram on `scheduler`, from the
  /// start, for each subscriber.
  ///
  /// ```swift
  /// let diagram = try MarbleDiagram<Int, Never>("-a|", values: ["a": 1])
  /// let publisher = try diagram.coldSinglePublisher(on: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that times the events.
  ///   - frameDuration: The virtual time of one frame; traps unless positive.
  /// - Returns: The cold single publisher; traps if the diagram has a `^`.
  /// - Throws: A ``MarbleSyntaxError`` if the diagram is not that of a single publisher.
  public func coldSinglePublisher(
    on scheduler: VirtualTimeScheduler,
    frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
  ) throws(MarbleSyntaxError) -> ColdSinglePublisher {
    try ColdSinglePublisher(diagram: self, scheduler: scheduler, frameDuration: frameDuration)
  }

  /// A ``ColdPublisher`` whose diagram was checked to be that of a single
  /// publisher, so that its type says it is one: `sinkSingle`,
  /// `eraseToAnySinglePublisher()` and every single-only operator accept it.
  ///
  /// ```text
  /// -------     never completes
  /// --a--|      one value, then finished
  /// -----x      failed instead of publishing
  /// ```
  ///
  /// It plays its diagram exactly as a ``ColdPublisher`` does, frame zero
  /// being each subscription. The check happens once, when the publisher is
  /// created: the diagram is the whole truth about what it publishes.
  ///
  /// There is no hot single publisher: a hot publisher is shared, so a
  /// subscriber that comes between the value and `|` would receive only
  /// `.finished`, which a single never sends (the reason `share()` is not
  /// single). Use a cold one.
  public struct ColdSinglePublisher: SinglePublisher {
    public typealias Output = Value

    /// The publisher that plays the diagram.
    public let base: ColdPublisher

    /// The diagram the publisher plays.
    public var diagram: MarbleDiagram { base.diagram }

    /// Creates a single publisher that plays `diagram` on `scheduler` for each subscriber.
    ///
    /// - Parameters:
    ///   - diagram: The diagram; traps if it has a `^`, which only makes sense for a hot publisher.
    ///   - scheduler: The scheduler that times the events.
    ///   - frameDuration: The virtual time of one frame; traps unless positive.
    /// - Throws: A ``MarbleSyntaxError`` if the diagram is not that of a single
    ///   publisher; see ``MarbleDiagram/validate(_:)``.
    public init(
      diagram: MarbleDiagram,
      scheduler: VirtualTimeScheduler,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
    ) throws(MarbleSyntaxError) {
      try diagram.validate(.single)
      self.init(validated: diagram, scheduler: scheduler, frameDuration: frameDuration)
    }

    init(
      validated diagram: MarbleDiagram,
      scheduler: VirtualTimeScheduler,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride
    ) {
      base = ColdPublisher(diagram: diagram, scheduler: scheduler, frameDuration: frameDuration)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
      base.receive(subscriber: subscriber)
    }
  }
}

extension MarbleDiagram.ColdSinglePublisher: Sendable where Value: Sendable, Failure: Sendable {}
