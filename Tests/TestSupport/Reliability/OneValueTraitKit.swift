// The part of the reliability kit that the maybe and single suites share
// (and the trait subscriptions' stress suite): the promises their publishers
// hand out, what a one-value check publishes for any event sequence, and
// the stress and release checks of a publisher driven by promises.

public import ReactiveCore
import SharedMachinery
public import Testing
public import TraitsTesting

/// The promises (or jobs' result receivers) that trait publishers or trait
/// subscriptions handed out, kept for the threads to call. It may keep a
/// token alive with it, for a leak check of whoever holds it.
public final class StressPromises<Result>: @unchecked Sendable {
  // @unchecked Sendable: the promises are under the lock, and called after it.
  private let promises = Lock<[(Result) -> Void]>([])
  private let token: Token?

  public init(keeping token: Token? = nil) {
    self.token = token
  }

  public func add(_ promise: @escaping (Result) -> Void) {
    let carried = UncheckedSendable(promise)
    promises.withLock { $0.append(carried.value) }
  }

  /// The job of a trait publisher under test: keeps its promise, and
  /// returns a cancellable that holds `token` as long as the publisher
  /// keeps the job.
  public func job(_ promise: @escaping (Result) -> Void, holding token: Token) -> AnyCancellable {
    add(promise)
    return AnyCancellable { withExtendedLifetime(token) {} }
  }

  /// Calls every promise handed out so far with `result`.
  public func fulfil(_ result: Result) {
    for promise in promises.withLock({ $0 }) {
      promise(result)
    }
  }
}

/// What a one-value check (`checkMaybe()`, `checkSingle()`) publishes for
/// `events`, once there is demand: the first value then finished; a second
/// value fails with `tooManyElements`, a failure after a value with
/// `bothElementAndError`, a failure first with `upstream`; a finish without
/// a value gives `whenEmpty`.
public func expectedOneValueEvents<Failure: Error>(
  for events: [UpstreamEvent],
  whenEmpty: [RecordingSubscriber<Int, Failure>.Event],
  tooManyElements: Failure,
  bothElementAndError: (TestError) -> Failure,
  upstream: (TestError) -> Failure
) -> [RecordingSubscriber<Int, Failure>.Event] {
  var first: Int?
  for event in events {
    switch event {
    case let .value(value):
      guard first == nil else { return [.subscription, .failure(tooManyElements)] }
      first = value
    case .finished:
      guard let first else { return whenEmpty }
      return [.subscription, .value(first), .finished]
    case let .failure(code):
      guard first == nil else { return [.subscription, .failure(bothElementAndError(TestError(code: code)))] }
      return [.subscription, .failure(upstream(TestError(code: code)))]
    }
  }
  return [.subscription]
}

/// The property test of a one-value check that `make` builds on a `Rogue`:
/// for random event sequences and demands, the check publishes `expected`
/// of the events (plus whatever problems `also` finds in what it published),
/// and cancels its upstream exactly when it fails with `tooManyElements`.
/// Returns how many cases ran.
public func checkOneValueCheckAgainstAnyEvents<P: Publisher>(
  _ name: String,
  _ make: (Rogue<Int, TestError>) -> P,
  expected: ([UpstreamEvent]) -> [RecordingSubscriber<Int, P.Failure>.Event],
  tooManyElements: P.Failure,
  also: ([RecordingSubscriber<Int, P.Failure>.Event]) -> [String] = { _ in [] },
  sourceLocation: SourceLocation = #_sourceLocation
) -> Int where P.Output == Int, P.Failure: Equatable {
  let cases = Reliability.cases(light: 500, heavy: 100_000)
  return Reliability.forEachCase(name, cases: cases, sourceLocation: sourceLocation) { generator in
    let events = UpstreamEvent.random(using: &generator)
    let demand = generator.demand()
    let upstream = Rogue<Int, TestError>()
    let recorder = make(upstream).record(demand: demand)
    upstream.play(events)
    if demand == .none { recorder.request(.max(1)) }
    let expected = expected(events)
    var problems: [String] = []
    if recorder.events != expected {
      problems.append("events \(events): got \(recorder.events), expected \(expected)")
    }
    problems += also(recorder.events)
    let sawSecondValue = expected.last == .failure(tooManyElements)
    if sawSecondValue != (upstream.log.cancels(of: 0) == 1) {
      problems.append("the upstream was cancelled \(upstream.log.cancels(of: 0)) times")
    }
    return problems
  }
}

