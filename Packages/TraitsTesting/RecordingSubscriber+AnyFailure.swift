import ReactiveCore

// Checks that need no `Equatable` failure, for publishers that fail with
// `any Error` (or any other non-Equatable error).
extension RecordingSubscriber {
  /// Whether the publisher has finished normally: its first completion is `.finished`.
  ///
  /// ```swift
  /// #expect(Just(1).setFailureType(to: (any Error).self).record().isFinished)
  /// ```
  public var isFinished: Bool {
    completion?.isFinished ?? false
  }

  /// The error of the publisher's first completion, or nil if it has not
  /// completed, or has finished normally.
  ///
  /// ```swift
  /// #expect(recorder.failure as? URLError == URLError(.timedOut))
  /// ```
  public var failure: Failure? {
    completion?.failure
  }

  /// Every event received so far, each failure replaced by a
  /// ``DescribedError``, so that the list compares with `==` whatever the
  /// failure type.
  ///
  /// ```swift
  /// let recorder = Fail<Int, any Error>(error: URLError(.timedOut)).record()
  /// #expect(recorder.describedEvents == [.subscription, .failure(DescribedError(URLError(.timedOut)))])
  /// ```
  public var describedEvents: [RecordingSubscriber<Input, DescribedError>.Event] {
    events(mappingFailures: DescribedError.init)
  }

  /// Every event received so far, each failure transformed by `transform`:
  /// to an `Equatable` error, so that the list compares with `==`.
  ///
  /// ```swift
  /// let recorder = service.fetch().record()  // fails with `any Error`
  /// #expect(recorder.events(mappingFailures: { $0 as! ServiceError }) == [.subscription, .failure(.offline)])
  /// ```
  ///
  /// - Parameter transform: Gives the error that stands for a failure.
  /// - Returns: The events, failures transformed.
  public func events<Mapped: Error>(
    mappingFailures transform: (Failure) -> Mapped
  ) -> [RecordingSubscriber<Input, Mapped>.Event] {
    events.map { event in
      switch event {
      case .subscription:
        .subscription
      case let .value(value):
        .value(value)
      case .finished:
        .finished
      case let .failure(error):
        .failure(transform(error))
      }
    }
  }
}

extension RecordingSubscriber where Input: Equatable {
  /// Whether the events received so far are `expected`, failures compared
  /// by `failuresMatch`.
  ///
  /// ```swift
  /// #expect(
  ///   recorder.hasEvents([.subscription, .failure(URLError(.timedOut))]) { ($0 as? URLError) == ($1 as? URLError) },
  ///   "\(recorder.events)"
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The expected events, in order.
  ///   - failuresMatch: Whether two failures are equal.
  /// - Returns: Whether the recorded events are the expected ones.
  public func hasEvents(_ expected: [Event], failuresBy failuresMatch: (Failure, Failure) -> Bool) -> Bool {
    let recorded = events
    return recorded.count == expected.count
      && zip(recorded, expected).allSatisfy { recorded, expected in
        switch (recorded, expected) {
        case (.subscription, .subscription), (.finished, .finished):
          true
        case let (.value(lhs), .value(rhs)):
          lhs == rhs
        case let (.failure(lhs), .failure(rhs)):
          failuresMatch(lhs, rhs)
        case (.subscription, _), (.value, _), (.finished, _), (.failure, _):
          false
        }
      }
  }
}
