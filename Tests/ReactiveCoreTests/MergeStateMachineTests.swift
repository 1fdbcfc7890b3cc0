import ReactiveCore
import Testing

/// Downstream and upstreams are names; values are Ints.
private typealias Machine = MergeStateMachine<String, String, Int, TestError>

/// One line per action; leftovers show the queued values they drop.
private func render(_ action: Machine.Action) -> String {
  render(action) { "\($0.queue.elements)" }
}

/// Both upstreams subscribed.
private func subscribed(demand: Subscribers.Demand = .none) -> Machine {
  .bothSubscribed(demand: demand)
}

@Suite struct MergeStateMachineTests {
  // MARK: Subscriptions

  @Test func anUpstreamThatSubscribesLateIsAskedForTheDemandNotCoveredByQueuedValues() {
    var machine = Machine(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)
    _ = machine.request(.max(3))
    _ = machine.valueArrived(1)  // delivered by this thread
    _ = machine.valueArrived(2)  // queued behind it

    #expect(render(machine.upstreamSubscribed("b", side: 1)) == "request max(1) from b")
    #expect(render(machine.upstreamSubscribed("b2", side: 1)) == "cancel b2")
  }

  // MARK: Values and demand

  @Test func valuesAreDeliveredInArrivalOrderWithinDemand() {
    var machine = subscribed(demand: .max(2))

    #expect(render(machine.valueArrived(1)) == "deliver 1 to down")
    #expect(render(machine.valueArrived(2)) == "none")  // another delivery runs: queued
    #expect(render(machine.valueArrived(3)) == "none")
    #expect(render(machine.delivered(.none)) == "deliver 2 to down")
    #expect(render(machine.delivered(.none)) == "idle")  // 3 waits for demand
    #expect(machine.queuedCount == 1)
    #expect(render(machine.request(.max(1))) == #"request max(1) from ["a", "b"], resume"#)
    #expect(render(machine.resume()) == "deliver 3 to down")
    #expect(render(machine.delivered(.max(2))) == #"request max(2) from ["a", "b"], resume"#)
    #expect(render(machine.resume()) == "idle")
    #expect(machine.demand == .max(2))
  }

  @Test func aRequestDuringADeliveryOnlyAddsDemand() {
    var machine = subscribed(demand: .max(1))
    _ = machine.valueArrived(1)

    #expect(render(machine.request(.max(1))) == #"request max(1) from ["a", "b"]"#)
    #expect(machine.demand == .max(1))
  }

  // MARK: Completion

  @Test func finishesOnceEveryUpstreamFinishedAfterTheQueuedValues() {
    var machine = subscribed()
    _ = machine.valueArrived(1)

    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "none")
    #expect(render(machine.upstreamCompleted(side: 1, .finished)) == "cancel [], drop [], resume")
    #expect(render(machine.resume()) == "idle")  // 1 waits for demand
    #expect(render(machine.request(.max(1))) == "request max(1) from [], resume")
    #expect(render(machine.resume()) == "deliver 1 to down")
    #expect(render(machine.delivered(.none)) == "complete finished to down")
  }

  @Test func aFailureCancelsTheOthersFirstAndDropsTheQueue() {
    var machine = subscribed()
    _ = machine.valueArrived(1)

    #expect(
      render(machine.upstreamCompleted(side: 0, .failure(TestError(code: 1)))) == #"cancel ["b"], drop [1], resume"#
    )
    #expect(render(machine.resume()) == "complete failure 1 to down")
    #expect(render(machine.upstreamCompleted(side: 1, .finished)) == "none")
  }

  @Test func aCompletionDuringAnotherDeliveryIsDeliveredByTheDeliveringThread() {
    var machine = subscribed(demand: .unlimited)
    _ = machine.valueArrived(1)  // this thread delivers

    #expect(render(machine.upstreamCompleted(side: 1, .failure(TestError(code: 2)))) == #"cancel ["a"], drop []"#)
    #expect(render(machine.valueArrived(2)) == "none")
    #expect(render(machine.delivered(.none)) == "complete failure 2 to down")
  }

  @Test func aMergeOfNoUpstreamFinishesAtOnce() {
    var machine = Machine(downstream: "down", upstreams: 0)
    #expect(render(machine.noUpstreams()) == "complete finished to down")
    #expect(render(machine.noUpstreams()) == "none")
  }

  // MARK: Cancel, in each state

  @Test func cancelWhileRunningCancelsEveryUpstreamAndReleasesTheQueue() {
    var machine = Machine(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)
    _ = machine.valueArrived(1)

    #expect(render(machine.cancel()) == #"cancel ["a"], release down, drop [1]"#)
    #expect(render(machine.upstreamSubscribed("b", side: 1)) == "cancel b")
    #expect(render(machine.valueArrived(2)) == "none")
  }

  @Test func cancelWhileCompletingReleasesDownstreamWithoutACompletion() {
    var machine = subscribed()
    _ = machine.valueArrived(1)
    _ = machine.upstreamCompleted(side: 0, .finished)
    _ = machine.upstreamCompleted(side: 1, .finished)

    #expect(render(machine.cancel()) == "cancel [], release down, drop [1]")
    #expect(render(machine.request(.max(1))) == "request max(1) from []")
  }

  @Test func cancelAfterTheCompletionHoldsNothing() {
    var machine = subscribed()
    _ = machine.upstreamCompleted(side: 0, .finished)
    _ = machine.upstreamCompleted(side: 1, .finished)
    #expect(render(machine.resume()) == "complete finished to down")

    #expect(render(machine.cancel()) == "cancel [], release nothing, drop []")
  }

  @Test func cancelDuringADeliveryEndsIt() {
    var machine = subscribed(demand: .max(1))
    _ = machine.valueArrived(1)

    #expect(render(machine.cancel()) == #"cancel ["a", "b"], release down, drop []"#)
    #expect(render(machine.delivered(.max(1))) == "request max(1) from [], resume")
    #expect(render(machine.resume()) == "idle")
  }
}
