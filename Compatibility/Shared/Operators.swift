// The catalogue: every standard operator, source, subject and subscriber that
// both libraries have, each built on the scripted upstreams. The closures are
// chosen so that the variants' values (1, 2, 3 on A; 10, 20 on B) reach every
// branch: a `try` operator throws on 2, a predicate changes its answer on 2.
// Operators OpenCombine 0.14.0 lacks (merge, combineLatest, collect(.byTime),
// decode/encode without Foundation…) cannot be compared here.

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// Throws on 2: how every `try` operator's closure fails.
func throwingOnTwo(_ value: Int) throws -> Int {
  if value == 2 { throw TestError.other }
  return value
}

/// A text stream that writes into the log (for `print(_:to:)`).
struct LogStream: TextOutputStream {
  let log: Log

  mutating func write(_ string: String) {
    let line = string.trimmingSuffix()
    if !line.isEmpty { log.append("print: \(line)") }
  }
}

extension String {
  fileprivate func trimmingSuffix() -> String {
    var text = Substring(self)
    while text.last == "\n" { text = text.dropLast() }
    return String(text)
  }
}

/// Every operator of the catalogue.
func operators() -> [Operator] {
  mapping() + reducing() + combining() + lifecycle() + timing() + sources() + subjectsAndSubscribers()
}

private func mapping() -> [Operator] {
  [
    .make("map") { $0.a.map { $0 * 10 } },
    .make("tryMap") { $0.a.tryMap { try throwingOnTwo($0) * 10 } },
    .make("map(keyPath)") { $0.a.map(\.magnitude) },
    .make("map(twoKeyPaths)") { $0.a.map(\.magnitude, \.bitWidth) },
    .make("compactMap") { $0.a.compactMap { $0 == 2 ? nil : $0 } },
    .make("tryCompactMap") { $0.a.tryCompactMap { try throwingOnTwo($0) } },
    .make("filter") { $0.a.filter { $0 != 2 } },
    .make("tryFilter") { $0.a.tryFilter { try throwingOnTwo($0) > 0 } },
    .make("removeDuplicates") { $0.a.removeDuplicates { $0 / 2 == $1 / 2 } },
    .make("tryRemoveDuplicates") { $0.a.tryRemoveDuplicates { _, new in try throwingOnTwo(new) < 0 } },
    .make("replaceNil") { $0.a.map { $0 == 2 ? nil : $0 }.replaceNil(with: 0) },
    .make("replaceEmpty") { $0.a.replaceEmpty(with: 0) },
    .make("replaceError") { $0.a.replaceError(with: 0) },
    .make("mapError") { $0.a.mapError { _ in TestError.other } },
    .make("setFailureType") { $0.a.replaceError(with: 0).setFailureType(to: TestError.self) },
    .make("scan") { $0.a.scan(0, +) },
    .make("tryScan") { $0.a.tryScan(0) { try $0 + throwingOnTwo($1) } },
    .make("ignoreOutput") { $0.a.ignoreOutput() },
  ]
}

private func reducing() -> [Operator] {
  [
    .make("collect") { $0.a.collect() },
    .make("collect(count)") { $0.a.collect(2) },
    .make("reduce") { $0.a.reduce(0, +) },
    .make("tryReduce") { $0.a.tryReduce(0) { try $0 + throwingOnTwo($1) } },
    .make("count") { $0.a.count() },
    .make("first") { $0.a.first() },
    .make("first(where)") { $0.a.first { $0 >= 2 } },
    .make("tryFirst(where)") { $0.a.tryFirst { try throwingOnTwo($0) > 5 } },
    .make("last") { $0.a.last() },
    .make("last(where)") { $0.a.last { $0 < 3 } },
    .make("tryLast(where)") { $0.a.tryLast { try throwingOnTwo($0) > 0 } },
    .make("min") { $0.a.min() },
    .make("max") { $0.a.max() },
    .make("tryMin(by)") { $0.a.tryMin { try throwingOnTwo($0) < $1 } },
    .make("tryMax(by)") { $0.a.tryMax { try throwingOnTwo($0) < $1 } },
    .make("contains") { $0.a.contains(2) },
    .make("contains(where)") { $0.a.contains { $0 > 5 } },
    .make("tryContains(where)") { $0.a.tryContains { try throwingOnTwo($0) > 5 } },
    .make("allSatisfy") { $0.a.allSatisfy { $0 < 3 } },
    .make("tryAllSatisfy") { $0.a.tryAllSatisfy { try throwingOnTwo($0) > 0 } },
    .make("dropFirst") { $0.a.dropFirst() },
    .make("drop(while)") { $0.a.drop { $0 < 2 } },
    .make("tryDrop(while)") { $0.a.tryDrop { try throwingOnTwo($0) > 0 } },
    .make("prefix") { $0.a.prefix(2) },
    .make("prefix(while)") { $0.a.prefix { $0 < 3 } },
    .make("tryPrefix(while)") { $0.a.tryPrefix { try throwingOnTwo($0) > 0 } },
    .make("output(at)") { $0.a.output(at: 1) },
    .make("output(in)") { $0.a.output(in: 1...2) },
  ]
}

