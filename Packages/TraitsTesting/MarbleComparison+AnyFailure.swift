public import ReactiveCore

extension VirtualTimeScheduler {
  /// Records `publisher` over the span of the `expected` diagram, and
  /// compares what it published, and when, with the diagram; failures are
  /// compared by `failuresMatch`, so that the failure type needs not be
  /// `Equatable` (`any Error`, say).
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let service: AnyPublisher<Int, any Error> = scheduler.cold("--a--x", values: ["a": 1], error: URLError(.timedOut))
  ///   .mapError { $0 as any Error }.eraseToAnyPublisher()
  /// let result = scheduler.compareMarbles(
  ///   of: service, with: "--a--x", values: ["a": 1], error: URLError(.timedOut)
  /// ) { "\($0)" == "\($1)" }
  /// #expect(result.matches, "\(result)")
  /// ```
  ///
  /// Recording and timing are those of
  /// ``compareMarbles(of:with:values:error:frameDuration:)``.
  ///
  /// - Parameters:
  ///   - publisher: The publisher under test.
  ///   - expected: The expected diagram; traps with a ``MarbleSyntaxError`` if it is invalid.
  ///   - values: The value of each letter; also used to draw the actual values.
  ///   - error: The failure that `x` stands for in `expected`.
  ///   - frameDuration: The virtual time of one frame.
  ///   - failuresMatch: Whether two failures are equal, such as
  ///     `{ "\($0)" == "\($1)" }` to compare them by description.
  /// - Returns: The comparison, whose ``MarbleComparison/matches`` says whether the events and times agree.
  public func compareMarbles<P: Publisher>(
    of publisher: P,
    with expected: String,
    values: [Character: P.Output] = [:],
    error: P.Failure? = nil,
    frameDuration: SchedulerTimeType.Stride = .seconds(1),
    failuresBy failuresMatch: (P.Failure, P.Failure) -> Bool
  ) -> MarbleComparison where P.Output: Equatable {
    let diagram = MarbleDiagram.parsing(expected, values: values, error: error)
    let recorder = recordMarbles(of: publisher, frameDuration: frameDuration)
    advance(by: .nanoseconds(max(diagram.frameCount - 1, 0) * frameDuration.nanoseconds))
    recorder.cancel()
    return recorder.compare(with: diagram, values: values, failuresMatch: failuresMatch)
  }
}

extension MarbleRecorder where Input: Equatable {
  /// Compares the recording with an expected diagram, failures compared by
  /// `failuresMatch`, so that the failure type needs not be `Equatable`.
  ///
  /// ```swift
  /// let result = recorder.compare(with: "--x", error: URLError(.timedOut)) { "\($0)" == "\($1)" }
  /// #expect(result.matches, "\(result)")
  /// ```
  ///
  /// See ``compare(with:values:error:)``.
  ///
  /// - Parameters:
  ///   - expected: The expected diagram; traps with a ``MarbleSyntaxError`` if it is invalid.
  ///   - values: The value of each letter; also used to draw the actual values.
  ///   - error: The failure that `x` stands for in `expected`.
  ///   - failuresMatch: Whether two failures are equal.
  /// - Returns: The comparison.
  public func compare(
    with expected: String,
    values: [Character: Input] = [:],
    error: Failure? = nil,
    failuresBy failuresMatch: (Failure, Failure) -> Bool
  ) -> MarbleComparison {
    compare(
      with: MarbleDiagram.parsing(expected, values: values, error: error),
      values: values,
      failuresMatch: failuresMatch
    )
  }

  /// Compares the recording with an expected diagram, failures compared by
  /// `failuresMatch`, so that the failure type needs not be `Equatable`.
  ///
  /// See ``compare(with:values:)``.
  ///
  /// - Parameters:
  ///   - expected: The expected diagram.
  ///   - values: The letters with which to draw the actual values.
  ///   - failuresMatch: Whether two failures are equal.
  /// - Returns: The comparison.
  public func compare(
    with expected: MarbleDiagram<Input, Failure>,
    values: [Character: Input] = [:],
    failuresBy failuresMatch: (Failure, Failure) -> Bool
  ) -> MarbleComparison {
    compare(with: expected, values: values, failuresMatch: failuresMatch)
  }
}

extension MarbleDiagram.Event where Value: Equatable {
  /// Whether two events are the same, failures compared by `failuresMatch`.
  func matches(_ other: Self, _ failuresMatch: (Failure, Failure) -> Bool) -> Bool {
    switch (self, other) {
    case let (.value(lhs), .value(rhs)):
      lhs == rhs
    case (.finished, .finished):
      true
    case let (.failure(lhs), .failure(rhs)):
      failuresMatch(lhs, rhs)
    case (.value, _), (.finished, _), (.failure, _):
      false
    }
  }
}
