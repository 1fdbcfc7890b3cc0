import SharedMachinery
import Testing

/// The waiter bridge behind `values`, `Future.value`, the traits' `value`
/// and `values(bufferingPolicy:)`, driven event by event without threads:
/// waiting tasks are numbers, the subscription is a name.
private typealias Machine = AsyncWaiterMachine<Int, TestError, String, Int>

/// What `action` does after the lock, one line per call, in order.
private func render(_ action: consuming Machine.Action) -> [String] {
  var calls: [String] = []
  Machine.perform(
    action,
    request: { upstream, demand in
      calls.append("request \(demand.limit.map { "max(\($0))" } ?? "unlimited") from \(upstream)")
    },
    cancel: { calls.append("cancel \($0)") },
    resume: { waiter, outcome in calls.append("resume \(waiter) with \(describe(outcome))") }
  )
  return calls
}

private func describe(_ outcome: Machine.Outcome) -> String {
  switch outcome {
  case let .value(value): "\(value)"
  case .finished: "finished"
  case let .failure(error): "failure \(error.code)"
  case .cancelled: "cancelled"
  }
}

@Suite struct AsyncWaiterMachineTests {
  // MARK: One value per wait (Combine's values, Future.value, the traits' value)

  @Test func waitsBeforeTheSubscriptionAreRequestedForWhenItComes() {
    var machine = Machine(policy: .perWait)
    #expect(render(machine.wait(1)) == [])
    #expect(render(machine.wait(2)) == [])
    #expect(render(machine.subscribed("up")) == ["request max(2) from up"])
    #expect(render(machine.subscribed("second")) == ["cancel second"])
  }

  @Test func eachWaitRequestsOneValueWhichResumesTheOldestTask() {
    var machine = Machine(policy: .perWait)
    #expect(render(machine.subscribed("up")) == [])
    #expect(render(machine.wait(1)) == ["request max(1) from up"])
    #expect(render(machine.wait(2)) == ["request max(1) from up"])
    #expect(render(machine.receive(10)) == ["resume 1 with 10"])
    #expect(render(machine.receive(20)) == ["resume 2 with 20"])
    #expect(render(machine.receive(30)) == [])  // nobody waits: it came without demand, dropped
    #expect(render(machine.wait(3)) == ["request max(1) from up"])  // 30 is not kept
  }

  @Test func aValueThatEndsTheWaitCancelsTheSubscriptionThenResumesTheTask() {
    var machine = Machine(policy: .perWait)
    _ = machine.wait(1)
    #expect(render(machine.subscribed("up")) == ["request max(1) from up"])
    #expect(render(machine.receiveEnding(10)) == ["cancel up", "resume 1 with 10"])
    #expect(render(machine.receive(20)) == [])  // over: dropped
    #expect(render(machine.complete(.finished)) == [])
    #expect(render(machine.cancel()) == [])
    #expect(render(machine.wait(2)) == ["resume 2 with cancelled"])
  }

  @Test func aValueThatEndsTheWaitGoesToTheOldestTaskAndTheOthersAreCancelled() {
    var machine = Machine(policy: .perWait)
    _ = machine.wait(1)
    _ = machine.wait(2)
    _ = machine.subscribed("up")
    #expect(render(machine.receiveEnding(10)) == ["cancel up", "resume 1 with 10", "resume 2 with cancelled"])
  }

  @Test func aValueThatEndsTheWaitWithNobodyWaitingOnlyCancels() {
    var machine = Machine(policy: .perWait)
    #expect(render(machine.receiveEnding(5)) == [])  // before the subscription: dropped
    _ = machine.subscribed("up")
    #expect(render(machine.receiveEnding(10)) == ["cancel up"])
    #expect(render(machine.wait(1)) == ["resume 1 with cancelled"])
  }

