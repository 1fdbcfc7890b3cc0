import ReactiveCore
import Testing
import TraitsTesting

private struct Boom: Error, Equatable {}

@Suite struct MarbleRecorderTests {
  // MARK: The diagrams of the seeds

  // The README's "Single" and "Maybe" sections draw each possible life of a
  // trait publisher over 8 frames, ending with an arrow tip.

  @Test func rendersTheSeedDiagramsOfColdPublishers() {
    let scheduler = VirtualTimeScheduler()
    let never: MarbleDiagram<Int, Never>.ColdPublisher = scheduler.cold("")
    let fails: MarbleDiagram<Int, Boom>.ColdPublisher = scheduler.cold("-----x", error: Boom())
    let completes: MarbleDiagram<Int, Never>.ColdPublisher = scheduler.cold("-----|")
    let publishes = scheduler.cold("--a--|", values: ["a": 1])

    let recorders = (
      scheduler.recordMarbles(of: never), scheduler.recordMarbles(of: fails), scheduler.recordMarbles(of: completes),
      scheduler.recordMarbles(of: publishes)
    )
    scheduler.advance(by: .seconds(7))

    #expect(recorders.0.render() + ">" == "-------->")
    #expect(recorders.1.render() + ">" == "-----x-->")
    #expect(recorders.2.render() + ">" == "-----|-->")
    #expect(recorders.3.render() + ">" == "--o--|-->")
  }

  @Test func rendersCorePublishersThatCompleteAtSubscription() {
    let scheduler = VirtualTimeScheduler()
    let just = scheduler.recordMarbles(of: Just(1))
    let empty = scheduler.recordMarbles(of: Empty<Int, Never>())
    let fail = scheduler.recordMarbles(of: Fail<Int, Boom>(error: Boom()))
    let silent = scheduler.recordMarbles(of: Empty<Int, Never>(completeImmediately: false))

    scheduler.advance(by: .seconds(7))

    #expect(just.render() == "(o|)----")
    #expect(empty.render() == "|-------")
    #expect(fail.render() == "x-------")
    #expect(silent.render() == "--------")
  }

  // MARK: Round trip

  @Test(arguments: ["--a--b--|", "-----x--", "--------", "(a|)", "--(ab)-|", "a-b-c", "---(bx)", "-(abc)--a-x"])
  func rendersWhatAColdPublisherPlays(text: String) throws {
    let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]
    let scheduler = VirtualTimeScheduler()
    let diagram = try MarbleDiagram<Int, Boom>(text, values: values, error: Boom())
    let recorder = scheduler.recordMarbles(of: diagram.coldPublisher(on: scheduler))

    scheduler.advance(by: .seconds(diagram.length - 1))

    #expect(recorder.render(values: values) == text)
    #expect(recorder.diagram == diagram)
  }

  // MARK: Rendering

  @Test func lastsUntilTheCurrentFrame() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.recordMarbles(of: Empty<Int, Never>(completeImmediately: false))
    #expect(recorder.render() == "-")

    scheduler.advance(by: .milliseconds(2_500))

    #expect(recorder.render() == "---")
  }

  @Test func drawsAValueMissingFromTheTableAsAQuestionMark() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.recordMarbles(of: scheduler.cold("-a-b", values: ["a": 1, "b": 2]))

    scheduler.advance(by: .seconds(3))

    #expect(recorder.render(values: ["a": 1]) == "-a-?")
    #expect(recorder.render(values: ["b": 1, "a": 1]) == "-a-?")
  }

  @Test func drawsAnEventBetweenTwoFramesInTheEarlierOne() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.cold("---a", values: ["a": 1], frameDuration: .milliseconds(500))
    let recorder = scheduler.recordMarbles(of: publisher)

    scheduler.advance(by: .milliseconds(1_500))

    #expect(recorder.timedEvents == [.init(time: .milliseconds(1_500), event: .value(1))])
    #expect(recorder.diagram.marbles == [.init(frame: 1, event: .value(1))])
    #expect(recorder.render() == "-o")
  }

  @Test func drawsAnEventCoveredByAGroupRightAfterIt() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.cold("abc", values: ["a": 1, "b": 2, "c": 3])
    let recorder = scheduler.recordMarbles(of: publisher, frameDuration: .seconds(2))

    scheduler.advance(by: .seconds(2))

    #expect(recorder.diagram.marbles.map(\.frame) == [0, 0, 1])
    #expect(recorder.render(values: ["a": 1, "b": 2, "c": 3]) == "(ab)c")
  }

  // MARK: Subscriber

  @Test func passesDemandAndCancellationToTheUpstream() {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, Boom>()
    let recorder = scheduler.recordMarbles(of: upstream, demand: .max(2))

    recorder.request(.max(1))
    recorder.cancel()

    #expect(upstream.requests == [.max(2), .max(1)])
    #expect(upstream.cancellations == 1)
    #expect(recorder.recording.events == [.subscription])
  }

  @Test func stampsEachEventWithTheVirtualTimeItCameAt() {
    let scheduler = VirtualTimeScheduler()
    let upstream = TestPublisher<Int, Boom>()
    scheduler.advance(by: .seconds(100))
    let recorder = scheduler.recordMarbles(of: upstream)

    scheduler.advance(by: .seconds(2))
    upstream.send(1)
    scheduler.advance(by: .milliseconds(1))
    upstream.send(completion: .failure(Boom()))

    #expect(recorder.origin == .init(100_000_000_000))
    #expect(
      recorder.timedEvents == [
        .init(time: .seconds(2), event: .value(1)), .init(time: .nanoseconds(2_001_000_000), event: .failure(Boom())),
      ]
    )
    #expect(recorder.recording.events == [.subscription, .value(1), .failure(Boom())])
    #expect(recorder.timedEvents.map(\.description) == ["value(1) at 2s", "failure(Boom()) at 2001ms"])
  }

  @Test func trapsOnAnEventAfterItsSchedulerIsGone() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = VirtualTimeScheduler().recordMarbles(of: subject)
      subject.send(1)
      _ = recorder
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(
      standardError.contains(
        "API violation: MarbleRecorder received value(1) after its VirtualTimeScheduler was released"
      )
    )
  }
}
