import ReactiveCore
import Testing

@Suite struct ImmediateSchedulerTests {
  @Test func runsEveryActionAtOnceOnTheCallingThread() {
    var log: [String] = []
    let scheduler = ImmediateScheduler.shared
    scheduler.schedule { log.append("now") }
    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("after") }
    let cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { log.append("repeating") }
    cancellable.cancel()
    #expect(log == ["now", "after", "repeating"])
  }

  @Test func aRepeatingActionReturnsTheEmptySubscriptionAsInCombine() {
    var runs = 0
    let cancellable = ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now, interval: .seconds(10)) {
      runs += 1
    }

    #expect(runs == 1)
    #expect(String(describing: cancellable) == "Empty")
  }

  @Test func timeDoesNotPass() {
    let scheduler = ImmediateScheduler.shared
    let now = scheduler.now
    #expect(now.advanced(by: .seconds(5)) == now)
    #expect(now.distance(to: now.advanced(by: 3)) == 0)
    #expect(!(now < now.advanced(by: 1)))
    #expect(scheduler.minimumTolerance == .zero)
  }

  @Test func strideSupportsArithmeticAndLiterals() {
    typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
    let three: Stride = 3
    let two: Stride = 2.0
    #expect(three + two == 5)
    #expect(three - two == 1)
    #expect(three * two == 6)
    #expect(two < three)
    var value = three
    value += 1
    value -= 2
    value *= 5
    #expect(value.magnitude == 10)
    #expect(Stride(exactly: UInt64.max) == nil)
    #expect(Stride.seconds(1) == 0)
    #expect(Stride.seconds(1.5) == 0)
    #expect(Stride.milliseconds(1) == 0)
    #expect(Stride.microseconds(1) == 0)
    #expect(Stride.nanoseconds(1) == 0)
  }
}
