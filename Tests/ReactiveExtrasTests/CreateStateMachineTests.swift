import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing

/// The downstream is never called: a probe stands for it.
private typealias Machine = CreateStateMachine<LifetimeProbe<Int, TestError>>

/// One line per action.
private func render(_ action: Machine.Action) -> String {
  switch action {
  case .none: "none"
  case .runFactory: "run factory"
  case let .deliver(_, value): "deliver \(value)"
  case let .complete(_, .finished, cancellable): "finish" + (cancellable == nil ? "" : ", clean up")
  case let .complete(_, .failure(error), cancellable): "fail \(error.code)" + (cancellable == nil ? "" : ", clean up")
  case let .cancel(_, cancellable, queued):
    "cancel" + (cancellable == nil ? "" : ", clean up") + (queued.isEmpty ? "" : ", drop \(queued.elements)")
  case .cleanUp: "clean up"
  }
}

/// A machine whose factory has run and returned.
private func running(demand: Subscribers.Demand = .none) -> Machine {
  var machine = Machine(downstream: LifetimeProbe(demand: .none))
  if demand > .none { _ = machine.request(demand) }
  _ = machine.start()
  _ = machine.factoryReturned(AnyCancellable {})
  return machine
}

@Suite struct CreateStateMachineTests {
  // MARK: The factory

  @Test func runsTheFactoryOnceTheDownstreamHasItsSubscription() {
    var machine = Machine(downstream: LifetimeProbe(demand: .none))
    #expect(render(machine.request(.max(1))) == "none")  // from receive(subscription:): kept
    #expect(render(machine.start()) == "run factory")
    #expect(render(machine.send(1)) == "deliver 1")  // from inside the factory
    #expect(render(machine.factoryReturned(AnyCancellable {})) == "none")
  }

  @Test func aCancelBeforeTheStartMeansTheFactoryNeverRuns() {
    var machine = Machine(downstream: LifetimeProbe(demand: .none))
    #expect(render(machine.cancel()) == "cancel")
    #expect(render(machine.start()) == "none")
  }

  @Test func anEndWhileTheFactoryRunsCleansUpWhenItReturns() {
    var cancelled = Machine(downstream: LifetimeProbe(demand: .none))
    _ = cancelled.start()
    #expect(render(cancelled.cancel()) == "cancel")
    #expect(render(cancelled.factoryReturned(AnyCancellable {})) == "clean up")

    var completed = Machine(downstream: LifetimeProbe(demand: .none))
    _ = completed.start()
    #expect(render(completed.send(completion: .finished)) == "finish")
    #expect(render(completed.send(1)) == "none")
    #expect(render(completed.factoryReturned(AnyCancellable {})) == "clean up")
  }

  // MARK: Values and demand

  @Test func valuesWithoutDemandWaitInOrderForIt() {
    var machine = running()
    #expect(render(machine.send(1)) == "none")
    #expect(render(machine.send(2)) == "none")
    #expect(render(machine.request(.max(1))) == "deliver 1")
    #expect(render(machine.delivered(.none)) == "none")  // 2 waits: no demand left
    #expect(render(machine.request(.max(5))) == "deliver 2")
    #expect(render(machine.delivered(.none)) == "none")  // idle, with demand left
    #expect(render(machine.send(3)) == "deliver 3")
  }

  @Test func aValueSentDuringADeliveryIsLeftToTheDeliveringThread() {
    var machine = running(demand: .unlimited)
    #expect(render(machine.send(1)) == "deliver 1")
    #expect(render(machine.send(2)) == "none")  // another thread, or a reentrant send
    #expect(render(machine.request(.max(1))) == "none")  // only adds demand
    #expect(render(machine.delivered(.none)) == "deliver 2")
    #expect(render(machine.delivered(.none)) == "none")
  }

  @Test func demandReturnedByADeliveryCounts() {
    var machine = running(demand: .max(1))
    _ = machine.send(1)
    _ = machine.send(2)
    #expect(render(machine.delivered(.max(1))) == "deliver 2")
  }

  // MARK: Completion

  @Test func theCompletionWaitsBehindQueuedValuesButNeedsNoDemand() {
    var machine = running()
    _ = machine.send(1)
    #expect(render(machine.send(completion: .failure(TestError(code: 3)))) == "none")
    #expect(render(machine.send(2)) == "none")  // after the completion: ignored
    #expect(render(machine.request(.max(1))) == "deliver 1")
    #expect(render(machine.delivered(.none)) == "fail 3, clean up")
    #expect(render(machine.request(.max(1))) == "none")
    #expect(render(machine.cancel()) == "none")
  }

  @Test func aCompletionDuringADeliveryIsLeftToTheDeliveringThread() {
    var machine = running(demand: .max(1))
    _ = machine.send(1)
    #expect(render(machine.send(completion: .finished)) == "none")
    #expect(render(machine.send(completion: .failure(TestError()))) == "none")  // only the first counts
    #expect(render(machine.delivered(.none)) == "finish, clean up")
  }

  // MARK: Cancel

  @Test func cancelCleansUpOnceAndDropsTheQueuedValues() {
    var machine = running()
    _ = machine.send(1)
    _ = machine.send(2)
    #expect(render(machine.cancel()) == "cancel, clean up, drop [1, 2]")
    #expect(render(machine.cancel()) == "none")
    #expect(render(machine.send(3)) == "none")
    #expect(render(machine.request(.max(1))) == "none")
  }

  @Test func aCancelDuringADeliveryEndsTheLoop() {
    var machine = running(demand: .unlimited)
    _ = machine.send(1)
    _ = machine.send(2)
    #expect(render(machine.cancel()) == "cancel, clean up, drop [2]")
    #expect(render(machine.delivered(.none)) == "none")
  }
}
