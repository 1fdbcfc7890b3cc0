import ReactiveCore
import Testing

/// `flatMap` takes a shorter path when its upstream, or a publisher its
/// transform returns, is a `Just`: no subscription object for it. What
/// downstream sees, and when the transform runs, must be exactly what the
/// same `Just` gives through its subscription, reached here by hiding it
/// behind `AnyPublisher` (which is not a `Just`).
@Suite struct FlatMapOverJustTests {
  /// What the downstream does.
  struct Script: Sendable, CustomTestStringConvertible {
    var name: String
    var maxPublishers: Subscribers.Demand = .unlimited
    /// Requested in `receive(subscription:)`; `.none` requests nothing.
    var initialDemand: Subscribers.Demand = .unlimited
    /// Requested once subscribed, from outside.
    var laterDemand: Subscribers.Demand?
    var cancelOnSubscription = false
    var cancelOnValue = false

    var testDescription: String { name }
  }

  static let scripts: [Script] = [
    Script(name: "unlimited demand"),
    Script(name: "one value of demand", initialDemand: .max(1)),
    Script(name: "demand after subscribing", initialDemand: .none, laterDemand: .max(1)),
    Script(name: "no demand ever", initialDemand: .none),
    Script(name: "one publisher at a time", maxPublishers: .max(1)),
    Script(name: "maxPublishers none", maxPublishers: .none),
    Script(name: "cancel on subscription", cancelOnSubscription: true),
    Script(name: "cancel on the value", cancelOnValue: true),
    Script(name: "cancel on the value, demand later", initialDemand: .none, laterDemand: .max(1), cancelOnValue: true),
  ]

  @Test(arguments: scripts)
  func aJustUpstreamBehavesAsThroughItsSubscription(script: Script) {
    let direct = trace(Just(1), child: { Just($0 * 10).eraseToAnyPublisher() }, script)
    let hidden = trace(Just(1).eraseToAnyPublisher(), child: { Just($0 * 10).eraseToAnyPublisher() }, script)
    #expect(direct == hidden)
  }

  @Test(arguments: scripts)
  func aJustChildBehavesAsThroughItsSubscription(script: Script) {
    let direct = trace([1, 2].publisher, child: { Just($0 * 10) }, script)
    let hidden = trace([1, 2].publisher, child: { Just($0 * 10).eraseToAnyPublisher() }, script)
    #expect(direct == hidden)
  }

  @Test(arguments: scripts)
  func aJustOnBothSidesBehavesAsThroughTheirSubscriptions(script: Script) {
    let direct = trace(Just(1), child: { Just($0 * 10) }, script)
    let hidden = trace(Just(1).eraseToAnyPublisher(), child: { Just($0 * 10).eraseToAnyPublisher() }, script)
    #expect(direct == hidden)
  }

  /// The traces compared above, pinned for the common cases, so that the
  /// comparison cannot pass by both paths doing nothing.
  @Test func tracesOfTheShortPath() {
    #expect(
      trace(Just(1), child: { Just($0 * 10) }, Self.scripts[0])
        == ["subscription", "transform 1", "value 10", "finished"]
    )
    #expect(
      trace(Just(1), child: { Just($0 * 10) }, Self.scripts[2])
        == ["subscription", "transform 1", "request max(1)", "value 10", "finished"]
    )
    #expect(trace(Just(1), child: { Just($0 * 10) }, Self.scripts[6]) == ["subscription"])
    #expect(
      trace([1, 2].publisher, child: { Just($0 * 10) }, Self.scripts[7])
        == ["subscription", "transform 1", "value 10"]
    )
  }

  /// Subscribes a scripted subscriber to `upstream.flatMap(child)` and
  /// returns what happened, in order: downstream's events, the transform's
  /// calls, and the requests made from outside.
  private func trace<Upstream: Publisher, Child: Publisher>(
    _ upstream: Upstream,
    child: @escaping (Int) -> Child,
    _ script: Script
  ) -> [String] where Upstream.Output == Int, Upstream.Failure == Never, Child.Output == Int, Child.Failure == Never {
    let subscriber = ScriptedSubscriber(script: script)
    upstream
      .flatMap(maxPublishers: script.maxPublishers) { value in
        subscriber.log.append("transform \(value)")
        return child(value)
      }
      .subscribe(subscriber)
    if let later = script.laterDemand {
      subscriber.log.append("request \(later)")
      subscriber.subscription?.request(later)
    }
    return subscriber.log
  }
}

/// A subscriber that follows a script and logs its events (and what the
/// test adds to `log`); used by one thread.
private final class ScriptedSubscriber: Subscriber {
  typealias Input = Int
  typealias Failure = Never

  let script: FlatMapOverJustTests.Script
  var log: [String] = []
  var subscription: (any Subscription)?

  init(script: FlatMapOverJustTests.Script) {
    self.script = script
  }

  func receive(subscription: any Subscription) {
    log.append("subscription")
    if script.cancelOnSubscription {
      subscription.cancel()
      return
    }
    self.subscription = subscription
    if script.initialDemand > 0 { subscription.request(script.initialDemand) }
  }

  func receive(_ input: Int) -> Subscribers.Demand {
    log.append("value \(input)")
    if script.cancelOnValue { subscription?.cancel() }
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {
    log.append("\(completion)")
  }
}
