extension MarbleDiagram {
  /// The characters the notation gives a meaning, which a value table cannot map.
  static var reservedCharacters: Set<Character> { ["-", "|", "x", "(", ")", "^", ">", " "] }

  /// Parses a marble string, looking its values up in `values`.
  ///
  /// ```swift
  /// let diagram = try MarbleDiagram<Int, TestError>("-a-(bc)-x", values: ["a": 1, "b": 2, "c": 3], error: TestError())
  /// #expect(diagram.marbles.map(\.frame) == [1, 3, 3, 8])
  /// ```
  ///
  /// See ``MarbleDiagram`` for the notation. A diagram may end without a
  /// completion (the publisher then never completes), but nothing may come
  /// after `|` or `x` except `-`, `^`, spaces and the final `>`.
  ///
  /// - Parameters:
  ///   - diagram: The marble string, such as `"--a--b--|"`.
  ///   - values: The value of each letter the diagram uses.
  ///   - error: The failure that `x` stands for; without it, `x` is a syntax error.
  /// - Throws: A ``MarbleSyntaxError`` that says what is wrong, and where.
  public init(_ diagram: String, values: [Character: Value] = [:], error: Failure? = nil) throws(MarbleSyntaxError) {
    func problem(_ offset: Int?, _ problem: MarbleSyntaxError.Problem) -> MarbleSyntaxError {
      MarbleSyntaxError(diagram: diagram, offset: offset, problem: problem)
    }
    if let reserved = values.keys.filter(Self.reservedCharacters.contains).min() {
      throw problem(nil, .reservedValueKey(reserved))
    }

    var column = 0
    var group: MarbleGroup?
    var parsed: [(column: Int, event: Event, symbol: Character?, offset: Int)] = []
    var completed = false
    var subscriptionColumn: Int?
    var arrowOffset: Int?

    for (offset, character) in diagram.enumerated() where character != " " {
      if let arrowOffset {
        throw problem(arrowOffset, .misplacedArrow)
      }
      if group != nil, [">", "-", "^", "("].contains(character) {
        throw problem(offset, .unexpectedInGroup(character))
      }
      switch character {
      case ">":
        arrowOffset = offset
      case "-":
        column += 1
      case "^":
        guard subscriptionColumn == nil else { throw problem(offset, .duplicateSubscriptionPoint) }
        subscriptionColumn = column
        column += 1
      case "(":
        group = MarbleGroup(offset: offset, column: column)
      case ")":
        guard let closed = group else { throw problem(offset, .unopenedGroup) }
        guard !closed.isEmpty else { throw problem(closed.offset, .emptyGroup) }
        column = closed.column + closed.width + 1
        group = nil
      default:
        guard !completed else { throw problem(offset, .eventAfterCompletion(character)) }
        let event: Event
        switch character {
        case "|":
          event = .finished
          completed = true
        case "x":
          guard let error else { throw problem(offset, .missingError) }
          event = .failure(error)
          completed = true
        default:
          guard let value = values[character] else { throw problem(offset, .unknownValue(character)) }
          event = .value(value)
        }
        let symbol: Character? = if case .value = event { character } else { nil }
        if var open = group {
          parsed.append((open.column, event, symbol, offset))
          open.width += 1
          open.isEmpty = false
          group = open
        } else {
          parsed.append((column, event, symbol, offset))
          column += 1
        }
      }
    }
    if let group {
      throw problem(group.offset, .unclosedGroup)
    }

    let zero = subscriptionColumn ?? 0
    self.init(
      marbles: parsed.map { Marble(frame: $0.column - zero, event: $0.event, symbol: $0.symbol, offset: $0.offset) },
      length: column,
      subscriptionColumn: subscriptionColumn,
      source: diagram
    )
  }

  /// Parses a diagram that a test wrote as a literal, trapping if it is invalid.
  static func parsing(_ diagram: String, values: [Character: Value], error: Failure?) -> MarbleDiagram {
    do {
      return try MarbleDiagram(diagram, values: values, error: error)
    } catch {
      preconditionFailure("API violation: \(error)")
    }
  }
}

/// A group being parsed: where its `(` is, and how many columns it spans so far.
private struct MarbleGroup {
  let offset: Int
  let column: Int
  var width = 1  // the "("
  var isEmpty = true
}
