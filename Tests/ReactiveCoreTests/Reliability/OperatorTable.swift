import ReactiveCore
import TraitsTesting

/// The operators that the misbehaving-upstream and leak suites run, in one
/// place: each row builds the operator over a `Rogue` upstream (the rogue
/// may also be an inner or a suffix publisher), capturing the token in its
/// closures when it has any.
enum OperatorTable {
  typealias Upstream = Rogue<Int, TestError>

  static let rows: [OperatorRow] = mapping + reducing + lifecycle + combining + time + subjects

  static let mapping: [OperatorRow] = [
    // Combine's plainest operators are transparent: they hand the upstream's
    // subscription to the downstream and forward every event as it comes, so
    // the downstream sees the upstream's misbehaviour (and cancels a second
    // subscription itself). The others that keep no count of demand pass a
    // value sent without demand.
    OperatorRow("map", transparent: true) { upstream, _, token in
      upstream.map { keep(token, $0 + 1) }
    },
    OperatorRow("tryMap", passesUndemanded: true) { upstream, _, token in
      upstream.tryMap { keep(token, $0 + 1) }
    },
    OperatorRow("map(keyPath)", transparent: true) { upstream, _, _ in upstream.map(\.self) },
    OperatorRow("compactMap", transparent: true) { upstream, _, token in
      upstream.compactMap { keep(token, $0) }
    },
    OperatorRow("tryCompactMap", passesUndemanded: true) { upstream, _, token in
      upstream.tryCompactMap { keep(token, $0) }
    },
    OperatorRow("filter", transparent: true) { upstream, _, token in upstream.filter { keep(token, $0 > 0) } },
    OperatorRow("tryFilter", passesUndemanded: true) { upstream, _, token in
      upstream.tryFilter { keep(token, $0 > 0) }
    },
    OperatorRow("scan", transparent: true) { upstream, _, token in upstream.scan(0) { keep(token, $0 + $1) } },
    OperatorRow("tryScan", passesUndemanded: true) { upstream, _, token in
      upstream.tryScan(0) { keep(token, $0 + $1) }
    },
    OperatorRow("removeDuplicates", passesUndemanded: true) { upstream, _, _ in upstream.removeDuplicates() },
    OperatorRow("removeDuplicates(by:)", passesUndemanded: true) { upstream, _, token in
      upstream.removeDuplicates { keep(token, $0 == $1) }
    },
    OperatorRow("tryRemoveDuplicates", passesUndemanded: true) { upstream, _, token in
      upstream.tryRemoveDuplicates { keep(token, $0 == $1) }
    },
    OperatorRow("mapError", transparent: true) { upstream, _, token in
      upstream.mapError { keep(token, TestError(code: $0.code + 1)) }
    },
    OperatorRow("replaceError", trapsOnUndemanded: true) { upstream, _, _ in upstream.replaceError(with: 0) },
    OperatorRow("replaceEmpty", passesUndemanded: true) { upstream, _, _ in upstream.replaceEmpty(with: 0) },
    OperatorRow("replaceNil", transparent: true) { upstream, _, _ in
      upstream.map { Optional($0) }.replaceNil(with: 0)
    },
    OperatorRow("ignoreOutput", transparent: true) { upstream, _, _ in upstream.ignoreOutput() },
    OperatorRow("eraseToAnyPublisher", transparent: true) { upstream, _, _ in upstream.eraseToAnyPublisher() },
  ]

