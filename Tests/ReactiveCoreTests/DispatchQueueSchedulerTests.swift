import Dispatch
import Foundation
import ReactiveCore
import SharedMachinery
import Testing

@Suite struct DispatchQueueSchedulerTests {
  typealias Time = DispatchQueue.SchedulerTimeType
  typealias Stride = DispatchQueue.SchedulerTimeType.Stride

  private func time(_ nanoseconds: UInt64) -> Time {
    Time(DispatchTime(uptimeNanoseconds: nanoseconds))
  }

  @Test func timeMeasuresDistancesInNanoseconds() {
    #expect(time(10_000).distance(to: time(10_431)) == .nanoseconds(431))
    #expect(time(10_431).distance(to: time(10_000)) == .nanoseconds(-431))
    #expect(time(10).distance(to: Time(.distantFuture)) == .nanoseconds(.max))
    #expect(Time(.distantFuture).distance(to: time(10)) == .nanoseconds(.min))
  }

  @Test func timeAdvancesAndSaturates() {
    #expect(time(10_000).advanced(by: .nanoseconds(431)) == time(10_431))
    #expect(time(10_000).advanced(by: .microseconds(-1)) == time(9_000))
    #expect(time(10).advanced(by: .nanoseconds(.max)).dispatchTime == .distantFuture)
    #expect(time(10).advanced(by: .seconds(-1)) == time(1))
    #expect(time(1) < time(2))
    #expect(time(5) == time(5))
    #expect(Set([time(5), time(5), time(6)]).count == 2)
  }

  @Test func timeEncodesAsItsUptime() throws {
    let data = try JSONEncoder().encode([time(42)])
    #expect(String(decoding: data, as: UTF8.self) == "[42]")
    #expect(try JSONDecoder().decode([Time].self, from: data) == [time(42)])
  }

  @Test func strideConvertsUnitsAndLiteralsToNanoseconds() {
    #expect(Stride.seconds(2).magnitude == 2_000_000_000)
    #expect(Stride.seconds(1.5).magnitude == 1_500_000_000)
    #expect(Stride.milliseconds(2).magnitude == 2_000_000)
    #expect(Stride.microseconds(2).magnitude == 2_000)
    #expect(Stride.nanoseconds(2).magnitude == 2)
    let literal: Stride = 3
    let floatLiteral: Stride = 0.25
    #expect(literal == .seconds(3))
    #expect(floatLiteral == .milliseconds(250))
    #expect(Stride(exactly: 2 as UInt8) == .seconds(2))
    #expect(Stride(exactly: UInt64.max) == nil)
    #expect(Stride(.milliseconds(7)) == .milliseconds(7))
    #expect(Stride(.never).magnitude == .max)
    #expect(Stride(.nanoseconds(.max)).magnitude == .max)
    #expect(Stride.seconds(Int.max).magnitude == .max)
    #expect(Stride.milliseconds(Int.min).magnitude == .min)
    #expect(Stride.seconds(1e30).magnitude == .max)
  }

  @Test func strideArithmeticSaturates() throws {
    #expect(Stride.seconds(1) + .milliseconds(500) == .milliseconds(1_500))
    #expect(Stride.seconds(1) - .milliseconds(1_500) == .milliseconds(-500))
    #expect(Stride.milliseconds(100) * 3 == .milliseconds(300))
    #expect(Stride.nanoseconds(.max) + .nanoseconds(1) == .nanoseconds(.max))
    #expect(Stride.nanoseconds(.min) - .nanoseconds(1) == .nanoseconds(.min))
    #expect(Stride.seconds(1_000_000) * 1_000_000 == .nanoseconds(.max))
    var stride = Stride.seconds(1)
    stride += .seconds(1)
    stride *= 2
    stride -= .seconds(1)
    #expect(stride == .seconds(3))
    #expect(-Stride.seconds(1) == .seconds(-1))
    #expect(Stride.milliseconds(1) < .seconds(1))
    let data = try JSONEncoder().encode(Stride.nanoseconds(5))
    #expect(try JSONDecoder().decode(Stride.self, from: data) == .nanoseconds(5))
  }

