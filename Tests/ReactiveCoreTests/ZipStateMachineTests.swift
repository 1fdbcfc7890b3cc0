import ReactiveCore
import Testing

/// Two upstreams of Ints; a tuple reads "left-right".
private struct PairBuffers: ZipBuffers {
  var left: [Int] = []
  var right: [Int] = []

  var hasTuple: Bool { !left.isEmpty && !right.isEmpty }

  func isEmpty(side: Int) -> Bool { side == 0 ? left.isEmpty : right.isEmpty }

  mutating func removeFirstTuple() -> String { "\(left.removeFirst())-\(right.removeFirst())" }
}

/// Downstream and upstreams are names: the machine only carries them.
private typealias Machine = ZipStateMachine<String, String, PairBuffers, TestError>

/// One line per action, naming everything the caller would act on.
private func render(_ action: Machine.Action) -> String {
  switch action {
  case .none:
    return "none"
  case let .cancelUpstream(upstream):
    return "cancel \(upstream)"
  case let .subscribeDownstream(downstream, resume):
    return "subscribe \(downstream)" + (resume ? ", resume" : "")
  case let .request(links, demand, skipping, resume):
    let targets = links.indices.filter { $0 != skipping }.compactMap { links[$0].subscription }
    return "request \(demand.text) from \(targets)" + (resume ? ", resume" : "")
  case let .deliver(downstream, tuple):
    return "deliver \(tuple) to \(downstream)"
  case let .idle(returning, cancel):
    return "idle, return \(returning.text), cancel \(cancel)"
  case let .complete(downstream, completion, returning, cancel, leftovers):
    let dropped = leftovers.stored.left + leftovers.stored.right
    return
      "complete \(render(completion)) to \(downstream), return \(returning.text), cancel \(cancel), drop \(dropped)"
  case let .cancelled(upstreams, leftovers):
    let dropped = leftovers.stored.left + leftovers.stored.right
    return "cancel \(upstreams), release \(leftovers.downstream ?? "nothing"), drop \(dropped)"
  }
}

private func store(_ value: Int, side: Int) -> (inout PairBuffers) -> Void {
  { buffers in side == 0 ? buffers.left.append(value) : buffers.right.append(value) }
}

/// Both upstreams subscribed, downstream started.
private func running(demand: Subscribers.Demand = .none) -> Machine {
  .bothSubscribed(demand: demand)
}

@Suite struct ZipStateMachineTests {
  // MARK: Subscriptions

  @Test func downstreamGetsItsSubscriptionWhenTheLastUpstreamGivesItsOwn() {
    var machine = Machine(downstream: "down", upstreams: 2)

    #expect(render(machine.upstreamSubscribed("a", side: 0)) == "none")
    #expect(render(machine.upstreamSubscribed("b", side: 1)) == "subscribe down")
    #expect(render(machine.upstreamSubscribed("a2", side: 0)) == "cancel a2")
  }

  @Test func aValueBeforeEveryUpstreamSubscribedWaitsInItsBuffer() {
    var machine = Machine(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)

    #expect(render(machine.valueArrived(side: 0, store: store(1, side: 0))) == "none")
    #expect(render(machine.valueArrived(side: 1, store: store(9, side: 1))) == "none")  // b is not subscribed
    #expect(machine.buffers.left == [1])
    #expect(machine.buffers.right == [])
  }