  static let reducing: [OperatorRow] = [
    OperatorRow("collect") { upstream, _, _ in upstream.collect() },
    OperatorRow("collect(count)", passesUndemanded: true) { upstream, _, _ in upstream.collect(2) },
    OperatorRow("reduce") { upstream, _, token in upstream.reduce(0) { keep(token, $0 + $1) } },
    OperatorRow("tryReduce") { upstream, _, token in upstream.tryReduce(0) { keep(token, $0 + $1) } },
    OperatorRow("count") { upstream, _, _ in upstream.count() },
    OperatorRow("first") { upstream, _, _ in upstream.first() },
    OperatorRow("first(where:)") { upstream, _, token in upstream.first { keep(token, $0 > 1) } },
    OperatorRow("tryFirst(where:)") { upstream, _, token in upstream.tryFirst { keep(token, $0 > 1) } },
    OperatorRow("last") { upstream, _, _ in upstream.last() },
    OperatorRow("last(where:)") { upstream, _, token in upstream.last { keep(token, $0 > 0) } },
    OperatorRow("tryLast(where:)") { upstream, _, token in upstream.tryLast { keep(token, $0 > 0) } },
    OperatorRow("output(at:)", passesUndemanded: true) { upstream, _, _ in upstream.output(at: 1) },
    OperatorRow("output(in:)", passesUndemanded: true) { upstream, _, _ in upstream.output(in: 0...2) },
    OperatorRow("prefix", passesUndemanded: true) { upstream, _, _ in upstream.prefix(3) },
    OperatorRow("prefix(while:)", passesUndemanded: true) { upstream, _, token in
      upstream.prefix { keep(token, $0 < 9) }
    },
    OperatorRow("tryPrefix(while:)", passesUndemanded: true) { upstream, _, token in
      upstream.tryPrefix { keep(token, $0 < 9) }
    },
    OperatorRow("dropFirst", passesUndemanded: true) { upstream, _, _ in upstream.dropFirst(0) },
    OperatorRow("drop(while:)", passesUndemanded: true) { upstream, _, token in
      upstream.drop { keep(token, $0 < 0) }
    },
    OperatorRow("tryDrop(while:)", passesUndemanded: true) { upstream, _, token in
      upstream.tryDrop { keep(token, $0 < 0) }
    },
    OperatorRow("contains") { upstream, _, _ in upstream.contains(9) },
    OperatorRow("contains(where:)") { upstream, _, token in upstream.contains { keep(token, $0 > 8) } },
    OperatorRow("tryContains(where:)") { upstream, _, token in upstream.tryContains { keep(token, $0 > 8) } },
    OperatorRow("allSatisfy") { upstream, _, token in upstream.allSatisfy { keep(token, $0 > 0) } },
    OperatorRow("tryAllSatisfy") { upstream, _, token in upstream.tryAllSatisfy { keep(token, $0 > 0) } },
    OperatorRow("min") { upstream, _, _ in upstream.min() },
    OperatorRow("max(by:)") { upstream, _, token in upstream.max { keep(token, $0 < $1) } },
    OperatorRow("tryMin(by:)") { upstream, _, token in upstream.tryMin { keep(token, $0 < $1) } },
  ]

  static let lifecycle: [OperatorRow] = [
    OperatorRow("handleEvents", passesUndemanded: true) { upstream, _, token in
      upstream.handleEvents(receiveOutput: { _ in keep(token, ()) })
    },
    OperatorRow("print", passesUndemanded: true) { upstream, _, _ in
      upstream.print("reliability", to: NullStream())
    },
    OperatorRow("breakpoint", transparent: true) { upstream, _, token in
      upstream.breakpoint(receiveOutput: { _ in keep(token, false) })
    },
    OperatorRow("catch", trapsOnUndemanded: true) { upstream, _, token in
      upstream.catch { _ in keep(token, Just(0)) }
    },
    OperatorRow("tryCatch", trapsOnUndemanded: true) { upstream, _, token in
      upstream.tryCatch { _ in keep(token, Just(0).setFailureType(to: TestError.self)) }
    },
    OperatorRow("retry", trapsOnUndemanded: true) { upstream, _, _ in upstream.retry(1) },
    OperatorRow("share") { upstream, _, _ in upstream.share() },
    OperatorRow("multicast + autoconnect", keepsPublisherUntilReleased: true) { upstream, _, token in
      upstream.multicast { keep(token, PassthroughSubject<Int, TestError>()) }.autoconnect()
    },
    OperatorRow("multicast(subject:) + autoconnect") { upstream, _, _ in
      upstream.multicast(subject: CurrentValueSubject(0)).autoconnect()
    },
  ]

