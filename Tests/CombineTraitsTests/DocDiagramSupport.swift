import CombineTraits
import Foundation
import Testing

// The marble diagrams of the doc comments, read from the sources and run.
//
// A checked diagram is a ```text block of a doc comment whose last line is
// labelled `result`: each line is a label (`upstream`, `other`, `inner(a)`…),
// two or more spaces, then one or more diagrams separated by two or more
// spaces (one scenario per column), then an optional note. The inputs are
// cold publishers of one-letter strings (`a` is "a"; `x` is `TestError()`),
// subscribed when the operator subscribes them; the result is compared with
// `compareMarbles`, events and times. A block of shapes (each line a
// diagram and a caption, no label: what a publisher or a trait can do) is
// checked too, one scenario per line. DocDiagramTests.swift says, per
// diagram, which operator to run.

/// A ```text block of a doc comment that ends with a `result` line.
struct DocDiagram: CustomStringConvertible, Sendable {
  struct Row: Sendable {
    let label: String
    /// The diagrams of the row, each with the column where it starts.
    let diagrams: [(column: Int, text: String)]
    /// The row after its label, trimmed: what an entry names a diagram by.
    let text: String
  }

  /// The path under Packages/.
  let file: String
  let line: Int
  let rows: [Row]
  /// A block of shapes: each line a diagram and a caption, without label
  /// nor input (`(o|)    on the first demand`); each line is a scenario
  /// whose result is its diagram.
  var isShapes = false

  var result: Row { rows[rows.count - 1] }
  /// What an entry names the diagram by: the result line after its label,
  /// or, for shapes, the first line.
  var key: String { "\(file): \(isShapes ? rows[0].text : result.text)" }
  var description: String { "\(file):\(line)" }

  /// The scenarios: for each diagram of the result line, the diagram of
  /// each input in the same column range ("-" for an input with none).
  var scenarios: [(inputs: [String: String], result: String)] {
    if isShapes { return rows.map { ([:], $0.diagrams[0].text) } }
    let starts = result.diagrams.map(\.column)
    return result.diagrams.indices.map { index in
      var inputs: [String: String] = [:]
      for row in rows.dropLast() {
        for diagram in row.diagrams where scenario(of: diagram.column, starts) == index {
          inputs[row.label] = diagram.text
        }
      }
      return (inputs, result.diagrams[index].text)
    }
  }

  private func scenario(of column: Int, _ starts: [Int]) -> Int {
    starts.lastIndex { $0 <= column } ?? 0
  }

  /// Every checked diagram of the doc comments under `packages`.
  static func all(in packages: URL) throws -> [DocDiagram] {
    try swiftFiles(in: packages).flatMap { url, name in
      parse(try String(contentsOf: url, encoding: .utf8), file: name)
    }
  }

  static func parse(_ source: String, file: String) -> [DocDiagram] {
    textBlocks(source, file: file).compactMap { make($0.lines, file: file, line: $0.line) }
  }

  /// The ```text blocks of doc comments under `packages` that draw a
  /// marble diagram (a field such as `--a--|` or `(o|)`) but are not in the
  /// checked form, each named by its file and its first line.
  static func otherDiagramBlocks(in packages: URL) throws -> [String] {
    try swiftFiles(in: packages).flatMap { url, name in
      textBlocks(try String(contentsOf: url, encoding: .utf8), file: name)
        .filter { block in
          make(block.lines, file: name, line: block.line) == nil
            && block.lines.contains { line in
              line.split(separator: " ").contains { field in
                isDiagram(String(field)) && (field.contains("|") || field.contains("--"))
              }
            }
        }
        .map { "\(name): \($0.lines.first ?? "")" }
    }
  }

  private static func swiftFiles(in packages: URL) -> [(URL, String)] {
    let files =
      FileManager.default.enumerator(at: packages, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }
      .filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path } ?? []
    return files.map { ($0, String($0.path.dropFirst(packages.path.count + 1))) }
  }

  private static func textBlocks(_ source: String, file: String) -> [(line: Int, lines: [String])] {
    var blocks: [(line: Int, lines: [String])] = []
    var block: (line: Int, lines: [String])?
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("///") else {
        block = nil
        continue
      }
      let text = trimmed.dropFirst(3).hasPrefix(" ") ? String(trimmed.dropFirst(4)) : String(trimmed.dropFirst(3))
      if block == nil {
        if text == "```text" { block = (index + 1, []) }
      } else if text == "```" {
        if let found = block { blocks.append(found) }
        block = nil
      } else {
        block?.lines.append(text)
      }
    }
    return blocks
  }

  private static func make(_ lines: [String], file: String, line: Int) -> DocDiagram? {
    let rows = lines.compactMap(row)
    if rows.count == lines.count, rows.count >= 2, rows.last?.label == "result" {
      return DocDiagram(file: file, line: line, rows: rows)
    }
    let shapes = lines.compactMap(shape)
    guard !lines.isEmpty, shapes.count == lines.count else { return nil }
    return DocDiagram(file: file, line: line, rows: shapes, isShapes: true)
  }

  /// `diagram  caption`: a line of a block of shapes.
  private static func shape(_ line: String) -> Row? {
    let field = String(line.prefix { $0 != " " })
    guard field == "x" || isDiagram(field) else { return nil }  // `x`: fails at once
    let caption = line.dropFirst(field.count)
    guard caption.isEmpty || caption.hasPrefix("  ") else { return nil }
    return Row(label: "", diagrams: [(0, field)], text: line.trimmingCharacters(in: .whitespaces))
  }

  /// `label  diagram  diagram  note`: fields split at runs of two or more spaces.
  private static func row(_ line: String) -> Row? {
    var fields: [(column: Int, text: String)] = []
    var start: Int?
    var spaces = 0
    let characters = Array(line)
    for (column, character) in characters.enumerated() {
      if character == " " {
        spaces += 1
        if spaces == 2, let begun = start {
          fields.append((begun, String(characters[begun..<(column - 1)])))
          start = nil
        }
      } else {
        if start == nil { start = column }
        spaces = 0
      }
    }
    if let begun = start { fields.append((begun, String(characters[begun...]).trimmingCharacters(in: .whitespaces))) }
    guard let label = fields.first, label.column == 0, fields.count >= 2 else { return nil }
    let diagrams = fields.dropFirst().filter { isDiagram($0.text) }
    let text = String(line.dropFirst(fields[1].column)).trimmingCharacters(in: .whitespaces)
    return Row(label: label.text, diagrams: Array(diagrams), text: text)
  }

  /// A field is a diagram if it has no space and draws time (`-`, `|` or a group).
  private static func isDiagram(_ field: String) -> Bool {
    !field.contains(" ") && (field.contains("-") || field.contains("|") || field.hasPrefix("("))
      && field.allSatisfy { $0.isLetter || $0.isNumber || "-|()^>".contains($0) }
  }
}

