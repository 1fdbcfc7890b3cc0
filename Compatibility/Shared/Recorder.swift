// The scriptable recording subscriber: it logs what it receives, asks for the
// demand its script says, and can request, cancel or make an upstream send
// from inside its own `receive`. It uses only Combine's public API.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// What a recorder does from inside `receive(_:)`.
enum Reentry {
  case request(Subscribers.Demand)
  case cancel
  /// Anything else, such as a send on an upstream; the label is logged.
  case run(String, () -> Void)
}

/// How a recorder behaves: its first request, the demand each value returns,
/// and what it does, re-entrantly, on the n-th value (counted from 1).
struct RecorderScript {
  var initialDemand: Subscribers.Demand? = .unlimited
  var returnedDemand: Subscribers.Demand = .none
  var reentries: [Int: [Reentry]] = [:]
}

/// A subscriber that logs every event under the name `S`.
final class Recorder<Input, Failure: Error>: Subscriber, CustomStringConvertible {
  private let log: Log
  private let script: RecorderScript
  private var subscription: (any Subscription)?
  private var count = 0

  init(log: Log, script: RecorderScript) {
    self.log = log
    self.script = script
  }

  var description: String { "Recorder" }

  func receive(subscription: any Subscription) {
    // As for subscribers (ScriptedPublisher): a subscription without a
    // description would show its private type name, which is each library's own.
    let label = (subscription as? any CustomStringConvertible).map(describe) ?? "no description"
    log.append("S.receive(subscription: \(label))")
    guard self.subscription == nil else {
      // A second subscription: cancelled, as the contract asks.
      subscription.cancel()
      return
    }
    self.subscription = subscription
    if let demand = script.initialDemand { request(demand) }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    count += 1
    log.append("S.receive(\(describe(input)))")
    for reentry in script.reentries[count] ?? [] {
      switch reentry {
      case let .request(demand): request(demand)
      case .cancel: cancel()
      case let .run(label, action):
        log.append("S runs \(label)")
        action()
      }
    }
    log.append("S returns \(show(script.returnedDemand))")
    return script.returnedDemand
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    log.append("S.receive(completion: \(show(completion)))")
  }

  func request(_ demand: Subscribers.Demand) {
    log.append("S.request(\(show(demand)))")
    subscription?.request(demand)
  }

  func cancel() {
    log.append("S.cancel")
    subscription?.cancel()
  }
}