  static let combining: [OperatorRow] = [
    OperatorRow("flatMap (rogue outer)") { upstream, _, token in
      upstream.flatMap { keep(token, Just($0).setFailureType(to: TestError.self)) }
    },
    OperatorRow("flatMap (rogue inner)") { upstream, _, token in
      Just(0).setFailureType(to: TestError.self).flatMap { _ in keep(token, upstream) }
    },
    OperatorRow("switchToLatest (rogue inner)") { upstream, _, _ in
      Just(upstream).setFailureType(to: TestError.self).switchToLatest()
    },
    OperatorRow("merge") { upstream, _, _ in upstream.merge(with: Empty()) },
    OperatorRow("zip") { upstream, _, _ in upstream.zip([0, 1, 2].publisher.setFailureType(to: TestError.self)) },
    OperatorRow("combineLatest") { upstream, _, token in
      upstream.combineLatest(Just(0).setFailureType(to: TestError.self)) { keep(token, $0 + $1) }
    },
    OperatorRow("append (rogue prefix)") { upstream, _, _ in upstream.append(9) },
    OperatorRow("append (rogue suffix)") { upstream, _, _ in
      Just(0).setFailureType(to: TestError.self).append(upstream)
    },
    OperatorRow("prepend") { upstream, _, _ in upstream.prepend(0) },
    OperatorRow("prefix(untilOutputFrom:)") { upstream, _, _ in
      upstream.prefix(untilOutputFrom: PassthroughSubject<Int, Never>())
    },
    OperatorRow("drop(untilOutputFrom:)") { upstream, _, _ in
      upstream.drop(untilOutputFrom: Just(0).setFailureType(to: TestError.self))
    },
  ]

  static let time: [OperatorRow] = [
    OperatorRow("buffer") { upstream, _, _ in upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest) },
    OperatorRow("receive(on:)", passesUndemanded: true) { upstream, scheduler, _ in upstream.receive(on: scheduler) },
    OperatorRow("subscribe(on:)", passesUndemanded: true) { upstream, scheduler, _ in
      upstream.subscribe(on: scheduler)
    },
    OperatorRow("delay", passesUndemanded: true) { upstream, scheduler, _ in
      upstream.delay(for: .seconds(1), scheduler: scheduler)
    },
    OperatorRow("debounce") { upstream, scheduler, _ in upstream.debounce(for: .seconds(1), scheduler: scheduler) },
    OperatorRow("throttle") { upstream, scheduler, _ in
      upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
    },
    OperatorRow("timeout", passesUndemanded: true) { upstream, scheduler, _ in
      upstream.timeout(.seconds(1_000), scheduler: scheduler)
    },
    OperatorRow("measureInterval", passesUndemanded: true) { upstream, scheduler, _ in
      upstream.measureInterval(using: scheduler)
    },
    OperatorRow("collect(byTime)") { upstream, scheduler, _ in upstream.collect(.byTime(scheduler, .seconds(5))) },
  ]

  static let subjects: [OperatorRow] = [
    // A subject may subscribe to many upstreams: a second subscription is legal.
    OperatorRow("PassthroughSubject as subscriber", acceptsSecondSubscription: true) { upstream, _, _ in
      let subject = PassthroughSubject<Int, TestError>()
      upstream.retain(upstream.subscribe(subject))
      return subject
    },
    OperatorRow("CurrentValueSubject as subscriber", acceptsSecondSubscription: true) { upstream, _, _ in
      let subject = CurrentValueSubject<Int, TestError>(0)
      upstream.retain(upstream.subscribe(subject))
      return subject
    },
  ]
}
