import ReactiveCore
import Testing
import TraitsTesting

private struct Boom: Error, Equatable {}

@Suite struct MarbleDiagramTests {
  fileprivate typealias Diagram = MarbleDiagram<Int, Boom>
  fileprivate typealias Marble = MarbleDiagram<Int, Boom>.Marble

  // MARK: Parsing

  @Test func parsesEachValueInTheFrameOfItsColumn() throws {
    let diagram = try Diagram("--a--b--|", values: ["a": 1, "b": 2])

    #expect(
      diagram.marbles == [
        Marble(frame: 2, event: .value(1)), Marble(frame: 5, event: .value(2)), Marble(frame: 8, event: .finished),
      ]
    )
    #expect(diagram.length == 9)
    #expect(diagram.frameCount == 9)
    #expect(diagram.subscriptionColumn == nil)
  }

  @Test func parsesXAsAFailureWithTheGivenError() throws {
    let diagram = try Diagram("-----x--", error: Boom())

    #expect(diagram.marbles == [Marble(frame: 5, event: .failure(Boom()))])
    #expect(diagram.length == 8)
  }

  @Test func parsesADiagramWithoutCompletionAsSilence() throws {
    let diagram = try Diagram("--------")

    #expect(diagram.marbles == [])
    #expect(diagram.length == 8)
    #expect(try Diagram("").length == 0)
  }

  @Test func ignoresSpacesAndTheFinalArrowTip() throws {
    let diagram = try Diagram(" --o --|--> ", values: ["o": 7])

    #expect(diagram.marbles == [Marble(frame: 2, event: .value(7)), Marble(frame: 5, event: .finished)])
    #expect(diagram.length == 8)
  }

  @Test func putsTheEventsOfAGroupInOneFrameAndLetsTheGroupSpanItsCharacters() throws {
    let diagram = try Diagram("--(ab)-|", values: ["a": 1, "b": 2])

    #expect(
      diagram.marbles == [
        Marble(frame: 2, event: .value(1)), Marble(frame: 2, event: .value(2)), Marble(frame: 7, event: .finished),
      ]
    )
    #expect(diagram.length == 8)
  }

  @Test func letsAGroupEndWithTheCompletion() throws {
    let finishing = try Diagram("(a|)", values: ["a": 1])
    let failing = try Diagram("-(a x)", values: ["a": 1], error: Boom())

    #expect(finishing.marbles == [Marble(frame: 0, event: .value(1)), Marble(frame: 0, event: .finished)])
    #expect(finishing.length == 4)
    #expect(failing.marbles == [Marble(frame: 1, event: .value(1)), Marble(frame: 1, event: .failure(Boom()))])
    #expect(failing.length == 5)
  }

  @Test func countsFramesFromTheSubscriptionPoint() throws {
    let diagram = try Diagram("-a-^-b-|", values: ["a": 1, "b": 2])

    #expect(
      diagram.marbles == [
        Marble(frame: -2, event: .value(1)), Marble(frame: 2, event: .value(2)), Marble(frame: 4, event: .finished),
      ]
    )
    #expect(diagram.subscriptionColumn == 3)
    #expect(diagram.length == 8)
    #expect(diagram.frameCount == 5)
  }

  @Test func letsTimePassAfterTheCompletion() throws {
    let diagram = try Diagram("--|--^-->", values: [:])

    #expect(diagram.marbles == [Marble(frame: -3, event: .finished)])
    #expect(diagram.length == 8)
  }

  // MARK: Rendering

  @Test(arguments: ["--a--b--|", "-----x--", "--------", "", "(a|)", "--(ab)-|", "-a-^-b-|", "^", "a-b-(cx)---"])
  func rendersAParsedDiagramAsItWasWritten(text: String) throws {
    let diagram = try Diagram(text, values: ["a": 1, "b": 2, "c": 3], error: Boom())

    #expect(diagram.render() == text)
    #expect(diagram.description == text)
  }

  @Test func rendersWithoutSpacesOrArrowTip() throws {
    #expect(try Diagram(" --o--|--> ", values: ["o": 1]).render() == "--o--|--")
  }

  @Test func keepsTheLettersItWasParsedWithWhateverTheTable() throws {
    let diagram = try Diagram("-a-b", values: ["a": 1, "b": 1])

    #expect(diagram.render(values: ["c": 1]) == "-a-b")
  }

  // MARK: Invalid diagrams

  @Test(
    arguments: [
      ("--c--|", 2, MarbleSyntaxError.Problem.unknownValue("c")),
      ("--x", 2, .missingError),
      ("--|-a", 4, .eventAfterCompletion("a")),
      ("--|x", 3, .eventAfterCompletion("x")),
      ("(a|b)", 3, .eventAfterCompletion("b")),
      ("--a(b", 3, .unclosedGroup),
      ("(a", 0, .unclosedGroup),
      ("--a)", 3, .unopenedGroup),
      ("-()", 1, .emptyGroup),
      ("(a-b)", 2, .unexpectedInGroup("-")),
      ("((a))", 1, .unexpectedInGroup("(")),
      ("(^a)", 1, .unexpectedInGroup("^")),
      ("(a>)", 2, .unexpectedInGroup(">")),
      ("^-^", 2, .duplicateSubscriptionPoint),
      ("-->-", 2, .misplacedArrow),
      ("--> >", 2, .misplacedArrow),
    ]
  )
  func rejectsAnInvalidDiagramSayingWhere(text: String, offset: Int, problem: MarbleSyntaxError.Problem) {
    #expect(throws: MarbleSyntaxError(diagram: text, offset: offset, problem: problem)) {
      try Diagram(text, values: ["a": 1, "b": 2])
    }
  }

  @Test func rejectsAValueTableThatMapsAReservedCharacter() {
    #expect(throws: MarbleSyntaxError(diagram: "-a-", offset: nil, problem: .reservedValueKey("x"))) {
      try Diagram("-a-", values: ["a": 1, "x": 2])
    }
  }

  @Test func describesASyntaxErrorInOneLine() {
    #expect(
      MarbleSyntaxError(diagram: "--a(b", offset: 3, problem: .unclosedGroup).description
        == #"invalid marble diagram "--a(b": the group opened at offset 3 is never closed"#
    )
    #expect(
      MarbleSyntaxError(diagram: "--c--|", offset: 2, problem: .unknownValue("c")).description
        == #"invalid marble diagram "--c--|": "c" at offset 2 is not in the value table"#
    )
    #expect(
      MarbleSyntaxError(diagram: "-a-", offset: nil, problem: .reservedValueKey("x")).description
        == #"invalid marble diagram "-a-": the value table maps "x", which the notation reserves"#
    )
  }

  @Test func theStringAPIsTrapOnAnInvalidDiagram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().cold("--c--|", values: ["a": 1])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(
      standardError.contains(
        #"API violation: invalid marble diagram "--c--|": "c" at offset 2 is not in the value table"#
      )
    )
  }
}

@Suite struct MarbleDiagramFromMarblesTests {
  @Test func rendersEventsRecordedElsewhere() {
    let diagram = MarbleDiagram<Int, Never>(
      marbles: [.init(frame: 4, event: .finished), .init(frame: 2, event: .value(1))],
      length: 6
    )
    #expect(diagram.render() == "--o-|-")
    #expect(diagram.length == 6)
  }

  @Test func stretchesToItsLastEventAndGroupsSimultaneousEvents() {
    let diagram = MarbleDiagram<Int, Never>(marbles: [
      .init(frame: 1, event: .value(1)), .init(frame: 1, event: .finished),
    ])
    #expect(diagram.render() == "-(o|)")
    #expect(MarbleDiagram<Int, Never>(marbles: [], length: 3).render() == "---")
  }
}
