public import ReactiveCore

extension VirtualTimeScheduler {
  /// Records `publisher` over the span of the `expected` diagram, and
  /// compares what it published, and when, with the diagram.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let upstream = scheduler.cold("--a--b--|", values: ["a": 1, "b": 2])
  /// let result = scheduler.compareMarbles(of: upstream.map { $0 * 10 }, with: "--a--b--|", values: ["a": 10, "b": 20])
  /// #expect(result.matches, "\(result)")
  /// ```
  ///
  /// TraitsTesting does not depend on Swift Testing, so the comparison is a
  /// value: `#expect(result.matches, "\(result)")` shows, when it fails, the
  /// two diagrams one above the other (see ``MarbleComparison``).
  ///
  /// The publisher is subscribed now, with unlimited demand; frame zero is
  /// now. The scheduler then advances to the start of the diagram's last
  /// frame: by `frameCount - 1` frames (`^` and what comes before it are
  /// not counted), so `"--a--|"` advances by 5 frames and sees what happens
  /// at frame 5, not at frame 6. The recorder is then cancelled, and compared
  /// with ``MarbleRecorder/compare(with:values:)``.
  ///
  /// - Parameters:
  ///   - publisher: The publisher under test.
  ///   - expected: The expected diagram; traps with a ``MarbleSyntaxError`` if it is invalid.
  ///   - values: The value of each letter; also used to draw the actual values.
  ///   - error: The failure that `x` stands for in `expected`.
  ///   - frameDuration: The virtual time of one frame.
  /// - Returns: The comparison, whose ``MarbleComparison/matches`` says whether the events and times agree.
  public func compareMarbles<P: Publisher>(
    of publisher: P,
    with expected: String,
    values: [Character: P.Output] = [:],
    error: P.Failure? = nil,
    frameDuration: SchedulerTimeType.Stride = .seconds(1)
  ) -> MarbleComparison where P.Output: Equatable, P.Failure: Equatable {
    compareMarbles(
      of: publisher,
      with: expected,
      values: values,
      error: error,
      frameDuration: frameDuration,
      failuresBy: ==
    )
  }
}

extension MarbleRecorder where Input: Equatable, Failure: Equatable {
  /// Compares the recording with an expected diagram: the same events, in
  /// the same order, at exactly the times of their frames.
  ///
  /// ```swift
  /// let result = recorder.compare(with: "--a--|", values: ["a": 1])
  /// #expect(result.matches, "\(result)")
  /// ```
  ///
  /// Only events count: how long either diagram lasts does not. Advancing
  /// the scheduler far enough is the test's job (or use
  /// ``VirtualTimeScheduler/compareMarbles(of:with:values:error:frameDuration:)``,
  /// which does it). If the expected diagram has a `^`, its frame zero is the
  /// recorder's, and the actual diagram is drawn with the `^` in the same
  /// column, so that the two line up.
  ///
  /// - Parameters:
  ///   - expected: The expected diagram; traps with a ``MarbleSyntaxError`` if it is invalid.
  ///   - values: The value of each letter; also used to draw the actual values.
  ///   - error: The failure that `x` stands for in `expected`.
  /// - Returns: The comparison.
  public func compare(
    with expected: String,
    values: [Character: Input] = [:],
    error: Failure? = nil
  ) -> MarbleComparison {
    compare(with: expected, values: values, error: error, failuresBy: ==)
  }

  /// Compares the recording with an expected diagram: the same events, in
  /// the same order, at exactly the times of their frames.
  ///
  /// See ``compare(with:values:error:)``.
  ///
  /// - Parameters:
  ///   - expected: The expected diagram.
  ///   - values: The letters with which to draw the actual values (expected
  ///     values keep the letters they were parsed with).
  /// - Returns: The comparison.
  public func compare(
    with expected: MarbleDiagram<Input, Failure>,
    values: [Character: Input] = [:]
  ) -> MarbleComparison {
    compare(with: expected, values: values, failuresMatch: ==)
  }
}

extension MarbleRecorder where Input: Equatable {
  /// Compares the recording with `expected`, failures compared by `failuresMatch`.
  func compare(
    with expected: MarbleDiagram<Input, Failure>,
    values: [Character: Input],
    failuresMatch: (Failure, Failure) -> Bool
  ) -> MarbleComparison {
    let step = frameDuration.nanoseconds
    let expectedEvents = expected.marbles.map { TimedEvent(time: .nanoseconds($0.frame * step), event: $0.event) }
    let actualEvents = timedEvents
    let recorded = diagram
    let zero = expected.subscriptionColumn ?? 0
    let actual = MarbleDiagram(
      marbles: recorded.marbles,
      length: recorded.length + zero,
      subscriptionColumn: expected.subscriptionColumn
    )
    return MarbleComparison(
      matches: expectedEvents.count == actualEvents.count
        && zip(expectedEvents, actualEvents).allSatisfy {
          $0.time == $1.time && $0.event.matches($1.event, failuresMatch)
        },
      expected: expected.render(values: values),
      actual: actual.render(values: values),
      expectedEvents: expectedEvents.map(\.description),
      actualEvents: actualEvents.map(\.description)
    )
  }
}

/// The result of comparing a recording with an expected marble diagram.
///
/// TraitsTesting does not depend on Swift Testing; assert with
/// `#expect(result.matches, "\(result)")`. The description puts the two
/// diagrams one above the other:
///
/// ```text
/// expected: --a--b--|
/// actual:   --a-----b|
/// ```
///
/// When the two lines cannot show the difference (a value missing from the
/// value table, drawn `?`; an event between two frames; several events
/// crowded into a group's columns), two more lines list the events with
/// their exact times:
///
/// ```text
/// expected: --a--|
/// actual:   --a--|
/// expected events: value(1) at 2s, finished at 5s
/// actual events:   value(1) at 2s, finished at 5500ms
/// ```
public struct MarbleComparison: Equatable, Sendable, CustomStringConvertible {
  /// Whether the recording has the expected events, in order, at the expected times.
  public let matches: Bool

  /// The expected diagram, rendered: without spaces or a final `>`.
  public let expected: String

  /// The recorded diagram, rendered with the same value table and `^`.
  public let actual: String

  /// The expected events with their times, as `value(1) at 2s`.
  public let expectedEvents: [String]

  /// The recorded events with their times, as `value(1) at 2s`.
  public let actualEvents: [String]

  /// Creates a comparison result.
  ///
  /// - Parameters:
  ///   - matches: Whether the recording matches.
  ///   - expected: The expected diagram, rendered.
  ///   - actual: The recorded diagram, rendered.
  ///   - expectedEvents: The expected events with their times.
  ///   - actualEvents: The recorded events with their times.
  public init(matches: Bool, expected: String, actual: String, expectedEvents: [String], actualEvents: [String]) {
    self.matches = matches
    self.expected = expected
    self.actual = actual
    self.expectedEvents = expectedEvents
    self.actualEvents = actualEvents
  }

  /// Whether the two diagrams alone fail to show why the comparison does not match.
  public var needsEventLists: Bool {
    !matches && (expected == actual || actual.contains("?"))
  }

  /// The expected and actual diagrams, one above the other, and the event
  /// lists when the diagrams do not show the difference.
  public var description: String {
    var lines = ["expected: \(expected)", "actual:   \(actual)"]
    if needsEventLists {
      lines.append("expected events: \(Self.list(expectedEvents))")
      lines.append("actual events:   \(Self.list(actualEvents))")
    }
    return lines.joined(separator: "\n")
  }

  private static func list(_ events: [String]) -> String {
    events.isEmpty ? "none" : events.joined(separator: ", ")
  }
}
