import ReactiveCore
import Testing

/// `FlatMapStateMachine` alone: no lock, no thread, no publisher; each event
/// is a method call and each decision is read from what it returns.
@Suite struct FlatMapStateMachineTests {
  enum Boom: Error { case boom }
  typealias Machine = FlatMapStateMachine<AnySubscriber<Int, Boom>, Int, Result<Int, Boom>.Publisher>

  typealias Named = NamedSubscription

  let upstream = Named("up")
  let children = [Named("c0"), Named("c1")]

  func machine(maxPublishers: Subscribers.Demand = .unlimited) -> Machine {
    Machine(downstream: AnySubscriber(), maxPublishers: maxPublishers) { .init(.success($0)) }
  }

  /// The action as text: "none", "request c0 max(1)", "raise [c0] drain",
  /// "end [c1, up] drain transform downstream" (what it releases last).
  func describe(_ action: Machine.Action) -> String {
    func names(_ subscriptions: [any Subscription]) -> String {
      "[" + subscriptions.map { ($0 as? Named)?.name ?? "?" }.joined(separator: ", ") + "]"
    }
    switch action {
    case .none:
      return "none"
    case let .request(subscription, demand):
      return "request \((subscription as? Named)?.name ?? "?") \(demand)"
    case let .raise(subscriptions, drain):
      return "raise \(names(subscriptions))" + (drain ? " drain" : "")
    case let .end(cancelling, drain, released):
      return "end \(names(cancelling.all))" + (drain ? " drain" : "") + (released.transform != nil ? " transform" : "")
        + (released.downstream != nil ? " downstream" : "")
    }
  }

  /// A machine subscribed to its upstream, with `count` live children asked
  /// for one value at a time.
  func running(children count: Int, maxPublishers: Subscribers.Demand = .unlimited) -> Machine {
    var machine = machine(maxPublishers: maxPublishers)
    _ = machine.receive(subscription: upstream)
    for child in children.prefix(count) {
      let index = machine.addChild()!
      _ = machine.childReceived(subscription: child, index: index)
    }
    return machine
  }

  @Test func requestsMaxPublishersFromTheFirstUpstreamSubscriptionAndRefusesAnother() {
    var bounded = machine(maxPublishers: .max(2))
    #expect(bounded.receive(subscription: upstream) == .request(.max(2)))
    #expect(bounded.receive(subscription: Named("late")) == .refuse)

    var none = machine(maxPublishers: .none)
    #expect(none.receive(subscription: upstream) == .keep)
  }

  @Test func asksAChildForOneValueAtATimeUntilDemandIsUnlimited() {
    var machine = running(children: 1)
    #expect(machine.isLimited(0))
    #expect(describe(machine.requestOneMore(index: 0)) == "request c0 max(1)")

    #expect(describe(machine.request(.unlimited)) == "raise [c0]")
    #expect(!machine.isLimited(0))
    #expect(describe(machine.requestOneMore(index: 0)) == "none")

    let index = machine.addChild()!
    #expect(machine.childReceived(subscription: children[1], index: index) == .request(.unlimited))
  }

  @Test func aValueQueuedBehindADeliveryWithDemandIsAnsweredAheadOnce() {
    var machine = running(children: 2)
    _ = machine.request(.max(2))
    let delivers = machine.childValue(1, index: 0)  // this caller delivers
    let secondDelivers = machine.childValue(2, index: 1)
    let secondAnswered = machine.answerAhead(index: 1)  // covered by demand: .max(1) returned now
    let thirdDelivers = machine.childValue(3, index: 1)
    let thirdAnswered = machine.answerAhead(index: 1)  // beyond demand: asked for once delivered
    #expect(delivers && !secondDelivers && secondAnswered && !thirdDelivers && !thirdAnswered)

    // The delivering caller still returns .max(1) for its own value; the
    // drain asks nothing more for the value answered ahead, once for the other.
    let firstOwed = machine.owesOneMore(index: 0)
    #expect(firstOwed)
    #expect(describe(machine.requestOneMore(index: 1)) == "none")
    #expect(describe(machine.requestOneMore(index: 1)) == "request c1 max(1)")
  }

  @Test func aValueWaitsForDemandAndDemandClaimsTheDrain() {
    var machine = running(children: 1)
    let mustDrain = machine.childValue(7, index: 0)
    #expect(!mustDrain)
    #expect(machine.queuedCount == 1)

    #expect(describe(machine.request(.max(1))) == "raise [] drain")
    #expect(machine.demand == .max(1))
  }

  @Test func finishesOnlyOnceTheUpstreamFinishedAndNoChildIsLeft() {
    var machine = running(children: 1)
    #expect(describe(machine.upstreamFinished()) == "none")
    #expect(machine.isOpen)

    #expect(describe(machine.childFinished(index: 0)) == "end [] drain transform")
    #expect(!machine.isOpen)
    #expect(machine.transformForValue() == nil)
  }

  @Test func aFinishedChildMakesRoomForOneMoreOnlyWhenBounded() {
    var bounded = running(children: 1, maxPublishers: .max(1))
    #expect(describe(bounded.childFinished(index: 0)) == "request up max(1)")

    var unbounded = running(children: 1)
    #expect(describe(unbounded.childFinished(index: 0)) == "none")
    #expect(describe(unbounded.childFinished(index: 0)) == "none")  // already gone
  }

  @Test func aChildFailureCancelsTheOtherChildrenThenTheUpstreamButNotItself() {
    var machine = running(children: 2)
    #expect(describe(machine.fail(.boom, fromChild: 0)) == "end [c1, up] drain transform")
    guard case .ended = machine.state else {
      Issue.record("expected ended, got \(machine.state)")
      return
    }
    #expect(machine.childReceived(subscription: Named("late"), index: 1) == .refuse)
  }

  @Test func anUpstreamFailureCancelsTheChildrenButNotTheUpstream() {
    var machine = running(children: 1)
    #expect(describe(machine.fail(.boom, fromChild: nil)) == "end [c0] drain transform")
    #expect(describe(machine.fail(.boom, fromChild: nil)) == "end []")  // nothing left to end
  }

  @Test func cancelCancelsEverythingAndReleasesTheDownstreamOnce() {
    var machine = running(children: 1)
    #expect(describe(machine.cancel()) == "end [c0, up] transform downstream")
    #expect(describe(machine.cancel()) == "end []")
    #expect(machine.addChild() == nil)
    #expect(machine.transformForValue() == nil)
    #expect(machine.receive(subscription: Named("late")) == .refuse)
  }
}
