import Dispatch
import ReactiveCore
import TestSupport
import Testing
import TraitsTesting

private struct Boom: Error, Equatable {}

/// Keeps its subscription strongly, as Combine's subscribers do, so that a
/// lifetime test can check that the subscription releases its subscriber.
@Suite struct MarbleColdPublisherTests {
  @Test func playsTheDiagramFromEachSubscription() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.cold("--a--b--|", values: ["a": 1, "b": 2])

    let first = scheduler.recordMarbles(of: publisher)
    scheduler.advance(by: .seconds(3))
    let second = scheduler.recordMarbles(of: publisher)
    scheduler.advance(by: .seconds(8))

    #expect(first.render(values: ["a": 1, "b": 2]) == "--a--b--|---")
    #expect(second.render(values: ["a": 1, "b": 2]) == "--a--b--|")
  }

  @Test func failsWithTheDiagramsError() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.cold("--a-x", values: ["a": 1], error: Boom()).record()

    scheduler.advance(by: .seconds(4))

    #expect(recorder.events == [.subscription, .value(1), .failure(Boom())])
  }

  @Test func eventsOfFrameZeroWaitForTheNextAdvance() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.cold("(a|)", values: ["a": 1]).record()
    #expect(recorder.events == [.subscription])

    scheduler.advance()

    #expect(recorder.events == [.subscription, .value(1), .finished])
  }

  @Test func framesLastTheGivenDuration() {
    let scheduler = VirtualTimeScheduler()
    let publisher = scheduler.cold("-a|", values: ["a": 1], frameDuration: .milliseconds(10))
    let recorder = scheduler.recordMarbles(of: publisher, frameDuration: .milliseconds(10))

    scheduler.advance(by: .milliseconds(20))

    #expect(
      recorder.timedEvents == [
        .init(time: .milliseconds(10), event: .value(1)), .init(time: .milliseconds(20), event: .finished),
      ]
    )
  }

  // MARK: Demand

  @Test func aDueValueWaitsForDemandAndTheCompletionWaitsBehindIt() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.recordMarbles(
      of: scheduler.cold("-a-b-|", values: ["a": 1, "b": 2]),
      demand: .none
    )
    scheduler.advance(by: .seconds(6))
    #expect(recorder.recording.events == [.subscription])

    recorder.request(.max(1))
    #expect(recorder.recording.events == [.subscription, .value(1)])

    recorder.request(.max(1))
    #expect(recorder.recording.events == [.subscription, .value(1), .value(2), .finished])
    #expect(
      recorder.timedEvents == [
        .init(time: .seconds(6), event: .value(1)), .init(time: .seconds(6), event: .value(2)),
        .init(time: .seconds(6), event: .finished),
      ]
    )
  }

  @Test func deliversOnTimeWithinDemandAndLateBeyondIt() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.recordMarbles(
      of: scheduler.cold("-a-b-|", values: ["a": 1, "b": 2]),
      demand: .max(1)
    )

    scheduler.advance(by: .seconds(4))
    recorder.request(.max(1))
    scheduler.advance(by: .seconds(1))

    #expect(recorder.render(values: ["a": 1, "b": 2]) == "-a--b|")
  }

  @Test func countsTheDemandReturnedByTheSubscriber() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2]).record(demand: .max(1)) { _, _ in .max(1) }

    scheduler.advance(by: .seconds(5))

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func loopsWhenTheSubscriberRequestsFromReceive() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.cold("(abc|)", values: ["a": 1, "b": 2, "c": 3]).record(demand: .max(1)) {
      _,
      recorder in
      recorder.request(.max(1))
      return .none
    }

    scheduler.advance()

    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .finished])
  }

  @Test func deliversEachValueOnceWhenDemandComesFromAnotherThread() {
    let scheduler = VirtualTimeScheduler()
    let count = 200
    let publisher = scheduler.cold("(" + String(repeating: "a", count: count) + "|)", values: ["a": 1])
    let recorder = publisher.record(demand: .none)

    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      if thread == 0 {
        scheduler.advance()
      } else {
        for _ in 0..<count {
          recorder.request(.max(1))
        }
      }
    }

    #expect(recorder.values.count == count)
    #expect(recorder.completion == .finished)
  }

  @Test func trapsOnRequestForNothing() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let scheduler = VirtualTimeScheduler()
      scheduler.cold("-a", values: ["a": 1]).record(demand: .none).request(.none)
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(standardError.contains("API violation: demand must be greater than zero"))
  }

  // MARK: Cancellation and lifetime

  @Test func cancellingStopsTheTimeline() {
    let scheduler = VirtualTimeScheduler()
    let recorder = scheduler.cold("-a-b-|", values: ["a": 1, "b": 2]).record()
    scheduler.advance(by: .seconds(1))
    #expect(scheduler.scheduledActionCount == 1)

    recorder.cancel()
    scheduler.advance(by: .seconds(5))

    #expect(recorder.events == [.subscription, .value(1)])
    #expect(scheduler.scheduledActionCount == 0)
  }

  @Test func schedulesNothingWhenCancelledOnSubscription() {
    let scheduler = VirtualTimeScheduler()
    let recorder = RecordingSubscriber<Int, Never>()
    recorder.cancel()

    scheduler.cold("-a-|", values: ["a": 1]).subscribe(recorder)

    #expect(scheduler.scheduledActionCount == 0)
    #expect(recorder.events == [.subscription])
  }

  @Test func releasesTheSubscriberAfterCompletion() throws {
    let scheduler = VirtualTimeScheduler()
    try expectReleasesTheSubscriber(
      of: scheduler.cold("-a|", values: ["a": 1]),
      end: { _ in scheduler.advance(by: .seconds(2)) }
    )
  }

  @Test func releasesTheSubscriberOnCancel() throws {
    let scheduler = VirtualTimeScheduler()
    try expectReleasesTheSubscriber(of: scheduler.cold("-a|", values: ["a": 1]), end: { $0.cancel() })
  }

  @Test func trapsOnASubscriptionPoint() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = VirtualTimeScheduler().cold("-^-a", values: ["a": 1])
    }
    let standardError = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    #expect(standardError.contains("API violation: a cold marble publisher starts at each subscription"))
  }
}
