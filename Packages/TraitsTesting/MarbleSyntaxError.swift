/// Why a string is not a valid marble diagram.
///
/// Thrown by ``MarbleDiagram/init(_:values:error:)``, and by
/// ``MarbleDiagram/validate(_:)`` when a diagram breaks the promise of a
/// trait. The APIs that take a diagram as a plain string
/// (``VirtualTimeScheduler/cold(_:values:frameDuration:)``,
/// ``VirtualTimeScheduler/coldSingle(_:values:frameDuration:)`` and their
/// siblings) trap with this description instead, prefixed with
/// `API violation:`, since a diagram in a test is a literal that is either
/// right or a bug in the test.
///
/// ```swift
/// do {
///   _ = try MarbleDiagram<Int, Never>("--a(b", values: ["a": 1, "b": 2])
/// } catch {
///   print(error)  // invalid marble diagram "--a(b": the group opened at offset 3 is never closed
/// }
/// ```
public struct MarbleSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The trait a diagram was asked to keep, by ``MarbleDiagram/validate(_:)``.
  public enum Trait: String, Equatable, Sendable {
    /// One value then finished, or a failure, or nothing at all (never completes).
    case single
    /// At most one value then finished, or a failure, or nothing at all (never completes).
    case maybe
  }

  /// What is wrong with the diagram.
  public enum Problem: Equatable, Sendable {
    /// A value character that the value table does not map.
    case unknownValue(Character)
    /// An `x` in a diagram parsed without an error to fail with.
    case missingError
    /// A value or completion after the diagram already completed.
    case eventAfterCompletion(Character)
    /// A `(` without its `)`.
    case unclosedGroup
    /// A `)` without its `(`.
    case unopenedGroup
    /// A `()` with no event inside.
    case emptyGroup
    /// A character that cannot stand inside a group: `-`, `(`, `^` or `>`.
    case unexpectedInGroup(Character)
    /// A second `^`.
    case duplicateSubscriptionPoint
    /// A `>` that is not the last character of the diagram.
    case misplacedArrow
    /// The value table maps a character that the notation reserves:
    /// `-`, `|`, `x`, `(`, `)`, `^`, `>` or a space.
    case reservedValueKey(Character)
    /// A second value, in a diagram that must keep `trait`.
    case secondValue(Trait, frame: Int)
    /// A failure after the value, in a diagram that must keep `trait`: a
    /// single or a maybe fails only instead of its value.
    case failureAfterValue(Trait, frame: Int)
    /// A finish without a value, in a diagram that must be single.
    case finishedWithoutValue(frame: Int)
    /// A value that no completion follows, in a diagram that must keep
    /// `trait`: once it has published, a single or a maybe finishes.
    case valueWithoutCompletion(Trait, frame: Int)
  }

  /// The diagram, as it was given.
  public let diagram: String

  /// Where the problem is, counted in characters from the start of
  /// ``diagram``, spaces included; nil when the problem is in the value
  /// table, or is a trait problem of a diagram that was not parsed (its
  /// frame then says where).
  public let offset: Int?

  /// What is wrong.
  public let problem: Problem

  /// Creates an error for `problem` at `offset` in `diagram`.
  ///
  /// - Parameters:
  ///   - diagram: The diagram, as it was given.
  ///   - offset: The character offset of the problem, or nil if it is in the value table.
  ///   - problem: What is wrong.
  public init(diagram: String, offset: Int?, problem: Problem) {
    self.diagram = diagram
    self.offset = offset
    self.problem = problem
  }

  /// One line that quotes the diagram and says what is wrong where:
  /// `invalid marble diagram "--a(b": the group opened at offset 3 is never closed`,
  /// or, for a trait,
  /// `invalid marble diagram "-a-b|": the value at offset 3 is a second value; a single publishes one value at most`.
  public var description: String {
    let place = offset.map { "at offset \($0)" } ?? "in the value table"
    func at(_ frame: Int) -> String {
      offset.map { "at offset \($0)" } ?? "at frame \(frame)"
    }
    let reason =
      switch problem {
      case let .unknownValue(character):
        "\"\(character)\" \(place) is not in the value table"
      case .missingError:
        "\"x\" \(place) needs an error to fail with, and none was given"
      case let .eventAfterCompletion(character):
        "\"\(character)\" \(place) comes after the completion"
      case .unclosedGroup:
        "the group opened \(place) is never closed"
      case .unopenedGroup:
        "\")\" \(place) closes no group"
      case .emptyGroup:
        "the group \(place) is empty"
      case let .unexpectedInGroup(character):
        "\"\(character)\" \(place) cannot stand inside a group"
      case .duplicateSubscriptionPoint:
        "\"^\" \(place) is a second subscription point"
      case .misplacedArrow:
        "\">\" \(place) is allowed only at the end"
      case let .reservedValueKey(character):
        "the value table maps \"\(character)\", which the notation reserves"
      case let .secondValue(trait, frame):
        "the value \(at(frame)) is a second value; a \(trait) publishes one value at most"
      case let .failureAfterValue(trait, frame):
        "the failure \(at(frame)) comes after a value; a \(trait) fails only instead of its value"
      case let .finishedWithoutValue(frame):
        "\"|\" \(at(frame)) finishes without a value; a single publishes one value, then finishes"
      case let .valueWithoutCompletion(trait, frame):
        "the value \(at(frame)) is never followed by \"|\"; a \(trait) finishes after its value"
      }
    return "invalid marble diagram \"\(diagram)\": \(reason)"
  }
}
