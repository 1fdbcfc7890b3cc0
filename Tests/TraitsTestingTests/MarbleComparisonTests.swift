import ReactiveCore
import Testing
import TraitsTesting

private struct Boom: Error, Equatable {
  var code = 0
}

@Suite struct MarbleComparisonTests {
  @Test func matchesWhenTheEventsComeAtTheirFrames() {
    let scheduler = VirtualTimeScheduler()
    let upstream = scheduler.cold("--a--b--|", values: ["a": 1, "b": 2])

    let result = scheduler.compareMarbles(
      of: upstream.map { $0 * 10 },
      with: "--a--b--|",
      values: ["a": 10, "b": 20]
    )

    #expect(result.matches, "\(result)")
    #expect(result.description == "expected: --a--b--|\nactual:   --a--b--|")
  }

  @Test func showsBothDiagramsOneAboveTheOtherWhenTheyDiffer() {
    let scheduler = VirtualTimeScheduler()
    let values: [Character: Int] = ["a": 1, "b": 2]

    let result = scheduler.compareMarbles(
      of: scheduler.cold("--a----b|", values: values),
      with: "--a--b--|",
      values: values
    )

    #expect(!result.matches)
    #expect(
      result.description == """
        expected: --a--b--|
        actual:   --a----b|
        """
    )
  }

  @Test func showsAnEarlyCompletion() {
    let scheduler = VirtualTimeScheduler()

    let result = scheduler.compareMarbles(
      of: scheduler.cold("--a|", values: ["a": 1]),
      with: "--a--|",
      values: ["a": 1]
    )

    #expect(!result.matches)
    #expect(result.description == "expected: --a--|\nactual:   --a|--")
  }

  @Test func seesNothingAfterTheLastFrameOfTheExpectedDiagram() {
    let scheduler = VirtualTimeScheduler()

    let result = scheduler.compareMarbles(of: scheduler.cold("--a|", values: ["a": 1]), with: "--a", values: ["a": 1])

    #expect(result.matches, "\(result)")
    #expect(scheduler.now == .init(2_000_000_000))
  }

  @Test func listsTheEventsWhenAValueIsMissingFromTheTable() {
    let scheduler = VirtualTimeScheduler()

    let result = scheduler.compareMarbles(
      of: scheduler.cold("--b--|", values: ["b": 2]),
      with: "--a--|",
      values: ["a": 1]
    )

    #expect(!result.matches)
    #expect(
      result.description == """
        expected: --a--|
        actual:   --?--|
        expected events: value(1) at 2s, finished at 5s
        actual events:   value(2) at 2s, finished at 5s
        """
    )
  }

  @Test func listsTheEventsWhenTheDiagramsLookAlike() {
    let scheduler = VirtualTimeScheduler()
    let offFrame = scheduler.cold("-----a", values: ["a": 1], frameDuration: .milliseconds(500))

    let result = scheduler.compareMarbles(of: offFrame, with: "--a-", values: ["a": 1])

    #expect(!result.matches)
    #expect(
      result.description == """
        expected: --a-
        actual:   --a-
        expected events: value(1) at 2s
        actual events:   value(1) at 2500ms
        """
    )
  }

  @Test func comparesFailures() {
    let scheduler = VirtualTimeScheduler()
    let failing = scheduler.cold("--x", values: [Character: Int](), error: Boom(code: 2))

    let same = scheduler.compareMarbles(of: failing, with: "--x", error: Boom(code: 2))
    let other = scheduler.compareMarbles(of: failing, with: "--x", error: Boom(code: 1))

    #expect(same.matches, "\(same)")
    #expect(!other.matches)
    #expect(
      other.description == """
        expected: --x
        actual:   --x
        expected events: failure(Boom(code: 1)) at 2s
        actual events:   failure(Boom(code: 2)) at 2s
        """
    )
  }

  @Test func saysNoneForAnEmptyEventList() {
    let scheduler = VirtualTimeScheduler()

    let result = scheduler.compareMarbles(
      of: Empty<Int, Never>(completeImmediately: false),
      with: "-a",
      values: ["a": 1]
    )

    #expect(
      result.description == """
        expected: -a
        actual:   --
        """
    )
    #expect(result.actualEvents == [])
    #expect(
      MarbleComparison(matches: false, expected: "-", actual: "-", expectedEvents: [], actualEvents: []).description
        == "expected: -\nactual:   -\nexpected events: none\nactual events:   none"
    )
  }

  @Test func matchesSynchronousPublishersAtFrameZero() {
    let scheduler = VirtualTimeScheduler()

    let result = scheduler.compareMarbles(of: Just(1), with: "(a|)", values: ["a": 1])

    #expect(result.matches, "\(result)")
  }

  @Test func linesUpTheSubscriptionPointOfAHotPublisher() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.hot("-a^-b-|", values: ["a": 1, "b": 2])

    let result = scheduler.compareMarbles(of: publisher, with: "--^-b-|", values: ["b": 2])

    #expect(result.matches, "\(result)")
    #expect(result.description == "expected: --^-b-|\nactual:   --^-b-|")
  }

  @Test func comparesARecordingThatTheTestTimedItself() {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, Boom>()
    let recorder = scheduler.recordMarbles(of: upstream)

    scheduler.advance(by: .seconds(2))
    upstream.send(1)
    scheduler.advance(by: .seconds(1))
    upstream.send(completion: .finished)

    let result = recorder.compare(with: "--a|", values: ["a": 1])
    #expect(result.matches, "\(result)")
    #expect(!recorder.compare(with: "--a-|", values: ["a": 1]).matches)
  }

  @Test func trapsOnAnInvalidExpectedDiagram() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scheduler = VirtualTimeScheduler()
      _ = scheduler.compareMarbles(of: Just(1), with: "(a", values: ["a": 1])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(
      standardError.contains(
        #"API violation: invalid marble diagram "(a": the group opened at offset 0 is never closed"#
      )
    )
  }
}
