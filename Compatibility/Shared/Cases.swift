// What the runner sees of one side: the list of cases, each runnable alone
// (the runner runs each side in child processes, so that a trap ends one
// case, not the run).

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// One comparable case: a name, and how to run it; `run` hands each line of
/// the trace to its argument as it happens.
public struct Case {
  public let name: String
  public let run: (_ emit: @escaping (String) -> Void) -> Void
}

/// The scripted scenarios, every operator under every variant that applies
/// to it, then `chains` random chains whose seeds derive from `seed`. Both
/// sides list the same cases in the same order.
public func cases(seed: UInt64, chains: Int) -> [Case] {
  var all: [Case] = []
  for operation in operators() {
    for variant in variants() {
      if operation.kind == .source && !variant.appliesToSources { continue }
      if operation.kind != .binary && variant.name == "otherFailure" { continue }
      if operation.kind != .timed && variant.isTimed { continue }
      // A timed operator may hold events for later: let the time pass.
      let steps = operation.kind == .timed && !variant.isTimed ? variant.steps + [.advance(10_000)] : variant.steps
      let timedVariant = Variant(
        name: variant.name,
        appliesToSources: variant.appliesToSources,
        isTimed: variant.isTimed,
        script: variant.script,
        steps: steps
      )
      all.append(Case(name: "\(operation.name)/\(variant.name)") { run(operation, timedVariant, emit: $0) })
    }
  }
  for index in 0..<chains {
    all.append(randomCase(seed: chainSeed(seed, index)))
  }
  return all
}

/// The seed of the `index`-th random chain of a run seeded with `seed`.
public func chainSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
  var generator = SplitMix64(seed: seed &+ UInt64(index))
  return generator.next()
}

/// The random chain of `seed` alone, as a case (to replay one chain).
public func randomCase(seed: UInt64) -> Case {
  Case(name: "random/\(seed)") { runRandomChain(seed: seed, emit: $0) }
}
