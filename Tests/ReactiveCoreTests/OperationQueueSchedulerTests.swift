import Foundation
import ReactiveCore
import Synchronization
import Testing

@Suite struct OperationQueueSchedulerTests {
  typealias Time = OperationQueue.SchedulerTimeType
  typealias Stride = OperationQueue.SchedulerTimeType.Stride

  @Test func timeArithmeticIsInSeconds() throws {
    let start = Time(Date(timeIntervalSinceReferenceDate: 100))
    #expect(start.advanced(by: .milliseconds(500)).date == Date(timeIntervalSinceReferenceDate: 100.5))
    #expect(start.distance(to: Time(Date(timeIntervalSinceReferenceDate: 98))) == .seconds(-2))
    #expect(start < start.advanced(by: .nanoseconds(1_000)))
    let literal: Stride = 2
    #expect(literal.timeInterval == 2)
    #expect(Stride.microseconds(1_500).magnitude == 0.0015)
    #expect(Stride.seconds(2) * 3 == .seconds(6))
    #expect(Stride(exactly: 7 as Int8) == .seconds(7))
    var stride = Stride.seconds(1)
    stride += 1
    stride -= 0.5
    stride *= 4
    #expect(stride == .seconds(6))
    let data = try JSONEncoder().encode(start)
    #expect(try JSONDecoder().decode(Time.self, from: data) == start)
  }

  @Test func runsImmediateDelayedAndRepeatingActions() {
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let log = Mutex<[String]>([])
    let done = DispatchSemaphore(value: 0)
    queue.schedule { log.withLock { $0.append("now") } }
    queue.schedule(after: queue.now.advanced(by: .milliseconds(10))) {
      log.withLock { $0.append("later") }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)

    let (cancellable, counter) = scheduleUntilTheThirdTick(on: queue)
    cancellable.cancel()
    queue.waitUntilAllOperationsAreFinished()
    let countAfterCancel = counter.ticks
    Thread.sleep(forTimeInterval: 0.03)
    queue.waitUntilAllOperationsAreFinished()
    #expect(counter.ticks == countAfterCancel)
    #expect(log.withLock { $0 } == ["now", "later"])
  }
}