private func combining() -> [Operator] {
  [
    .make("zip", .binary) { $0.a.zip($0.b) },
    .make("zip(transform)", .binary) { $0.a.zip($0.b, +) },
    .make("flatMap(scripted)", .binary) { upstreams in upstreams.a.flatMap { _ in upstreams.b } },
    .make("flatMap(maxPublishers)", .binary) { upstreams in
      upstreams.a.flatMap(maxPublishers: .max(1)) { _ in upstreams.b }
    },
    .make("flatMap(sequence)") { $0.a.flatMap { [$0, $0 * 10].publisher.setFailureType(to: TestError.self) } },
    .make("flatMap(just)") { $0.a.flatMap { Just($0 * 10).setFailureType(to: TestError.self) } },
    .make("switchToLatest", .binary) { upstreams in upstreams.a.map { _ in upstreams.b }.switchToLatest() },
    .make("append(publisher)", .binary) { $0.a.append($0.b) },
    .make("append(values)") { $0.a.append(7, 8) },
    .make("prepend(publisher)", .binary) { $0.a.prepend($0.b) },
    .make("prepend(values)") { $0.a.prepend(7, 8) },
    .make("drop(untilOutputFrom)", .binary) { $0.a.drop(untilOutputFrom: $0.b) },
    .make("prefix(untilOutputFrom)", .binary) { $0.a.prefix(untilOutputFrom: $0.b) },
  ]
}

private func lifecycle() -> [Operator] {
  [
    .make("catch(just)") { $0.a.catch { _ in Just(99) } },
    .make("catch(scripted)", .binary) { upstreams in upstreams.a.catch { _ in upstreams.b } },
    .make("tryCatch", .binary) { upstreams in
      upstreams.a.tryCatch { error -> ScriptedPublisher in
        if error == .failure { throw TestError.other }
        return upstreams.b
      }
    },
    .make("retry") { $0.a.retry(1) },
    .make("share") { $0.a.share() },
    .make("multicast(autoconnect)") { $0.a.multicast(subject: PassthroughSubject<Int, TestError>()).autoconnect() },
    .make("multicast(factory)") { $0.a.multicast { PassthroughSubject<Int, TestError>() }.autoconnect() },
    Operator(name: "multicast(connect)", kind: .unary) { upstreams, script in
      let recorder = Recorder<Int, TestError>(log: upstreams.log, script: script)
      let connectable = upstreams.a.multicast(subject: PassthroughSubject<Int, TestError>())
      connectable.subscribe(recorder)
      upstreams.log.append("-- connect")
      let connection = connectable.connect()
      return Driver(request: recorder.request, cancel: recorder.cancel, anchor: (recorder, connection))
    },
    .make("makeConnectable(autoconnect)") { $0.a.replaceError(with: 0).makeConnectable().autoconnect() },
    .make("eraseToAnyPublisher") { $0.a.eraseToAnyPublisher() },
    .make("handleEvents") { upstreams in
      let log = upstreams.log
      return upstreams.a.handleEvents(
        receiveSubscription: { log.append("hook: subscription \(describe($0))") },
        receiveOutput: { log.append("hook: output \($0)") },
        receiveCompletion: { log.append("hook: \(show($0))") },
        receiveCancel: { log.append("hook: cancel") },
        receiveRequest: { log.append("hook: request \(show($0))") }
      )
    },
    .make("print") { upstreams in upstreams.a.print("P", to: LogStream(log: upstreams.log)) },
    .make("breakpoint") { $0.a.breakpoint() },
    .make("assertNoFailure") { $0.a.assertNoFailure() },
  ]
}