  @Test func strideEncodesItsNanosecondsUnderCombinesKey() throws {
    let data = try JSONEncoder().encode(Stride.milliseconds(1_500))
    #expect(String(decoding: data, as: UTF8.self) == #"{"_nanoseconds":1500000000}"#)
    let decoded = try JSONDecoder().decode(Stride.self, from: Data(#"{"_nanoseconds":-25}"#.utf8))
    #expect(decoded == .nanoseconds(-25))
  }

  @Test func strideGivesItsTimeIntervalInNanosecondsAsCombineDoes() {
    // Matched by case, not by ==: `.seconds(2) == .nanoseconds(2_000_000_000)`.
    func nanoseconds(_ interval: DispatchTimeInterval) -> Int? {
      if case let .nanoseconds(count) = interval { return count }
      return nil
    }
    #expect(nanoseconds(Stride.seconds(2).timeInterval) == 2_000_000_000)
    #expect(nanoseconds(Stride.seconds(-3).timeInterval) == -3_000_000_000)
    #expect(nanoseconds(Stride.milliseconds(1_500).timeInterval) == 1_500_000_000)
    #expect(nanoseconds(Stride.microseconds(7).timeInterval) == 7_000)
    #expect(nanoseconds(Stride.nanoseconds(1_000_001).timeInterval) == 1_000_001)
    #expect(nanoseconds(Stride.nanoseconds(0).timeInterval) == 0)
    #expect(nanoseconds(Stride.nanoseconds(.max).timeInterval) == .max)
    #expect(Stride.seconds(2).timeInterval == .seconds(2))
    #expect(Stride(Stride.seconds(2).timeInterval) == .seconds(2))
  }

  @Test func schedulerNamesItsTimeTypeAsPrimaryAssociatedType() {
    // Third-party erased schedulers are written against `some Scheduler<Time>`.
    func later(on scheduler: some Scheduler<Time>, by stride: Stride) -> Time {
      scheduler.now.advanced(by: stride)
    }
    let queue = DispatchQueue(label: "DispatchQueueSchedulerTests.primary")
    let before = queue.now
    #expect(later(on: queue, by: .seconds(5)) >= before.advanced(by: .seconds(5)))
    let schedulers: [any Scheduler<Time>] = [queue, DispatchQueue.main]
    #expect(schedulers.count == 2)
  }

  @Test func runsActionsOnTheQueueInOrder() {
    let queue = DispatchQueue(label: "DispatchQueueSchedulerTests")
    let log = Lock<[Int]>([])
    let group = DispatchGroup()
    for index in 0..<5 {
      queue.schedule(options: .init(group: group)) { log.withLock { $0.append(index) } }
    }
    #expect(group.wait(timeout: .now() + 5) == .success)
    #expect(log.withLock { $0 } == [0, 1, 2, 3, 4])
  }

  @Test func runsADelayedActionAfterItsDate() {
    let queue = DispatchQueue(label: "DispatchQueueSchedulerTests")
    let done = DispatchSemaphore(value: 0)
    let start = queue.now
    let ranAt = Lock<Time?>(nil)
    queue.schedule(after: start.advanced(by: .milliseconds(20))) {
      ranAt.withLock { $0 = queue.now }
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 5) == .success)
    let elapsed = start.distance(to: ranAt.withLock { $0 }!)
    #expect(elapsed >= .milliseconds(20))
  }

  @Test func repeatsUntilCancelled() {
    let queue = DispatchQueue(label: "DispatchQueueSchedulerTests")
    let ticks = Lock(0)
    let thirdTick = DispatchSemaphore(value: 0)
    let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(5)) {
      let count = ticks.withLock { count in
        count += 1
        return count
      }
      if count == 3 { thirdTick.signal() }
    }
    #expect(thirdTick.wait(timeout: .now() + 5) == .success)
    cancellable.cancel()
    let countAfterCancel = queue.sync { ticks.withLock { $0 } }
    queue.sync {}  // a tick in flight when cancel ran has finished
    Thread.sleep(forTimeInterval: 0.03)
    #expect(queue.sync { ticks.withLock { $0 } } == countAfterCancel)
  }
}
