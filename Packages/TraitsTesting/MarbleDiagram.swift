/// A timeline of publisher events, written as a marble string: the events a
/// test publisher plays, or those a test expects.
///
/// ```swift
/// let diagram = try MarbleDiagram<Int, Never>("--a--b--|", values: ["a": 1, "b": 2])
/// #expect(diagram.marbles == [.init(frame: 2, event: .value(1)), .init(frame: 5, event: .value(2)),
///                             .init(frame: 8, event: .finished)])
/// ```
///
/// ## Notation
///
/// Every character but spaces and the final `>` is one *frame* of time, a
/// fixed step of virtual time (one second unless told otherwise), so the
/// column of a character is the frame at which its event happens:
///
/// | Character | Meaning |
/// |-----------|---------|
/// | `-`       | a frame in which nothing happens |
/// | a letter  | a value, looked up in the value table (`o` is just a letter) |
/// | `\|`      | the publisher finishes |
/// | `x`       | the publisher fails with the diagram's error |
/// | `(ab\|)`  | events in the same frame, in order; the group spans its characters, parentheses included, as in RxJS |
/// | `^`       | the subscription point of a hot publisher: frame zero, earlier frames are negative |
/// | `>`       | an arrow tip, as the diagrams of the documentation end; only at the end, takes no time |
/// | space     | ignored, to align diagrams one above the other |
///
/// So `"--(ab)-|"` publishes `a` and `b` in frame 2 and finishes in frame 7,
/// and `"--o--|-->"` publishes in frame 2, finishes in frame 5, and lasts 8 frames.
///
/// A diagram is either parsed from a string or recorded by a
/// ``MarbleRecorder``. It is rendered back with ``render()`` or
/// ``render(values:)``; its description is ``render()``.
public struct MarbleDiagram<Value, Failure: Error>: CustomStringConvertible {
  /// What happens at a marble.
  public enum Event {
    /// The publisher publishes a value.
    case value(Value)
    /// The publisher finishes normally.
    case finished
    /// The publisher fails.
    case failure(Failure)
  }

  /// An event and the frame in which it happens.
  public struct Marble {
    /// The frame of the event, counted from frame zero: the first column, or
    /// the `^` if there is one (frames before it are negative).
    public let frame: Int

    /// The event.
    public let event: Event

    /// The character that drew a parsed value, so that rendering gives back its letter.
    let symbol: Character?

    /// Where a parsed event's character is in the diagram's string, so that
    /// errors about it can point at it.
    let offset: Int?

    /// Creates a marble for `event` in `frame`.
    ///
    /// - Parameters:
    ///   - frame: The frame of the event, counted from frame zero.
    ///   - event: The event.
    public init(frame: Int, event: Event) {
      self.init(frame: frame, event: event, symbol: nil)
    }

    init(frame: Int, event: Event, symbol: Character?, offset: Int? = nil) {
      self.frame = frame
      self.event = event
      self.symbol = symbol
      self.offset = offset
    }
  }

  /// The events, in time order; events of one frame keep their order.
  public let marbles: [Marble]

  /// How many columns of time the diagram spans, `^` included, spaces and `>` excluded:
  /// 8 for `"--o--|-->"`.
  public let length: Int

  /// The column of `^`, or nil if the diagram has none.
  public let subscriptionColumn: Int?

  /// The string the diagram was parsed from, nil if it was not parsed; not
  /// part of its equality.
  let source: String?

  /// How many frames the diagram spans from frame zero on: ``length``
  /// minus the frames before `^`.
  public var frameCount: Int {
    length - (subscriptionColumn ?? 0)
  }

  /// Creates a diagram from events and their frames, to render a timeline
  /// recorded some other way (on a real clock, say).
  ///
  /// ```swift
  /// let diagram = MarbleDiagram<Int, Never>(
  ///   marbles: [.init(frame: 2, event: .value(1)), .init(frame: 4, event: .finished)], length: 6)
  /// #expect(diagram.render() == "--o-|-")
  /// ```
  ///
  /// - Parameters:
  ///   - marbles: The events, in any order; events of one frame keep their order.
  ///   - length: How many frames the diagram spans at least; it always covers
  ///     the last event.
  public init(marbles: [Marble], length: Int = 0) {
    self.init(marbles: marbles, length: length, subscriptionColumn: nil)
  }

  /// Sorts `marbles` by frame, keeping the order of each frame's events,
  /// and stretches `length` to cover them.
  init(marbles: [Marble], length: Int, subscriptionColumn: Int?, source: String? = nil) {
    self.marbles = marbles.enumerated()
      .sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
      .map(\.element)
    let zero = subscriptionColumn ?? 0
    let lastColumn = marbles.map { $0.frame + zero }.max() ?? -1
    self.length = max(length, lastColumn + 1, zero + (subscriptionColumn == nil ? 0 : 1))
    self.subscriptionColumn = subscriptionColumn
    self.source = source
  }

