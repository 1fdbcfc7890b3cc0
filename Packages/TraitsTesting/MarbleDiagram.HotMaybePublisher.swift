public import MaybeTraits

extension VirtualTimeScheduler {
  /// A maybe publisher that plays a marble diagram once, on this scheduler,
  /// from now on, to whoever is subscribed when each event comes.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let lookup = scheduler.hotMaybe("-^-a|", values: ["a": 1], error: TestError())
  /// let recorder = lookup.record()
  /// scheduler.advance(by: .seconds(3))
  /// #expect(recorder.events == [.subscription, .value(1), .finished])
  /// ```
  ///
  /// Timing and demand are those of ``MarbleDiagram/HotPublisher``. Traps
  /// with a ``MarbleSyntaxError`` if the diagram is invalid, or is not the
  /// diagram of a maybe publisher (see ``MarbleDiagram/validate(_:)``).
  ///
  /// - Parameters:
  ///   - diagram: The marble string; `^`, if any, marks now.
  ///   - values: The value of each letter the diagram uses.
  ///   - error: The failure that `x` stands for; it also gives the publisher its `Failure` type.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The hot maybe publisher, already playing.
  public func hotMaybe<Output, Failure: Error>(
    _ diagram: String,
    values: [Character: Output] = [:],
    error: Failure,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Failure>.HotMaybePublisher {
    MarbleDiagram<Output, Failure>.HotMaybePublisher(
      validated: MarbleDiagram.parsing(diagram, values: values, error: error, keeping: .maybe),
      scheduler: self,
      frameDuration: frameDuration
    )
  }

  /// A maybe publisher that never fails and plays a marble diagram once, on
  /// this scheduler, from now on, to whoever is subscribed when each event comes.
  ///
  /// ```swift
  /// let publisher = scheduler.hotMaybe("--a|", values: ["a": 1])
  /// ```
  ///
  /// Traps with a ``MarbleSyntaxError`` if the diagram is invalid, uses `x`,
  /// or is not the diagram of a maybe publisher.
  ///
  /// - Parameters:
  ///   - diagram: The marble string; `^`, if any, marks now.
  ///   - values: The value of each letter the diagram uses.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The hot maybe publisher, already playing.
  public func hotMaybe<Output>(
    _ diagram: String,
    values: [Character: Output] = [:],
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleDiagram<Output, Never>.HotMaybePublisher {
    MarbleDiagram<Output, Never>.HotMaybePublisher(
      validated: MarbleDiagram.parsing(diagram, values: values, error: nil, keeping: .maybe),
      scheduler: self,
      frameDuration: frameDuration
    )
  }
}

extension MarbleDiagram {
  /// A ``HotPublisher`` whose diagram was checked to be that of a maybe
  /// publisher, so that its type says it is one.
  ///
  /// It plays its diagram exactly as a ``HotPublisher`` does: once, frame
  /// zero being its creation, to whoever is subscribed when each event
  /// comes. A hot publisher keeps the maybe trait, whenever one subscribes
  /// and whatever its demand: the diagram has at most one value, and nothing
  /// after it but `|`.
  ///
  /// There is no hot *single* publisher: a subscriber that comes between the
  /// value and `|`, or has no demand when the value comes, would see only
  /// `.finished`, which a single never sends (the reason `share()` is not
  /// single either). Use ``ColdSinglePublisher``.
  public struct HotMaybePublisher: MaybePublisher {
    public typealias Output = Value

    /// The publisher that plays the diagram.
    public let base: HotPublisher

    /// The diagram the publisher plays.
    public var diagram: MarbleDiagram { base.diagram }

    /// Creates a maybe publisher that plays `diagram` on `scheduler`, from now on.
    ///
    /// - Parameters:
    ///   - diagram: The diagram; `^`, if any, marks now.
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
      base = HotPublisher(diagram: diagram, scheduler: scheduler, frameDuration: frameDuration)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
      base.receive(subscriber: subscriber)
    }
  }
}

extension MarbleDiagram.HotMaybePublisher: Sendable where Value: Sendable, Failure: Sendable {}
