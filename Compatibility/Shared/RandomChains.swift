// Seeded random operator chains with random event scripts. A chain is drawn
// from a seed by SplitMix64, so both sides build the same chain and run the
// same script; the runner prints the seed, and a failing chain replays alone
// with `--seed`.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// SplitMix64 (Steele, Lea and Flood, 2014): small, fast, and the same on
/// every platform, unlike the standard library's generator.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// One link of a random chain: a name and how it transforms the chain so far.
private struct Link {
  let name: String
  let apply: (AnyPublisher<Int, TestError>) -> AnyPublisher<Int, TestError>
}

/// The links a random chain draws from: operators from `Int` to `Int` with
/// the failure `TestError`, parameterised by the generator.
private func randomLink(using generator: inout SplitMix64) -> Link {
  let k = Int.random(in: 1...3, using: &generator)
  let scheduler = ImmediateScheduler.shared
  switch Int.random(in: 0..<24, using: &generator) {
  case 0: return Link(name: "map(+\(k))") { $0.map { $0 + k }.eraseToAnyPublisher() }
  case 1: return Link(name: "filter(%\(k + 1))") { $0.filter { $0 % (k + 1) != 0 }.eraseToAnyPublisher() }
  case 2:
    return Link(name: "tryMap(throws on \(k * 3))") {
      $0.tryMap { value -> Int in
        if value == k * 3 { throw TestError.other }
        return value
      }
      .mapError { $0 as? TestError ?? .other }
      .eraseToAnyPublisher()
    }
  case 3: return Link(name: "scan") { $0.scan(0, +).eraseToAnyPublisher() }
  case 4: return Link(name: "removeDuplicates") { $0.removeDuplicates().eraseToAnyPublisher() }
  case 5: return Link(name: "dropFirst(\(k))") { $0.dropFirst(k).eraseToAnyPublisher() }
  case 6: return Link(name: "prefix(\(k + 1))") { $0.prefix(k + 1).eraseToAnyPublisher() }
  case 7: return Link(name: "dropWhile(<\(k * 2))") { $0.drop { $0 < k * 2 }.eraseToAnyPublisher() }
  case 8: return Link(name: "prefixWhile(<\(k * 4))") { $0.prefix { $0 < k * 4 }.eraseToAnyPublisher() }
  case 9: return Link(name: "output(in: 1...\(k + 1))") { $0.output(in: 1...(k + 1)).eraseToAnyPublisher() }
  case 10: return Link(name: "replaceEmpty") { $0.replaceEmpty(with: -1).eraseToAnyPublisher() }
  case 11:
    return Link(name: "collect(\(k + 1)).sum") { $0.collect(k + 1).map { $0.reduce(0, +) }.eraseToAnyPublisher() }
  case 12: return Link(name: "reduce") { $0.reduce(0, +).eraseToAnyPublisher() }
  case 13: return Link(name: "count") { $0.count().eraseToAnyPublisher() }
  case 14: return Link(name: "first") { $0.first().eraseToAnyPublisher() }
  case 15: return Link(name: "last") { $0.last().eraseToAnyPublisher() }
  case 16: return Link(name: "max") { $0.max().eraseToAnyPublisher() }
  case 17:
    return Link(name: "buffer(\(k))") {
      $0.buffer(size: k, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher()
    }
  case 18: return Link(name: "receive(on)") { $0.receive(on: scheduler).eraseToAnyPublisher() }
  case 19:
    return Link(name: "flatMap(just)") {
      $0.flatMap { Just($0).setFailureType(to: TestError.self) }.eraseToAnyPublisher()
    }
  case 20:
    return Link(name: "flatMap(max \(k), pair)") {
      $0.flatMap(maxPublishers: .max(k)) { [$0, $0 + 100].publisher.setFailureType(to: TestError.self) }
        .eraseToAnyPublisher()
    }
  case 21:
    return Link(name: "catch(just 0)") {
      $0.catch { _ in Just(0) }.setFailureType(to: TestError.self).eraseToAnyPublisher()
    }
  case 22: return Link(name: "mapError") { $0.mapError { _ in TestError.other }.eraseToAnyPublisher() }
  default: return Link(name: "share") { $0.share().eraseToAnyPublisher() }
  }
}

/// A random step: mostly sends and requests, sometimes a completion or a
/// cancel. The upstream is well-behaved: the contract is kept throughout.
private func randomStep(using generator: inout SplitMix64) -> Step {
  switch Int.random(in: 0..<20, using: &generator) {
  case 0..<10: return .send(.a, Int.random(in: 0...9, using: &generator))
  case 10..<16: return .request(.max(Int.random(in: 1...3, using: &generator)))
  case 16: return .request(.unlimited)
  case 17: return .cancel
  case 18: return .fail(.a)
  default: return .finish(.a)
  }
}

/// The chain and script drawn from `seed`, run: its first line names the
/// chain, the others are its trace.
func runRandomChain(seed: UInt64, emit: @escaping (String) -> Void) {
  var generator = SplitMix64(seed: seed)
  let links = (0..<Int.random(in: 1...5, using: &generator)).map { _ in randomLink(using: &generator) }
  let demands: [Subscribers.Demand?] = [nil, .max(1), .max(2), .unlimited]
  var script = RecorderScript(
    initialDemand: demands[Int.random(in: 0..<demands.count, using: &generator)],
    returnedDemand: Bool.random(using: &generator) ? .none : .max(1)
  )
  if Bool.random(using: &generator) {
    let reentries: [Reentry] = [.request(.max(1)), .request(.max(2)), .cancel]
    script.reentries[Int.random(in: 1...3, using: &generator)] = [
      reentries[Int.random(in: 0..<reentries.count, using: &generator)]
    ]
  }
  let steps = (0..<Int.random(in: 4...14, using: &generator)).map { _ in randomStep(using: &generator) }
  let name = links.map(\.name).joined(separator: ".")
  emit("chain: \(name)")
  let chain = Operator.make(name) { upstreams in
    links.reduce(upstreams.a.eraseToAnyPublisher()) { publisher, link in link.apply(publisher) }
  }
  let variant = Variant(name: "random", appliesToSources: false, script: { _ in script }, steps: steps)
  run(chain, variant, emit: emit)
}