  // MARK: Rendering

  /// The diagram as a string, with the letters it was parsed with, and `o`
  /// for values that were not parsed (recorded ones).
  ///
  /// ```swift
  /// #expect(try MarbleDiagram<Int, Never>("--a-(b|)", values: ["a": 1, "b": 2]).render() == "--a-(b|)")
  /// ```
  ///
  /// Spaces and the final `>` are not rendered. Events in one frame are
  /// drawn as a group. An event whose frame is already covered by an
  /// earlier group (or by `^`) cannot be drawn at its column: it is drawn
  /// right after, so the string is then not exact; a ``MarbleComparison``
  /// still compares the exact times.
  ///
  /// - Returns: The marble string.
  public func render() -> String {
    render { $0.symbol ?? "o" }
  }

  public var description: String {
    render()
  }

  /// Draws the diagram, asking `valueSymbol` for the character of each value marble.
  func render(valueSymbol: (Marble) -> Character) -> String {
    let zero = subscriptionColumn ?? 0
    // Cells in column order: `^` alone, then each frame's events as one cell.
    var cells: [(column: Int, symbols: [Character])] = []
    for marble in marbles {
      let symbol: Character =
        switch marble.event {
        case .value: valueSymbol(marble)
        case .finished: "|"
        case .failure: "x"
        }
      let column = marble.frame + zero
      if let last = cells.last, last.column == column {
        cells[cells.count - 1].symbols.append(symbol)
      } else {
        cells.append((column, [symbol]))
      }
    }
    if let subscriptionColumn {
      // Before the events of its own column: `^` is frame zero.
      let index = cells.firstIndex { $0.column >= subscriptionColumn } ?? cells.count
      cells.insert((subscriptionColumn, ["^"]), at: index)
    }

    var text = ""
    var column = 0
    for cell in cells {
      if cell.column > column {
        text += String(repeating: "-", count: cell.column - column)
        column = cell.column
      }
      if cell.symbols.count == 1 {
        text.append(cell.symbols[0])
        column += 1
      } else {
        text += "(" + String(cell.symbols) + ")"
        column += cell.symbols.count + 2
      }
    }
    if column < length {
      text += String(repeating: "-", count: length - column)
    }
    return text
  }
}

extension MarbleDiagram where Value: Equatable {
  /// The diagram as a string, drawing each value that was not parsed with
  /// its letter in `values`, or `?` if the table has none.
  ///
  /// ```swift
  /// let recorder = scheduler.recordMarbles(of: scheduler.cold("--a--|", values: ["a": 1]))
  /// scheduler.advance(by: .seconds(5))
  /// #expect(recorder.diagram.render(values: ["b": 1]) == "--b--|")
  /// ```
  ///
  /// Values that were parsed keep the letter they were parsed with. If
  /// several letters map to the value, the smallest one is drawn.
  ///
  /// - Parameter values: The value table, by letter.
  /// - Returns: The marble string.
  public func render(values: [Character: Value]) -> String {
    let table = values.sorted { $0.key < $1.key }
    return render { marble in
      if let symbol = marble.symbol { return symbol }
      guard case let .value(value) = marble.event else { return "?" }
      return table.first { $0.value == value }?.key ?? "?"
    }
  }
}

extension MarbleDiagram.Event: CustomStringConvertible {
  /// The event as test failures show it: `value(1)`, `finished` or `failure(boom)`.
  public var description: String {
    switch self {
    case let .value(value):
      "value(\(value))"
    case .finished:
      "finished"
    case let .failure(error):
      "failure(\(error))"
    }
  }
}

extension MarbleDiagram.Marble: CustomStringConvertible {
  /// The marble as test failures show it: `value(1) at frame 2`.
  public var description: String {
    "\(event) at frame \(frame)"
  }
}

extension MarbleDiagram.Event: Equatable where Value: Equatable, Failure: Equatable {}

extension MarbleDiagram.Marble: Equatable where Value: Equatable, Failure: Equatable {
  /// Two marbles are equal when their frames and events are; the letter a
  /// value was parsed with does not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.frame == rhs.frame && lhs.event == rhs.event
  }
}

extension MarbleDiagram: Equatable where Value: Equatable, Failure: Equatable {
  /// Two diagrams are equal when their marbles, lengths and subscription
  /// points are; the string a diagram was parsed from does not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.marbles == rhs.marbles && lhs.length == rhs.length && lhs.subscriptionColumn == rhs.subscriptionColumn
  }
}

extension MarbleDiagram.Event: Sendable where Value: Sendable, Failure: Sendable {}

extension MarbleDiagram.Marble: Sendable where Value: Sendable, Failure: Sendable {}

extension MarbleDiagram: Sendable where Value: Sendable, Failure: Sendable {}