/// Stresses what `subscribe` subscribes each of two witnesses to: a
/// publisher (or subscription) whose jobs add their promises to the
/// `StressPromises` given, and hold the `Token` given until they end (or,
/// with `promisesKeepTheToken`, hold the promises, which keep the token).
/// Three threads fulfil every promise with `value(n)`, or with
/// `ending(failure)`. Returns how many rounds ran.
public func stressPromised<Result>(
  _ name: String,
  value: @escaping (Int) -> Result,
  ending: @escaping (_ failure: Bool) -> Result,
  promisesKeepTheToken: Bool = false,
  sourceLocation: SourceLocation = #_sourceLocation,
  subscribe: @escaping (StressPromises<Result>, Token, ContractChecker<Int, TestError>) -> Void
) -> Int {
  // Three threads fulfil each promise, so all but the first call are
  // misuses: their reports are kept (and not printed), not asserted.
  MisuseDiagnostics.startRecording()
  return stress(name, threads: 3, sourceLocation: sourceLocation) { (token: Token) -> StressSystem<Int, TestError> in
    let promises = StressPromises<Result>(keeping: promisesKeepTheToken ? token : nil)
    return StressSystem(
      sources: 1,
      witnesses: 2,
      send: { _, sent in promises.fulfil(value(sent)) },
      complete: { _, failure in promises.fulfil(ending(failure)) },
      subscribe: { for witness in $0 { subscribe(promises, token, witness) } }
    )
  }
}

/// Stresses the one-value check that `make` builds on a subject, which three
/// threads drive (a failure is `TestError(code: 1)`). Returns how many
/// rounds ran.
public func stressOneValueCheckOverASubject<P: Publisher>(
  _ name: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ make: @escaping (PassthroughSubject<Int, TestError>) -> P
) -> Int where P.Output == Int {
  stress(name, threads: 3, sourceLocation: sourceLocation) { (_: Token) -> StressSystem<Int, P.Failure> in
    let subject = PassthroughSubject<Int, TestError>()
    let checked = make(subject)
    return StressSystem(
      sources: 1,
      send: { _, value in subject.send(value) },
      complete: { _, failure in subject.send(completion: failure ? .failure(TestError(code: 1)) : .finished) },
      subscribe: { checked.subscribe($0[0]) }
    )
  }
}

/// Checks that a trait publisher that `make` builds (its job adds its
/// promise to the promises given and holds the token given until it ends)
/// releases its subscriber and its job once `ending` happens: the promise
/// fulfilled with `result`, or the subscriber cancelling.
public func expectPromisedPublisherReleasesItsJob<Result, P: Publisher>(
  _ ending: Ending,
  fulfilling result: Result,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ make: (StressPromises<Result>, Token) -> P
) where P.Output == Int, P.Failure == TestError {
  weak var weakToken: Token?
  weak var weakWitness: ContractChecker<Int, TestError>?
  let promises = StressPromises<Result>()
  let kept: (any Subscription)? = {
    let token = Token()
    weakToken = token
    let witness = ContractChecker<Int, TestError>()
    weakWitness = witness
    make(promises, token).subscribe(witness)
    switch ending {
    case .finish: promises.fulfil(result)
    case .cancel: witness.cancel()
    }
    return witness.subscription
  }()
  #expect(weakWitness == nil, sourceLocation: sourceLocation)
  #expect(weakToken == nil, sourceLocation: sourceLocation)
  withExtendedLifetime(kept) {}
}

/// Checks that a trait sink, which `sink` attaches to a `Rogue` with a
/// closure holding the token given, releases the closure and its
/// subscription once `ending` happens: `finish` ending the upstream, or the
/// cancellable cancelled.
public func expectSinkReleasesItsClosure(
  _ ending: Ending,
  finish: (Rogue<Int, TestError>) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ sink: (Rogue<Int, TestError>, Token) -> AnyCancellable
) {
  let upstream = Rogue<Int, TestError>()
  weak var weakToken: Token?
  let cancellable: AnyCancellable = {
    let token = Token()
    weakToken = token
    return sink(upstream, token)
  }()
  switch ending {
  case .finish: finish(upstream)
  case .cancel: cancellable.cancel()
  }
  upstream.forget()
  #expect(weakToken == nil, sourceLocation: sourceLocation)
  #expect(upstream.lastSubscription == nil, sourceLocation: sourceLocation)
  withExtendedLifetime(cancellable) {}
}
