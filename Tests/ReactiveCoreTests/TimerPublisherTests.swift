import Foundation
import ReactiveCore
import ReactiveCoreFoundation
import Testing
import TraitsTesting

@Suite struct TimerPublisherTests {
  @Test func publishKeepsItsParameters() {
    let mode = RunLoop.Mode("TimerPublisherTests")
    let publisher = Timer.publish(every: 0.25, tolerance: 0.02, on: .current, in: mode)
    #expect(publisher.interval == 0.25)
    #expect(publisher.tolerance == 0.02)
    #expect(publisher.runLoop === RunLoop.current)
    #expect(publisher.mode == mode)
    #expect(publisher.options == nil)
  }

  @Test func ticksOnlyOnceConnectedAndStopsWhenDisconnected() async throws {
    let thread = RunLoopThread()
    defer { thread.stop() }
    let publisher = Timer.publish(every: 0.01, on: thread.runLoop, in: .default)
    let recorder = publisher.record()
    let limited = publisher.record(demand: .max(1))
    try await Task.sleep(for: .milliseconds(30))
    #expect(recorder.events == [.subscription])

    let connection = publisher.connect()
    let first = try await recorder.next()
    let second = try await recorder.next()
    let third = try await recorder.next()
    #expect(first < second && second < third)
    connection.cancel()
    thread.finishWhatItRuns()  // a tick in flight at the cancel may still arrive, as in Combine

    let count = recorder.values.count
    try await Task.sleep(for: .milliseconds(30))
    #expect(recorder.values.count == count)
    #expect(recorder.completion == nil)  // a timer never completes
    #expect(limited.values.count == 1)
  }

  @Test func theFirstTickComesOneIntervalAfterConnect() async throws {
    let thread = RunLoopThread()
    defer { thread.stop() }
    let interval = 0.2
    let publisher = Timer.publish(every: interval, on: thread.runLoop, in: .default)
    let recorder = publisher.record()
    let connected = Date()
    let connection = publisher.connect()
    let first = try await recorder.next()
    connection.cancel()
    // As in Combine: not at once (the tick is dated when it fires).
    #expect(first.timeIntervalSince(connected) >= interval - 0.01)
  }

  @Test func autoconnectStartsOnSubscriptionAndCancelStopsTheTimer() async throws {
    let thread = RunLoopThread()
    defer { thread.stop() }
    let recorder = Timer.publish(every: 0.01, on: thread.runLoop, in: .default).autoconnect().record()
    _ = try await recorder.next()
    recorder.cancel()
    thread.finishWhatItRuns()  // a tick in flight at the cancel may still arrive, as in Combine
    let count = recorder.values.count
    try await Task.sleep(for: .milliseconds(30))
    #expect(recorder.values.count == count)
  }

  @Test func disconnectingReleasesTheSubscribers() {
    let publisher = Timer.publish(every: 60, on: .current, in: .default)
    weak var weakProbe: LifetimeProbe<Date, Never>?
    do {
      let probe = LifetimeProbe<Date, Never>(demand: .unlimited)
      weakProbe = probe
      publisher.subscribe(probe)
      #expect(probe.subscription != nil)
    }
    let connection = publisher.connect()
    // The probe and its subscription hold each other; the publisher's disconnection ends the subscription.
    #expect(weakProbe != nil)
    connection.cancel()
    #expect(weakProbe == nil)
  }
}
