extension MarbleDiagram {
  /// Checks that the diagram draws a publisher that keeps `trait`.
  ///
  /// ```swift
  /// let diagram = try MarbleDiagram<Int, Never>("-a-b|", values: ["a": 1, "b": 2])
  /// #expect(throws: MarbleSyntaxError.self) { try diagram.validate(.single) }
  /// // invalid marble diagram "-a-b|": the value at offset 3 is a second value; a single publishes one value at most
  /// ```
  ///
  /// The shapes each trait allows, and nothing else:
  ///
  /// ```text
  ///             single   maybe
  /// -------     yes      yes      never completes
  /// --a--|      yes      yes      a value, then finished (same frame or later)
  /// -----x      yes      yes      a failure instead of a value
  /// -----|      no       yes      finished without a value
  /// ```
  ///
  /// So a single or a maybe diagram never has a second value, never fails
  /// after its value, and never stops after its value without `|`: a
  /// publisher that has published its one value finishes.
  ///
  /// ``VirtualTimeScheduler/coldSingle(_:values:frameDuration:)`` and
  /// ``VirtualTimeScheduler/coldMaybe(_:values:frameDuration:)`` run this
  /// check on their diagram, and trap if it fails.
  ///
  /// - Parameter trait: The trait the diagram must keep.
  /// - Throws: A ``MarbleSyntaxError`` whose problem names the rule that the
  ///   diagram breaks, with the offset of the event in the diagram's string
  ///   (or its frame, for a diagram that was not parsed).
  public func validate(_ trait: MarbleSyntaxError.Trait) throws(MarbleSyntaxError) {
    func error(_ marble: Marble, _ problem: MarbleSyntaxError.Problem) -> MarbleSyntaxError {
      MarbleSyntaxError(diagram: source ?? render(), offset: source == nil ? nil : marble.offset, problem: problem)
    }
    var value: Marble?
    for marble in marbles {
      switch (marble.event, value) {
      case (.value, nil):
        value = marble
      case (.value, _?):
        throw error(marble, .secondValue(trait, frame: marble.frame))
      case (.failure, _?):
        throw error(marble, .failureAfterValue(trait, frame: marble.frame))
      case (.failure, nil):
        return
      case (.finished, nil):
        guard trait == .maybe else { throw error(marble, .finishedWithoutValue(frame: marble.frame)) }
        return
      case (.finished, _?):
        return
      }
    }
    // No completion: only a diagram that has not published may stop here.
    if let value {
      throw error(value, .valueWithoutCompletion(trait, frame: value.frame))
    }
  }

  /// Parses a diagram that a test wrote as a literal for a publisher that
  /// must keep `trait`, trapping if it is invalid.
  static func parsing(
    _ diagram: String,
    values: [Character: Value],
    error: Failure?,
    keeping trait: MarbleSyntaxError.Trait
  ) -> MarbleDiagram {
    let parsed = parsing(diagram, values: values, error: error)
    do {
      try parsed.validate(trait)
    } catch {
      preconditionFailure("API violation: \(error)")
    }
    return parsed
  }
}