  @Test func aCompletionGoesToTheOldestTaskAndTheOthersEnd() {
    var machine = Machine(policy: .perWait)
    _ = machine.subscribed("up")
    _ = machine.wait(1)
    _ = machine.wait(2)
    #expect(
      render(machine.complete(.failure(TestError(code: 7)))) == ["resume 1 with failure 7", "resume 2 with finished"]
    )
    #expect(render(machine.wait(3)) == ["resume 3 with finished"])  // thrown once
    #expect(render(machine.complete(.finished)) == [])
    #expect(render(machine.cancel()) == [])
  }

  @Test func aCompletionWithoutTasksIsHandedToTheNextWaitThenTheEnd() {
    var machine = Machine(policy: .perWait)
    _ = machine.subscribed("up")
    #expect(render(machine.complete(.failure(TestError(code: 1)))) == [])
    #expect(render(machine.wait(1)) == ["resume 1 with failure 1"])
    #expect(render(machine.wait(2)) == ["resume 2 with finished"])
    #expect(render(machine.subscribed("late")) == ["cancel late"])
  }

  @Test func aCancelCancelsTheSubscriptionAndEndsEveryWaitThenAndLater() {
    var machine = Machine(policy: .perWait)
    _ = machine.subscribed("up")
    _ = machine.wait(1)
    _ = machine.wait(2)
    #expect(render(machine.cancel()) == ["cancel up", "resume 1 with cancelled", "resume 2 with cancelled"])
    #expect(render(machine.wait(3)) == ["resume 3 with cancelled"])
    #expect(render(machine.receive(1)) == [])
    #expect(render(machine.cancel()) == [])
  }

  @Test func aCancelBeforeTheWaitEndsItAtOnceAndTheSubscriptionThatComesIsCancelled() {
    // The traits' value: a task cancelled before it waited never subscribes.
    var machine = Machine(policy: .perWait)
    #expect(render(machine.cancel()) == [])
    #expect(render(machine.wait(1)) == ["resume 1 with cancelled"])
    #expect(render(machine.subscribed("up")) == ["cancel up"])
  }

  @Test func aValueBeforeTheSubscriptionIsDropped() {
    var machine = Machine(policy: .perWait)
    _ = machine.wait(1)
    #expect(render(machine.receive(5)) == [])
    #expect(render(machine.subscribed("up")) == ["request max(1) from up"])
    #expect(render(machine.receive(6)) == ["resume 1 with 6"])
  }

  // MARK: Buffering policies (values(bufferingPolicy:))

  @Test func unboundedRequestsEverythingAndKeepsEveryValueForLaterWaits() {
    var machine = Machine(policy: .unbounded)
    #expect(render(machine.subscribed("up")) == ["request unlimited from up"])
    _ = machine.receive(1)
    _ = machine.receive(2)
    _ = machine.complete(.failure(TestError(code: 3)))
    #expect(render(machine.wait(1)) == ["resume 1 with 1"])
    #expect(render(machine.wait(2)) == ["resume 2 with 2"])
    #expect(render(machine.wait(3)) == ["resume 3 with failure 3"])  // after the kept values
    #expect(render(machine.wait(4)) == ["resume 4 with finished"])
  }

  @Test func oldestRequestsItsSizeThenOneMorePerWaitAndDropsBeyondIt() {
    var machine = Machine(policy: .oldest(2))
    _ = machine.wait(1)  // owed one more, on top of the size
    #expect(render(machine.subscribed("up")) == ["request max(3) from up"])
    #expect(render(machine.receive(1)) == ["resume 1 with 1"])
    _ = machine.receive(2)
    _ = machine.receive(3)
    #expect(render(machine.receive(4)) == [])  // beyond the demand: dropped
    #expect(render(machine.wait(2)) == ["request max(1) from up", "resume 2 with 2"])
    #expect(render(machine.wait(3)) == ["request max(1) from up", "resume 3 with 3"])
  }

  @Test func oldestOfTheLargestSizeSaturatesToUnlimited() {
    var machine = Machine(policy: .oldest(.max))
    _ = machine.wait(1)
    #expect(render(machine.subscribed("up")) == ["request unlimited from up"])
  }

  @Test func newestKeepsTheLatestValuesAndANegativeSizeKeepsNone() {
    var machine = Machine(policy: .newest(2))
    #expect(render(machine.subscribed("up")) == ["request unlimited from up"])
    for value in 1...4 {
      _ = machine.receive(value)
    }
    #expect(render(machine.wait(1)) == ["resume 1 with 3"])
    #expect(render(machine.wait(2)) == ["resume 2 with 4"])

    var none = Machine(policy: .newest(-1))
    _ = none.subscribed("up")
    _ = none.receive(1)
    #expect(render(none.wait(1)) == [])  // nothing kept: it waits
  }

  @Test func aCancelReleasesTheKeptValuesAndEndsLaterWaits() {
    var machine = Machine(policy: .unbounded)
    _ = machine.subscribed("up")
    _ = machine.receive(1)
    #expect(render(machine.cancel()) == ["cancel up"])
    #expect(render(machine.wait(1)) == ["resume 1 with cancelled"])
  }
}
