import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
import Testing
import TraitsTesting

private struct Boom: Error, Equatable {}

// Probes: the compiler picks the most specific overload.
private func trait(of _: some SinglePublisher) -> String { "single" }
private func trait(of _: some MaybePublisher) -> String { "maybe" }
private func trait(of _: some Publisher) -> String { "none" }

/// coldSingle, coldMaybe, hotMaybe, and the diagram checks behind them.
@Suite struct MarbleTraitPublisherTests {
  // MARK: Traits

  @Test func coldSingleIsASinglePublisher() {
    let scheduler = VirtualTimeScheduler()
    #expect(trait(of: scheduler.coldSingle("-a|", values: ["a": 1])) == "single")
    #expect(trait(of: scheduler.coldSingle("-x", values: ["a": 1], error: Boom())) == "single")
  }

  @Test func coldMaybeAndHotMaybeAreMaybePublishers() {
    let scheduler = VirtualTimeScheduler()
    #expect(trait(of: scheduler.coldMaybe("-|", values: ["a": 1])) == "maybe")
    #expect(trait(of: scheduler.hotMaybe("-a|", values: ["a": 1], error: Boom())) == "maybe")
  }

  // MARK: Playing

  @Test func coldSinglePlaysItsDiagramThroughSinkSingle() {
    let scheduler = VirtualTimeScheduler()
    let results = Lock<[Result<Int, Boom>]>([])
    let cancellable = scheduler.coldSingle("--a-|", values: ["a": 1], error: Boom()).sinkSingle { result in
      results.withLock { $0.append(result) }
    }
    scheduler.advance(by: .seconds(3))
    #expect(results.withLock { $0 }.isEmpty)  // the value waits for the finish in sinkSingle
    scheduler.advance(by: .seconds(1))
    #expect(results.withLock { $0 } == [.success(1)])
    cancellable.cancel()
  }

  @Test func coldSinglePlaysFromEachSubscriptionAtTheDiagramsTimes() {
    let scheduler = VirtualTimeScheduler()
    let single = scheduler.coldSingle("--(a|)", values: ["a": 1]).eraseToAnySinglePublisher()
    let first = scheduler.recordMarbles(of: single)
    scheduler.advance(by: .seconds(1))
    let second = scheduler.recordMarbles(of: single)
    scheduler.advance(by: .seconds(2))
    #expect(first.compare(with: "--(a|)", values: ["a": 1]).matches)
    #expect(second.compare(with: "--(a|)", values: ["a": 1]).matches)
    #expect(first.recording.events == [.subscription, .value(1), .finished])
  }

