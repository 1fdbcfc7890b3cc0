import ReactiveCore
import Testing

/// `SwitchToLatestStateMachine` alone: no lock, no thread, no publisher;
/// each event is a method call and each decision is read from what it returns.
@Suite struct SwitchToLatestStateMachineTests {
  enum Boom: Error { case boom }
  typealias Machine = SwitchToLatestStateMachine<AnySubscriber<Int, Boom>, Result<Int, Boom>.Publisher>

  typealias Named = NamedSubscription

  let upstream = Named("up")
  let children = [Named("c1"), Named("c2")]

  func name(_ subscription: (any Subscription)?) -> String {
    subscription.map { ($0 as? Named)?.name ?? "?" } ?? "nil"
  }

  /// The action as text: "none", "switch 2 cancelling c1", "request c1 max(1)",
  /// "drain", "end [c1, up] drain downstream".
  func describe(_ action: consuming Machine.Action) -> String {
    switch consume action {
    case .none:
      return "none"
    case let .switchTo(generation, previous):
      return "switch \(generation) cancelling \(name(previous))"
    case let .request(subscription, demand, drain):
      return "request \(name(subscription)) \(demand)" + (drain ? " drain" : "")
    case .drain:
      return "drain"
    case let .end(cancelling, drain, released):
      return "end [" + cancelling.map { name($0) }.joined(separator: ", ") + "]" + (drain ? " drain" : "")
        + (released.downstream != nil ? " downstream" : "")
    }
  }

  /// A machine subscribed to its upstream, following its first child (live).
  func following() -> Machine {
    var machine = Machine(downstream: AnySubscriber())
    _ = machine.receive(subscription: upstream)
    _ = machine.receiveChild()
    _ = machine.childReceived(subscription: children[0], generation: 1)
    return machine
  }

  @Test func requestsUnlimitedFromTheFirstUpstreamSubscriptionAndRefusesAnother() {
    var machine = Machine(downstream: AnySubscriber())
    #expect(machine.receive(subscription: upstream) == .request(.unlimited))
    #expect(machine.receive(subscription: Named("late")) == .refuse)
  }

  @Test func aNewChildCancelsThePreviousOneAndItsLateSubscriptionIsRefused() {
    var machine = Machine(downstream: AnySubscriber())
    _ = machine.receive(subscription: upstream)
    #expect(describe(machine.receiveChild()) == "switch 1 cancelling nil")
    #expect(machine.childReceived(subscription: children[0], generation: 1) == .keep)  // no demand yet
    #expect(describe(machine.receiveChild()) == "switch 2 cancelling c1")
    #expect(machine.childReceived(subscription: Named("old"), generation: 1) == .refuse)
  }

  @Test func aChildGetsTheDemandNotUsedByWaitingValues() {
    var machine = Machine(downstream: AnySubscriber())
    _ = machine.receive(subscription: upstream)
    #expect(describe(machine.request(.max(3))) == "request nil max(3)")
    _ = machine.receiveChild()
    #expect(machine.childReceived(subscription: children[0], generation: 1) == .request(.max(3)))
    #expect(describe(machine.request(.max(1))) == "request c1 max(1)")
  }

  @Test func valuesOfAnOlderGenerationAreIgnored() {
    var machine = following()
    _ = machine.receiveChild()
    let fromOld = machine.childValue(5, generation: 1)
    #expect(!fromOld)
  }

  @Test func demandForTheSendersOwnValueGoesBackToIt() {
    let machine = following()
    guard case .toSender = machine.route(valueOf: 1, sender: 1) else {
      Issue.record("expected the demand to go back to the sender")
      return
    }
    guard case let .request(current) = machine.route(valueOf: 1, sender: 2) else {
      Issue.record("expected the demand to go to the current child")
      return
    }
    #expect(name(current) == "c1")
  }

  @Test func finishesWhenTheUpstreamFinishedAndTheChildFinished() {
    var machine = following()
    #expect(describe(machine.upstreamFinished()) == "none")
    #expect(machine.isOpen == true)  // compared: #expect reads a property of a copyable value only
    #expect(describe(machine.childFinished(generation: 1)) == "drain")
    #expect(machine.isOpen == false)
  }

  @Test func anUpstreamFinishingWithNoChildFinishesAtOnce() {
    var machine = Machine(downstream: AnySubscriber())
    _ = machine.receive(subscription: upstream)
    #expect(describe(machine.upstreamFinished()) == "drain")
  }

  @Test func aChildFailureCancelsTheUpstreamButNotTheChild() {
    var machine = following()
    #expect(describe(machine.fail(.boom, fromChild: 1)) == "end [up] drain")
    guard case .ended = machine.state else {
      Issue.record("expected ended, got \(machine.state)")
      return
    }
  }

  @Test func anUpstreamFailureCancelsTheChildButNotTheUpstream() {
    var machine = following()
    #expect(describe(machine.fail(.boom, fromChild: nil)) == "end [c1] drain")
    #expect(describe(machine.fail(.boom, fromChild: nil)) == "none")  // already over
  }

  @Test func cancelCancelsTheChildThenTheUpstreamAndReleasesTheDownstream() {
    var machine = following()
    #expect(describe(machine.cancel()) == "end [c1, up] downstream")
    #expect(describe(machine.cancel()) == "end []")
    #expect(describe(machine.receiveChild()) == "none")
  }
}
