public import MaybeTraits

extension VirtualTimeScheduler {
  /// A maybe publisher that plays a marble diagram on this scheduler, from
  /// the start, for each subscriber.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let cached = scheduler.coldMaybe("---|", values: ["a": "Ada"], error: TestError())
  /// let recorder = cached.eraseToAnyMaybePublisher().record()
  /// scheduler.advance(by: .seconds(3))
  /// #expect(recorder.events == [.subscription, .finished])
  /// ```
  ///
  /// Timing and demand are those of ``MarbleDiagram/ColdPublisher``. Traps
  /// with a ``MarbleSyntaxError`` if the diagram is invalid, or is not the
  /// diagram of a maybe publisher (see ``MarbleDiagram/validate(_:)``):
  /// two values, a failure after the value, or a value that `|` does not
  /// follow.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, without `^`: `|` after at most one value, or `x`, or no event.
  ///   - values: The value of each letter the diagram uses.
  ///   - error: The failure that `x` stands for; it also gives the publisher its `Failure` type.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The cold maybe publisher.
  public func coldMaybe<Output, Failure: Error>(
    _ diagram: String,
    values: [Character: Output] = [:],
    error: Failure,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Failure>.ColdMaybePublisher {
    MarbleDiagram<Output, Failure>.ColdMaybePublisher(
      validated: MarbleDiagram.parsing(diagram, values: values, error: error, keeping: .maybe),
      scheduler: self,
      frameDuration: frameDuration
    )
  }

  /// A maybe publisher that never fails and plays a marble diagram on this
  /// scheduler, from the start, for each subscriber.
  ///
  /// ```swift
  /// let nothing = scheduler.coldMaybe("--|", values: ["a": 42])
  /// ```
  ///
  /// Traps with a ``MarbleSyntaxError`` if the diagram is invalid, uses `x`,
  /// or is not the diagram of a maybe publisher. See
  /// ``coldMaybe(_:values:error:frameDuration:)``.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, without `^` or `x`: `|` after at most one value, or no event.
  ///   - values: The value of each letter the diagram uses.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The cold maybe publisher.
  public func coldMaybe<Output>(
    _ diagram: String,
    values: [Character: Output] = [:],
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Never>.ColdMaybePublisher {
    MarbleDiagram<Output, Never>.ColdMaybePublisher(
      validated: MarbleDiagram.parsing(diagram, values: values, error: nil, keeping: .maybe),
      scheduler: self,
      frameDuration: frameDuration
    )
  }
}

extension MarbleDiagram {
  /// A maybe publisher that plays this diagram on `scheduler`, from the
  /// start, for each subscriber.
  ///
  /// ```swift
  /// let diagram = try MarbleDiagram<Int, Never>("--|")
  /// let publisher = try diagram.coldMaybePublisher(on: scheduler)
  /// ```
  ///
  /// - Parameters:
  ///   - scheduler: The scheduler that times the events.
  ///   - frameDuration: The virtual time of one frame; traps unless positive.
  /// - Returns: The cold maybe publisher; traps if the diagram has a `^`.
  /// - Throws: A ``MarbleSyntaxError`` if the diagram is not that of a maybe publisher.
  public func coldMaybePublisher(
    on scheduler: VirtualTimeScheduler,
    frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
  ) throws(MarbleSyntaxError) -> ColdMaybePublisher {
    try ColdMaybePublisher(diagram: self, scheduler: scheduler, frameDuration: frameDuration)
  }

  /// A ``ColdPublisher`` whose diagram was checked to be that of a maybe
  /// publisher, so that its type says it is one: `sinkMaybe`,
  /// `eraseToAnyMaybePublisher()` and every maybe-only operator accept it.
  ///
  /// ```text
  /// -------     never completes
  /// -----|      finished without a value
  /// --a--|      one value, then finished
  /// -----x      failed instead of publishing
  /// ```
  ///
  /// It plays its diagram exactly as a ``ColdPublisher`` does, frame zero
  /// being each subscription. The check happens once, when the publisher is
  /// created: the diagram is the whole truth about what it publishes.
  ///
  /// ``HotMaybePublisher`` is its hot sibling (a hot maybe publisher keeps
  /// the trait: a late subscriber sees at most the value and `|`).
  public struct ColdMaybePublisher: MaybePublisher {
    public typealias Output = Value

    /// The publisher that plays the diagram.
    public let base: ColdPublisher

    /// The diagram the publisher plays.
    public var diagram: MarbleDiagram { base.diagram }

    /// Creates a maybe publisher that plays `diagram` on `scheduler` for each subscriber.
    ///
    /// - Parameters:
    ///   - diagram: The diagram; traps if it has a `^`, which only makes sense for a hot publisher.
    ///   - scheduler: The scheduler that times the events.
    ///   - frameDuration: The virtual time of one frame; traps unless positive.
    /// - Throws: A ``MarbleSyntaxError`` if the diagram is not that of a maybe
    ///   publisher; see ``MarbleDiagram/validate(_:)``.
    public init(
      diagram: MarbleDiagram,
      scheduler: VirtualTimeScheduler,
      frameDuration: VirtualTimeScheduler.SchedulerTimeType.Stride = .seconds(1)
    ) throws(MarbleSyntaxError) {
      try diagram.validate(.maybe)
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

extension MarbleDiagram.ColdMaybePublisher: Sendable where Value: Sendable, Failure: Sendable {}