  @Test func coldSingleFails() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.coldSingle("---x", values: [Character: Int](), error: Boom()).record()
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.subscription, .failure(Boom())])
  }

  @Test func coldSingleWithoutEventsNeverCompletes() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.coldSingle("-----", values: [Character: Int]()).record()
    scheduler.advance(by: .seconds(10))
    #expect(recorder.events == [.subscription])
  }

  @Test func coldMaybeFinishesWithoutAValue() {
    let scheduler = VirtualTimeScheduler()
    let results = Lock<[MaybeResult<Int, Never>]>([])
    let cancellable = scheduler.coldMaybe("--|", values: ["a": 1]).sinkMaybe { result in
      results.withLock { $0.append(result) }
    }
    scheduler.advance(by: .seconds(2))
    #expect(results.withLock { $0 } == [.finished])
    cancellable.cancel()
  }

  @Test func coldMaybePublishesItsValue() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.coldMaybe("-a-|", values: ["a": 7]).eraseToAnyMaybePublisher().record()
    scheduler.advance(by: .seconds(3))
    #expect(recorder.events == [.subscription, .value(7), .finished])
  }

  @Test func hotMaybeIsSharedAndALateSubscriberSeesOnlyTheFinish() {
    let scheduler = VirtualTimeScheduler()
    let hot = scheduler.hotMaybe("-a-|", values: ["a": 1])
    let early = hot.record()
    scheduler.advance(by: .seconds(2))
    let late = hot.record()
    scheduler.advance(by: .seconds(1))
    #expect(early.events == [.subscription, .value(1), .finished])
    #expect(late.events == [.subscription, .finished])
  }

  @Test func theDiagramFormsThrowInsteadOfTrapping() throws {
    let scheduler = VirtualTimeScheduler()
    let single = try MarbleDiagram<Int, Never>("-a|", values: ["a": 1])
    let recorder = try single.coldSinglePublisher(on: scheduler).record()
    scheduler.advance(by: .seconds(2))
    #expect(recorder.events == [.subscription, .value(1), .finished])

    let twice = try MarbleDiagram<Int, Never>("-a-a|", values: ["a": 1])
    #expect(throws: MarbleSyntaxError(diagram: "-a-a|", offset: 3, problem: .secondValue(.single, frame: 3))) {
      _ = try twice.coldSinglePublisher(on: scheduler)
    }
    #expect(throws: MarbleSyntaxError(diagram: "-a-a|", offset: 3, problem: .secondValue(.maybe, frame: 3))) {
      _ = try twice.coldMaybePublisher(on: scheduler)
    }
    #expect(throws: MarbleSyntaxError(diagram: "-a-a|", offset: 3, problem: .secondValue(.maybe, frame: 3))) {
      _ = try MarbleDiagram.HotMaybePublisher(diagram: twice, scheduler: scheduler)
    }
  }

  // MARK: Validation

  @Test(arguments: ["", "-----", "--a--|", "--(a|)", "---x", "  -a-|-->", "(x)"])
  func validSingleDiagrams(diagram: String) throws {
    try MarbleDiagram<Int, Boom>(diagram, values: ["a": 1], error: Boom()).validate(.single)
    try MarbleDiagram<Int, Boom>(diagram, values: ["a": 1], error: Boom()).validate(.maybe)
  }

  @Test func aMaybeMayFinishWithoutAValueAndASingleMayNot() throws {
    let empty = try MarbleDiagram<Int, Never>("---|")
    try empty.validate(.maybe)
    #expect(throws: MarbleSyntaxError(diagram: "---|", offset: 3, problem: .finishedWithoutValue(frame: 3))) {
      try empty.validate(.single)
    }
  }

  @Test func everyBrokenRuleIsNamedWithItsOffset() throws {
    func problem(_ diagram: String, _ trait: MarbleSyntaxError.Trait) throws -> MarbleSyntaxError? {
      do {
        try MarbleDiagram<Int, Boom>(diagram, values: ["a": 1, "b": 2], error: Boom()).validate(trait)
        return nil
      } catch {
        return error
      }
    }
    #expect(try problem("-a -b|", .single)?.offset == 4)
    #expect(try problem("-a-b|", .single)?.problem == .secondValue(.single, frame: 3))
    #expect(try problem("-(ab|)", .maybe)?.problem == .secondValue(.maybe, frame: 1))
    #expect(try problem("-a--x", .single)?.problem == .failureAfterValue(.single, frame: 4))
    #expect(try problem("-(ax)", .maybe)?.problem == .failureAfterValue(.maybe, frame: 1))
    #expect(try problem("-a---", .single)?.problem == .valueWithoutCompletion(.single, frame: 1))
    #expect(try problem("--a", .maybe)?.problem == .valueWithoutCompletion(.maybe, frame: 2))
    #expect(try problem("|", .single)?.problem == .finishedWithoutValue(frame: 0))
  }

  @Test func theMessagesSayTheRule() throws {
    func message(_ diagram: String, _ trait: MarbleSyntaxError.Trait) throws -> String {
      do {
        try MarbleDiagram<Int, Boom>(diagram, values: ["a": 1, "b": 2], error: Boom()).validate(trait)
        return ""
      } catch {
        return "\(error)"
      }
    }
    #expect(
      try message("-a-b|", .single)
        == #"invalid marble diagram "-a-b|": the value at offset 3 is a second value; a single publishes one value at most"#
    )
    #expect(
      try message("-a-x", .maybe)
        == #"invalid marble diagram "-a-x": the failure at offset 3 comes after a value; a maybe fails only instead of its value"#
    )
    #expect(
      try message("--|", .single)
        == #"invalid marble diagram "--|": "|" at offset 2 finishes without a value; a single publishes one value, then finishes"#
    )
    #expect(
      try message("-a--", .single)
        == #"invalid marble diagram "-a--": the value at offset 1 is never followed by "|"; a single finishes after its value"#
    )
  }

  @Test func aDiagramThatWasNotParsedIsNamedByItsFrames() {
    let diagram = MarbleDiagram<Int, Never>(
      marbles: [
        .init(frame: 1, event: .value(1)), .init(frame: 2, event: .value(2)), .init(frame: 3, event: .finished),
      ]
    )
    #expect(throws: MarbleSyntaxError(diagram: "-oo|", offset: nil, problem: .secondValue(.single, frame: 2))) {
      try diagram.validate(.single)
    }
    let error = MarbleSyntaxError(diagram: "-oo|", offset: nil, problem: .secondValue(.single, frame: 2))
    #expect(
      "\(error)"
        == #"invalid marble diagram "-oo|": the value at frame 2 is a second value; a single publishes one value at most"#
    )
  }

  @Test func parsedDiagramsStillCompareEqualToBuiltOnes() throws {
    let parsed = try MarbleDiagram<Int, Never>("-a|", values: ["a": 1])
    let built = MarbleDiagram<Int, Never>(marbles: [
      .init(frame: 1, event: .value(1)), .init(frame: 2, event: .finished),
    ])
    #expect(parsed == built)
  }

  // MARK: Traps

  @Test func coldSingleTrapsOnTwoValues() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().coldSingle("-a-b|", values: ["a": 1, "b": 2])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(
      standardError.contains(
        #"API violation: invalid marble diagram "-a-b|": the value at offset 3 is a second value; a single publishes one value at most"#
      )
    )
  }

  @Test func coldSingleTrapsOnAFinishWithoutValue() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().coldSingle("--|", values: [Character: Int](), error: Boom())
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(standardError.contains(#""|" at offset 2 finishes without a value; a single publishes one value"#))
  }

  @Test func coldMaybeTrapsOnAValueWithoutCompletion() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().coldMaybe("-a--", values: ["a": 1])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(
      standardError.contains(#"the value at offset 1 is never followed by "|"; a maybe finishes after its value"#)
    )
  }

  @Test func hotMaybeTrapsOnAFailureAfterTheValue() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().hotMaybe("^a-x", values: ["a": 1], error: Boom())
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(standardError.contains(#"the failure at offset 3 comes after a value; a maybe fails only"#))
  }

  @Test func coldSingleStillTrapsOnSyntax() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().coldSingle("-(a|", values: ["a": 1])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(standardError.contains(#"the group opened at offset 1 is never closed"#))
  }
}