/// One scenario of a diagram, on its own virtual time: its inputs as cold
/// publishers, and the comparison of what the operator publishes with the
/// `result` diagram.
struct DiagramRun {
  let scheduler = VirtualTimeScheduler()
  let inputs: [String: String]
  let result: String
  /// The scenario's column (0 for the first diagram of the line).
  let index: Int

  /// The input labelled `label`: its letters are one-letter strings, `x` is `TestError()`.
  func input(_ label: String) -> MarbleDiagram<String, TestError>.ColdPublisher {
    let diagram = inputs[label] ?? "-"
    return scheduler.cold(diagram, values: Self.letters(of: diagram), error: TestError())
  }

  var upstream: MarbleDiagram<String, TestError>.ColdPublisher { input("upstream") }

  /// The input labelled `label`, as a maybe publisher.
  func maybe(_ label: String = "upstream") -> MarbleDiagram<String, TestError>.ColdMaybePublisher {
    let diagram = inputs[label] ?? "-"
    return scheduler.coldMaybe(diagram, values: Self.letters(of: diagram), error: TestError())
  }

  /// The input labelled `label`, as a single publisher.
  func single(_ label: String = "upstream") -> MarbleDiagram<String, TestError>.ColdSinglePublisher {
    let diagram = inputs[label] ?? "-"
    return scheduler.coldSingle(diagram, values: Self.letters(of: diagram), error: TestError())
  }

  /// Compares what `publisher` publishes with the result diagram; its
  /// letters stand for `values` (by default, for one-letter strings).
  func expect<P: Publisher>(_ publisher: P, values: [Character: P.Output]) -> MarbleComparison
  where P.Output: Equatable, P.Failure == TestError {
    expect(publisher, values: values, error: TestError())
  }

  /// Compares with the result diagram, whose `x` is `error`.
  func expect<P: Publisher>(_ publisher: P, values: [Character: P.Output], error: P.Failure) -> MarbleComparison
  where P.Output: Equatable, P.Failure: Equatable {
    do {
      _ = try MarbleDiagram<P.Output, P.Failure>(result, values: values, error: error)
    } catch {
      return refused(error)  // an invalid diagram fails the check instead of trapping
    }
    return scheduler.compareMarbles(of: publisher, with: result, values: values, error: error)
  }

  /// A failed comparison that shows why the result diagram could not be run.
  func refused(_ error: any Error) -> MarbleComparison {
    MarbleComparison(matches: false, expected: result, actual: "\(error)", expectedEvents: [], actualEvents: [])
  }

  func expect<P: Publisher>(_ publisher: P, values: [Character: P.Output]) -> MarbleComparison
  where P.Output: Equatable, P.Failure == any Error {
    expect(publisher.mapError { $0 as? TestError ?? TestError(code: -1) }, values: values)
  }

  func expect<P: Publisher>(_ publisher: P) -> MarbleComparison where P.Output == String, P.Failure == TestError {
    expect(publisher, values: Self.letters(of: result))
  }

  func expect<P: Publisher>(_ publisher: P) -> MarbleComparison where P.Output == String, P.Failure == Never {
    expect(publisher.setFailureType(to: TestError.self))
  }

  /// For a publisher that fails with `any Error`: the failure must be a `TestError`.
  func expect<P: Publisher>(_ publisher: P) -> MarbleComparison where P.Output == String, P.Failure == any Error {
    expect(publisher.mapError { $0 as? TestError ?? TestError(code: -1) })
  }

  static func letters(of diagram: String) -> [Character: String] {
    var values: [Character: String] = [:]
    for character in diagram where character.isLetter || character.isNumber {
      if character != "x" { values[character] = String(character) }
    }
    return values
  }
}

/// What to run for one diagram of the doc comments.
struct DiagramCheck: Sendable, CustomStringConvertible {
  /// The diagram's file under Packages/, and its result line after the label.
  let key: String
  let run: @Sendable (DiagramRun) -> MarbleComparison

  init(_ file: String, _ result: String, _ run: @escaping @Sendable (DiagramRun) -> MarbleComparison) {
    key = "\(file): \(result)"
    self.run = run
  }

  var description: String { key }
}