private func timing() -> [Operator] {
  let scheduler = ImmediateScheduler.shared
  return [
    .make("receive(on)") { $0.a.receive(on: scheduler) },
    .make("subscribe(on)") { $0.a.subscribe(on: scheduler) },
    .make("delay") { $0.a.delay(for: .seconds(1), scheduler: scheduler) },
    .make("debounce") { $0.a.debounce(for: .seconds(1), scheduler: scheduler) },
    .make("throttle(latest)") { $0.a.throttle(for: .seconds(1), scheduler: scheduler, latest: true) },
    .make("throttle(first)") { $0.a.throttle(for: .seconds(1), scheduler: scheduler, latest: false) },
    .make("delay(virtual)", .timed) { $0.a.delay(for: .seconds(1), scheduler: $0.scheduler) },
    .make("debounce(virtual)", .timed) { $0.a.debounce(for: .seconds(1), scheduler: $0.scheduler) },
    .make("throttle(latest,virtual)", .timed) {
      $0.a.throttle(for: .seconds(1), scheduler: $0.scheduler, latest: true)
    },
    .make("throttle(first,virtual)", .timed) {
      $0.a.throttle(for: .seconds(1), scheduler: $0.scheduler, latest: false)
    },
    .make("timeout(virtual)", .timed) { $0.a.timeout(.seconds(1), scheduler: $0.scheduler) },
    .make("timeout(customError,virtual)", .timed) {
      $0.a.timeout(.seconds(1), scheduler: $0.scheduler) { TestError.other }
    },
    .make("measureInterval(virtual)", .timed) { $0.a.measureInterval(using: $0.scheduler) },
    .make("receive(on,virtual)", .timed) { $0.a.receive(on: $0.scheduler) },
    .make("subscribe(on,virtual)", .timed) { $0.a.subscribe(on: $0.scheduler) },
    .make("buffer(byRequest,dropOldest)") { $0.a.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest) },
    .make("buffer(keepFull,dropNewest)") { $0.a.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest) },
    .make("buffer(customError)") {
      $0.a.buffer(size: 1, prefetch: .keepFull, whenFull: .customError { TestError.other })
    },
  ]
}

private func sources() -> [Operator] {
  [
    .make("Just", .source) { _ in Just(1) },
    .make("Just.map", .source) { _ in Just(1).map { $0 * 10 } },
    .make("Just.setFailureType", .source) { _ in Just(1).setFailureType(to: TestError.self) },
    .make("Just.filter", .source) { _ in Just(1).filter { $0 > 5 } },
    .make("Just.collect", .source) { _ in Just(1).collect() },
    .make("Empty", .source) { _ in Empty<Int, TestError>() },
    .make("Empty(never)", .source) { _ in Empty<Int, TestError>(completeImmediately: false) },
    .make("Fail", .source) { _ in Fail<Int, TestError>(error: .failure) },
    .make("Sequence", .source) { _ in [1, 2, 3].publisher },
    .make("Sequence.map", .source) { _ in [1, 2, 3].publisher.map { $0 * 10 } },
    .make("Sequence.filter", .source) { _ in [1, 2, 3].publisher.filter { $0 != 2 } },
    .make("Sequence.prefix", .source) { _ in [1, 2, 3].publisher.prefix(2) },
    .make("Sequence.first", .source) { _ in [1, 2, 3].publisher.first() },
    .make("Sequence.collect", .source) { _ in [1, 2, 3].publisher.collect() },
    .make("Sequence.append", .source) { _ in [1, 2, 3].publisher.append(4) },
    .make("Optional.Publisher(some)", .source) { _ in Optional(1).publisher },
    .make("Optional.Publisher(none)", .source) { _ in Int?.none.publisher },
    .make("Result.Publisher(success)", .source) { _ in Result<Int, TestError>.success(1).publisher },
    .make("Result.Publisher(failure)", .source) { _ in Result<Int, TestError>.failure(.failure).publisher },
    .make("Record", .source) { _ in Record<Int, TestError>(output: [1, 2], completion: .finished) },
    .make("Future", .source) { _ in Future<Int, TestError> { $0(.success(1)) } },
    .make("Deferred", .source) { _ in Deferred { Just(1) } },
    .make("AnyPublisher(Just)", .source) { _ in Just(1).eraseToAnyPublisher() },
  ]
}

private func subjectsAndSubscribers() -> [Operator] {
  [
    subject("PassthroughSubject") { PassthroughSubject<Int, TestError>() },
    subject("CurrentValueSubject") { CurrentValueSubject<Int, TestError>(0) },
    Operator(name: "sink", kind: .unary) { upstreams, _ in
      let log = upstreams.log
      let cancellable = upstreams.a.sink(
        receiveCompletion: { log.append("sink: \(show($0))") },
        receiveValue: { log.append("sink: \($0)") }
      )
      return Driver(
        request: { _ in log.append("(a sink cannot request)") },
        cancel: cancellable.cancel,
        anchor: cancellable
      )
    },
  ]
}

/// A subject between upstream A and the recorder; the re-entrant sends go
/// into the subject itself.
private func subject<S: Subject>(_ name: String, _ make: @escaping () -> S) -> Operator
where S.Output == Int, S.Failure == TestError {
  Operator(name: name, kind: .unary) { upstreams, script in
    let subject = make()
    let recorder = Recorder<Int, TestError>(log: upstreams.log, script: script)
    subject.subscribe(recorder)
    upstreams.log.append("-- A.subscribe(subject)")
    let connection = upstreams.a.subscribe(subject)
    upstreams.nestedSend = { subject.send($0) }
    return Driver(request: recorder.request, cancel: recorder.cancel, anchor: (subject, recorder, connection))
  }
}