  @Test func aValueFromAnUpstreamAfterItFinishedIsDropped() {
    var machine = running()
    _ = machine.request(.unlimited)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 0, store: store(2, side: 0))
    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "none")  // its values may still pair

    #expect(render(machine.valueArrived(side: 0, store: store(3, side: 0))) == "none")
    #expect(machine.buffers.left == [1, 2])
    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "deliver 1-10 to down")
  }

  // MARK: Values and demand

  @Test func aValueThatCompletesATupleWithDemandIsDelivered() {
    var machine = running()

    #expect(render(machine.request(.max(2))) == #"request max(2) from ["a", "b"]"#)
    #expect(render(machine.valueArrived(side: 0, store: store(1, side: 0))) == "none")
    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "deliver 1-10 to down")
    #expect(render(machine.delivered(.none)) == "idle, return none, cancel []")
    #expect(machine.demand == .max(1))
  }

  @Test func aTupleWithoutDemandWaitsForARequest() {
    var machine = running()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))

    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "none")
    #expect(machine.queuedTuples == 1)
    #expect(render(machine.request(.max(1))) == #"request max(1) from ["a", "b"], resume"#)
    #expect(render(machine.resume()) == "deliver 1-10 to down")
    #expect(render(machine.delivered(.none)) == "idle, return none, cancel []")
    #expect(machine.demand == .none)
  }

  @Test func demandReturnedForATupleGoesBackToTheUpstreamWhoseValueCompletedIt() {
    var machine = running(demand: .max(1))
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(render(machine.delivered(.max(2))) == #"request max(2) from ["a"], resume"#)
    #expect(render(machine.resume()) == "idle, return max(2), cancel []")
    #expect(machine.demand == .max(2))
  }

  @Test func aRequestDuringADeliveryStartedByAValueGoesBackToThatUpstream() {
    var machine = running(demand: .max(1))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))  // side 0 completes the tuple

    #expect(render(machine.request(.max(1))) == #"request max(1) from ["b"]"#)
    #expect(render(machine.delivered(.none)) == "idle, return max(1), cancel []")
  }

  @Test func aRequestDuringADeliveryStartedByARequestGoesToEveryUpstream() {
    var machine = running()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))
    _ = machine.request(.max(1))
    #expect(render(machine.resume()) == "deliver 1-10 to down")

    #expect(render(machine.request(.max(1))) == #"request max(1) from ["a", "b"]"#)
    #expect(render(machine.delivered(.max(1))) == #"request max(1) from ["a", "b"], resume"#)
    #expect(render(machine.resume()) == "idle, return none, cancel []")
    #expect(machine.demand == .max(2))
  }

  @Test func aValueDuringAnotherDeliveryIsQueuedForTheDeliveringThread() {
    var machine = running(demand: .unlimited)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))  // this thread delivers 1-10

    _ = machine.valueArrived(side: 0, store: store(2, side: 0))
    #expect(render(machine.valueArrived(side: 1, store: store(20, side: 1))) == "none")
    #expect(render(machine.delivered(.none)) == "deliver 2-20 to down")
    #expect(render(machine.delivered(.none)) == "idle, return none, cancel []")
    #expect(machine.demand == .unlimited)
  }

  @Test func demandSaturatesAndNeverGoesBelowNone() {
    var machine = running(demand: .max(Int.max))
    _ = machine.request(.max(1))
    #expect(machine.demand == .unlimited)

    var limited = running(demand: .max(1))
    _ = limited.valueArrived(side: 0, store: store(1, side: 0))
    _ = limited.valueArrived(side: 1, store: store(10, side: 1))
    _ = limited.delivered(.none)
    _ = limited.valueArrived(side: 0, store: store(2, side: 0))
    #expect(render(limited.valueArrived(side: 1, store: store(20, side: 1))) == "none")
    #expect(limited.demand == .none)
  }

  // MARK: Completion

  @Test func aFinishWithValuesLeftWaitsForThemToPair() {
    var machine = running(demand: .unlimited)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))

    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "none")
    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "deliver 1-10 to down")
    #expect(render(machine.delivered(.none)) == "complete finished to down, return none, cancel [\"b\"], drop []")
    #expect(render(machine.valueArrived(side: 1, store: store(20, side: 1))) == "none")
  }

  @Test func aFinishWithAnEmptyBufferEndsAtOnceAndCancelsTheOthersAfterTheCompletion() {
    var machine = running()
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(
      render(machine.upstreamCompleted(side: 0, .finished))
        == "complete finished to down, return none, cancel [\"b\"], drop [10]"
    )
    #expect(render(machine.upstreamCompleted(side: 1, .finished)) == "none")
    #expect(render(machine.request(.max(1))) == "request max(1) from []")
  }

  @Test func aFinishWithTuplesWaitingForDemandCancelsTheOthersNowAndFinishesAfterThem() {
    var machine = running()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "idle, return none, cancel [\"b\"]")
    #expect(render(machine.request(.max(1))) == "request max(1) from [], resume")
    #expect(render(machine.resume()) == "deliver 1-10 to down")
    #expect(render(machine.delivered(.none)) == "complete finished to down, return none, cancel [], drop []")
  }

  @Test func aFailureGoesAheadOfQueuedTuplesAndDropsThem() {
    var machine = running()
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))
    _ = machine.valueArrived(side: 1, store: store(20, side: 1))

    let action = machine.upstreamCompleted(side: 0, .failure(TestError(code: 1)))

    #expect(
      render(action) == "complete failure 1 to down, return none, cancel [\"b\"], drop [20]"
    )
    #expect(machine.queuedTuples == 0)
  }

  @Test func aCompletionDuringAnotherDeliveryWaitsForThatDelivery() {
    var machine = running(demand: .unlimited)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))  // this thread delivers 1-10

    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "none")  // another thread: it waits
    #expect(render(machine.delivered(.none)) == "complete finished to down, return none, cancel [\"b\"], drop []")
  }

  @Test func aFailureRacingAFinishIsIgnoredOnceTheResultEnded() {
    var machine = running()
    _ = machine.upstreamCompleted(side: 0, .finished)

    #expect(render(machine.upstreamCompleted(side: 1, .failure(TestError(code: 2)))) == "none")
    #expect(render(machine.cancel()) == "cancel [], release nothing, drop []")
  }

  @Test func aResultThatEndsBeforeEveryUpstreamSubscribedSubscribesDownstreamFirst() {
    var machine = Machine(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)

    #expect(render(machine.upstreamCompleted(side: 0, .finished)) == "subscribe down, resume")
    #expect(render(machine.request(.max(1))) == "request max(1) from []")
    #expect(render(machine.resume()) == "complete finished to down, return none, cancel [], drop []")
    #expect(render(machine.upstreamSubscribed("b", side: 1)) == "cancel b")
  }

  // MARK: Cancel, in each state

  @Test func cancelWhileSubscribingCancelsTheSubscribedUpstreamsAndReleasesDownstream() {
    var machine = Machine(downstream: "down", upstreams: 2)
    _ = machine.upstreamSubscribed("a", side: 0)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))

    #expect(render(machine.cancel()) == "cancel [\"a\"], release down, drop [1]")
    #expect(render(machine.upstreamSubscribed("b", side: 1)) == "cancel b")
  }

  @Test func cancelWhileRunningCancelsEveryUpstream() {
    var machine = running(demand: .max(1))
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))

    #expect(render(machine.cancel()) == "cancel [\"a\", \"b\"], release down, drop [1]")
    #expect(render(machine.valueArrived(side: 1, store: store(10, side: 1))) == "none")
    #expect(render(machine.request(.max(1))) == "request max(1) from []")
    #expect(render(machine.cancel()) == "cancel [], release nothing, drop []")
  }

  @Test func cancelWhileCompletingCancelsTheUpstreamsThatWaitedForTheDelivery() {
    var machine = running(demand: .unlimited)
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))  // this thread delivers
    _ = machine.upstreamCompleted(side: 0, .finished)  // b waits to be cancelled

    #expect(render(machine.cancel()) == "cancel [\"b\"], release down, drop []")
    #expect(render(machine.delivered(.none)) == "idle, return none, cancel []")
  }

  @Test func cancelDuringADeliveryEndsItAndStillReturnsTheDemand() {
    var machine = running(demand: .max(1))
    _ = machine.valueArrived(side: 0, store: store(1, side: 0))
    _ = machine.valueArrived(side: 1, store: store(10, side: 1))

    #expect(render(machine.cancel()) == "cancel [\"a\", \"b\"], release down, drop []")
    #expect(render(machine.delivered(.max(1))) == "request max(1) from [], resume")
    #expect(render(machine.resume()) == "idle, return max(1), cancel []")
    #expect(machine.demand == .none)
  }
}
