// The ways every operator is run. Each variant names one concern of the
// contract: demand, cancel, failure, re-entry, or an upstream that breaks
// the rules. Steps on upstream B apply only to operators built on B.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// Every variant, in the order the runner reports them.
func variants() -> [Variant] {
  let unlimited = RecorderScript()
  let oneAtATime = RecorderScript(initialDemand: .max(1))
  let sends: [Step] = [.send(.a, 1), .send(.b, 10), .send(.a, 2), .send(.b, 20), .send(.a, 3)]
  let finishes: [Step] = [.finish(.a), .finish(.b)]
  return [
    // Unlimited demand, every value, then both upstreams finish.
    Variant(name: "normal", appliesToSources: true, script: { _ in unlimited }, steps: sends + finishes),
    // One value at a time: the recorder asks for one more between steps.
    Variant(
      name: "stepDemand",
      appliesToSources: true,
      script: { _ in oneAtATime },
      steps: sends + finishes + [.request(.max(1)), .request(.max(1)), .request(.max(1)), .request(.max(1))]
    ),
    // Each value returns one more demand from receive(_:).
    Variant(
      name: "returnedDemand",
      appliesToSources: true,
      script: { _ in RecorderScript(initialDemand: .max(1), returnedDemand: .max(1)) },
      steps: sends + finishes
    ),
    // Subscribed but never asks.
    Variant(
      name: "noDemand",
      appliesToSources: true,
      script: { _ in RecorderScript(initialDemand: nil) },
      steps: sends + finishes
    ),
    // The recorder cancels between two values; the upstream then sends more.
    Variant(
      name: "cancelMidway",
      appliesToSources: true,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .send(.b, 10), .send(.a, 2), .cancel, .send(.a, 3), .send(.b, 20)] + finishes
    ),
    // Upstream A fails after one value.
    Variant(
      name: "upstreamFailure",
      appliesToSources: false,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .send(.b, 10), .fail(.a), .send(.b, 20), .finish(.b)]
    ),
    // Upstream B fails (only for operators built on B).
    Variant(
      name: "otherFailure",
      appliesToSources: false,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .send(.b, 10), .fail(.b), .send(.a, 2), .finish(.a)]
    ),
    // One value at a time, each further request made from inside receive(_:).
    Variant(
      name: "reentrantRequest",
      appliesToSources: true,
      script: { _ in
        RecorderScript(
          initialDemand: .max(1),
          reentries: [1: [.request(.max(1))], 2: [.request(.max(1))], 3: [.request(.max(2))]]
        )
      },
      steps: sends + finishes
    ),
    // The first value makes upstream A (or the subject) send again, from
    // inside receive(_:).
    Variant(
      name: "reentrantSend",
      appliesToSources: false,
      script: { upstreams in
        RecorderScript(reentries: [1: [.run("send(100)") { upstreams.sendNested(100) }]])
      },
      steps: sends + finishes
    ),
    // The second value cancels from inside receive(_:).
    Variant(
      name: "reentrantCancel",
      appliesToSources: true,
      script: { _ in RecorderScript(reentries: [2: [.cancel]]) },
      steps: sends + finishes
    ),
    // The first value makes upstream A finish from inside receive(_:).
    Variant(
      name: "reentrantFinish",
      appliesToSources: false,
      script: { upstreams in
        RecorderScript(reentries: [1: [.run("A.finish") { upstreams.a.finish() }]])
      },
      steps: sends + finishes
    ),
    // The subscriber requests `.none` (an API violation that Combine traps
    // on in some places and ignores in others): compared trap for trap, since
    // each side runs in a child process.
    Variant(
      name: "requestNone",
      appliesToSources: true,
      script: { _ in RecorderScript(initialDemand: nil) },
      steps: [.request(.none), .send(.a, 1), .send(.b, 10), .request(.max(1)), .finish(.a), .finish(.b)]
    ),
    // Misbehaving upstream: values nobody asked for.
    Variant(
      name: "valueWithoutDemand",
      appliesToSources: false,
      script: { _ in oneAtATime },
      steps: [.forceSend(.a, 1), .forceSend(.a, 2), .forceSend(.b, 10), .forceSend(.a, 3)] + finishes
    ),
    // Misbehaving upstream: a value after its completion.
    Variant(
      name: "valueAfterCompletion",
      appliesToSources: false,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .send(.b, 10)] + finishes + [.forceSend(.a, 2), .forceSend(.b, 20)]
    ),
    // Time: values spaced less and more than a second apart, then silence.
    Variant(
      name: "timedNormal",
      appliesToSources: false,
      isTimed: true,
      script: { _ in unlimited },
      steps: [
        .advance(100), .send(.a, 1), .advance(500), .send(.a, 2), .advance(1500), .send(.a, 3), .advance(300),
        .finish(.a), .advance(3000),
      ]
    ),
    // Time: one value at a time, requested late.
    Variant(
      name: "timedStepDemand",
      appliesToSources: false,
      isTimed: true,
      script: { _ in oneAtATime },
      steps: [
        .send(.a, 1), .send(.a, 2), .advance(2000), .request(.max(1)), .advance(2000), .send(.a, 3),
        .advance(2000), .request(.max(1)), .finish(.a), .advance(2000), .request(.max(1)), .advance(2000),
      ]
    ),
    // Time: a long silence, then values (a timeout fires; a debounce waits).
    Variant(
      name: "timedSilence",
      appliesToSources: false,
      isTimed: true,
      script: { _ in unlimited },
      steps: [.advance(2500), .send(.a, 1), .advance(500), .send(.a, 2), .advance(3000), .finish(.a), .advance(100)]
    ),
    // Time: cancel while something is pending.
    Variant(
      name: "timedCancel",
      appliesToSources: false,
      isTimed: true,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .advance(200), .send(.a, 2), .cancel, .advance(3000), .send(.a, 3), .advance(3000)]
    ),
    // Time: a failure while values are pending.
    Variant(
      name: "timedFailure",
      appliesToSources: false,
      isTimed: true,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .advance(200), .send(.a, 2), .fail(.a), .advance(3000)]
    ),
    // Time: requests from inside receive(_:), values spaced out.
    Variant(
      name: "timedReentrantRequest",
      appliesToSources: false,
      isTimed: true,
      script: { _ in
        RecorderScript(initialDemand: .max(1), reentries: [1: [.request(.max(1))], 2: [.request(.max(1))]])
      },
      steps: [.send(.a, 1), .advance(1200), .send(.a, 2), .advance(1200), .send(.a, 3), .finish(.a), .advance(3000)]
    ),
    // Misbehaving upstream: a second completion, then a third.
    Variant(
      name: "secondCompletion",
      appliesToSources: false,
      script: { _ in unlimited },
      steps: [.send(.a, 1), .send(.b, 10)] + finishes + [
        .forceComplete(.a, .finished), .forceComplete(.a, .failure(.other)), .forceComplete(.b, .failure(.other)),
      ]
    ),
  ]
}
