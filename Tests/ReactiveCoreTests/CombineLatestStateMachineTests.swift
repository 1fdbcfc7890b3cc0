import ReactiveCore
import Testing

/// The latest Int of each of two upstreams; a combination reads "left-right".
private struct PairLatest: CombineLatestValues {
  typealias Output = String

  var left: Int?
  var right: Int?

  var combination: String? {
    guard let left, let right else { return nil }
    return "\(left)-\(right)"
  }
}

/// Downstream and upstreams are names: the machine only carries them.
private typealias Machine = CombineLatestStateMachine<String, String, PairLatest, TestError>

/// One line per action; leftovers show the latest values they drop.
private func render(_ action: Machine.Action) -> String {
  render(action) { "\([$0.stored.left, $0.stored.right].compactMap { $0 })" }
}

private func store(_ value: Int, side: Int) -> (inout PairLatest) -> Void {
  { latest in side == 0 ? (latest.left = value) : (latest.right = value) }
}

/// Both upstreams subscribed.
private func subscribed(demand: Subscribers.Demand = .none) -> Machine {
  .bothSubscribed(demand: demand)
}

@Suite struct CombineLatestStateMachineTests {
  // MARK: Subscriptions

  @Test func anUpstreamThatSubscribesLateIsAskedForTheDemandNotCoveredByQueuedCombinations() {
    var machine = Machine(downstream: "down", upstreams: 3)
    _ = machine.upstreamSubscribed("a", side: 0)
    _ = machine.upstreamSubscribed("b", side: 1)

    #expect(render(machine.request(.max(3))) == #"request max(3) from ["a", "b"]"#)
    #expect(render(machine.upstreamSubscribed("c", side: 2)) == "request max(3) from c")
    #expect(render(machine.upstreamSubscribed("c2", side: 2)) == "cancel c2")
  }

  @Test func anUpstreamThatSubscribesWithoutUncoveredDemandIsAskedForNothing() {
    var machine = Machine(downstream: "down", upstreams: 2)
    #expect(render(machine.upstreamSubscribed("a", side: 0)) == "none")
  }

  // MARK: Values and demand

  @Test func everyValueOnceEachUpstreamHasOneIsACombination() {
    var machine = subscribed(demand: .unlimited)

    #expect(render(machine.valueArrived(side: 0, store: store(1, side: 0))) == "none")
    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "deliver 1-10 to down")
    #expect(render(machine.delivered(.none)) == "idle")
    #expect(render(machine.valueArrived(side: 0, store: store(2, side: 0))) == "deliver 2-10 to down")
    #expect(render(machine.delivered(.max(1))) == #"request max(1) from ["a", "b"], resume"#)
    #expect(render(machine.resume()) == "idle")
  }

  @Test func withoutDemandTheNewestCombinationReplacesTheQueuedOne() {
    var machine = subscribed(demand: .max(1))
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))  // this thread delivers 1-10

    #expect(render(machine.valueArrived(side: 0, store: store(2, side: 0))) == "none")  // queued: no demand left
    #expect(render(machine.valueArrived(side: 0, store: store(3, side: 0))) == "discard 2-10")
    #expect(machine.queuedCount == 1)
    #expect(render(machine.delivered(.none)) == "idle")
    #expect(render(machine.request(.max(1))) == #"request max(1) from ["a", "b"], resume"#)
    #expect(render(machine.resume()) == "deliver 3-10 to down")
  }

  @Test func aValueFromAnUpstreamThatIsNotSubscribedIsDropped() {
    var machine = Machine(downstream: "down", upstreams: 2)
    #expect(render(machine.valueArrived(side: 0, store: store(1, side: 0))) == "none")
    #expect(machine.values.left == nil)
  }

  @Test func aValueFromAnUpstreamAfterItFinishedIsDropped() {
    var machine = Machine(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)
    _ = machine.upstreamSubscribed("b", side: 1)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "none")  // b still runs

    #expect(render(machine.valueArrived(side: 0, store: store(2, side: 0))) == "none")
    #expect(machine.values.left == 1)
  }

  // MARK: Completion

  @Test func finishesOnlyOnceEveryUpstreamFinishedAfterTheQueuedCombinations() {
    var machine = subscribed()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "none")
    #expect(render(machine.upstreamCompleted(side: 1, .finished)) == "cancel [], drop [1, 10], resume")
    #expect(render(machine.resume()) == "idle")  // the combination waits for demand
    #expect(render(machine.request(.max(1))) == "request max(1) from [], resume")
    #expect(render(machine.resume()) == "deliver 1-10 to down")
    #expect(render(machine.delivered(.none)) == "complete finished to down")
  }

  @Test func aFailureCancelsTheOthersBeforeItIsDeliveredAndDropsTheQueue() {
    var machine = subscribed()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(
      render(machine.upstreamCompleted(side: 1, .failure(TestError(code: 1)))) == #"cancel ["a"], drop [1, 10], resume"#
    )
    #expect(machine.queuedCount == 0)
    #expect(render(machine.resume()) == "complete failure 1 to down")
  }

  @Test func aCompletionDuringAnotherDeliveryIsDeliveredByTheDeliveringThread() {
    var machine = subscribed(demand: .unlimited)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))  // this thread delivers 1-10

    #expect(render(machine.upstreamCompleted(side: 0, .failure(TestError(code: 2)))) == #"cancel ["b"], drop [1, 10]"#)
    #expect(render(machine.delivered(.none)) == "complete failure 2 to down")
    #expect(render(machine.upstreamCompleted(side: 1, .finished)) == "none")
  }

  // MARK: Cancel, in each state

  @Test func cancelWhileRunningCancelsEveryUpstreamAndReleasesEverything() {
    var machine = subscribed()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))

    #expect(render(machine.cancel()) == #"cancel ["a", "b"], release down, drop [1]"#)
    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "none")
    #expect(render(machine.request(.max(1))) == "request max(1) from []")
  }

  @Test func cancelWhileCompletingReleasesDownstreamWithoutACompletion() {
    var machine = subscribed()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))
    _ = machine.upstreamCompleted(side: 0, .finished)
    _ = machine.upstreamCompleted(side: 1, .finished)
    _ = machine.resume()  // the combination waits for demand

    #expect(render(machine.cancel()) == "cancel [], release down, drop []")
    #expect(render(machine.request(.max(1))) == "request max(1) from []")
  }

  @Test func cancelAfterTheCompletionHoldsNothing() {
    var machine = subscribed()
    _ = machine.upstreamCompleted(side: 0, .failure(TestError(code: 1)))
    _ = machine.resume()

    #expect(render(machine.cancel()) == "cancel [], release nothing, drop []")
  }

  @Test func cancelDuringADeliveryEndsIt() {
    var machine = subscribed(demand: .max(1))
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(render(machine.cancel()) == #"cancel ["a", "b"], release down, drop [1, 10]"#)
    #expect(render(machine.delivered(.max(1))) == "request max(1) from [], resume")
    #expect(render(machine.resume()) == "idle")
    #expect(machine.demand == .none)
  }
}
