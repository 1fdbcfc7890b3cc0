import LockSupport
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

/// The maybe trait under random event sequences (property-based, seeded:
/// see `Reliability.forEachCase`), random thread interleavings (see
/// `stress`), misbehaving upstreams and leak checks (see `OperatorRow`).
@Suite(.tags(.reliability)) struct MaybeReliabilityTests {
  typealias Output = RecordingSubscriber<Int, MaybeError<TestError>>.Event

  /// What `checkMaybe()` publishes for `events`, once there is demand.
  static func expected(_ events: [UpstreamEvent]) -> [Output] {
    var first: Int?
    for event in events {
      switch event {
      case let .value(value):
        guard first == nil else { return [.subscription, .failure(.tooManyElements)] }
        first = value
      case .finished:
        guard let first else { return [.subscription, .finished] }
        return [.subscription, .value(first), .finished]
      case let .failure(code):
        guard first == nil else { return [.subscription, .failure(.elementThenFailure(TestError(code: code)))] }
        return [.subscription, .failure(.upstream(TestError(code: code)))]
      }
    }
    return [.subscription]
  }

  @Test func checkMaybeTurnsAnyEventSequenceIntoAMaybeOutput() {
    let cases = Reliability.forEachCase("checkMaybe", cases: Reliability.cases(light: 500, heavy: 100_000)) {
      generator in
      let events = UpstreamEvent.random(using: &generator)
      let demand = generator.demand()
      let upstream = Rogue<Int, TestError>()
      let recorder = upstream.checkMaybe().record(demand: demand)
      upstream.play(events)
      if demand == .none { recorder.request(.max(1)) }
      let expected = Self.expected(events)
      var problems: [String] = []
      if recorder.events != expected {
        problems.append("events \(events): got \(recorder.events), expected \(expected)")
      }
      let sawSecondValue = expected.last == .failure(.tooManyElements)
      if sawSecondValue != (upstream.log.cancels(of: 0) == 1) {
        problems.append("the upstream was cancelled \(upstream.log.cancels(of: 0)) times")
      }
      return problems
    }
    #expect(cases > 0)
  }

  @Test func traitPublishersMaybeUnderRacingThreads() {
    #expect(
      stress("TraitPublishers.Maybe", threads: 3) { (token: Token) -> StressSystem<Int, TestError> in
        let promises = MaybePromises()
        let maybe = TraitPublishers.Maybe<Int, TestError> { promise in
          promises.add(promise)
          return AnyCancellable { withExtendedLifetime(token) {} }
        }
        return StressSystem(
          sources: 1,
          witnesses: 2,
          send: { _, value in promises.fulfil(.success(value)) },
          complete: { _, failure in promises.fulfil(failure ? .failure(TestError(code: 1)) : .finished) },
          subscribe: { for witness in $0 { maybe.subscribe(witness) } }
        )
      } > 0
    )
  }

  @Test func checkMaybeOverARacingSubject() {
    #expect(
      stress("checkMaybeRace", threads: 3) { (_: Token) -> StressSystem<Int, MaybeError<TestError>> in
        let subject = PassthroughSubject<Int, TestError>()
        let checked = subject.checkMaybe()
        return StressSystem(
          sources: 1,
          send: { _, value in subject.send(value) },
          complete: { _, failure in subject.send(completion: failure ? .failure(TestError(code: 1)) : .finished) },
          subscribe: { checked.subscribe($0[0]) }
        )
      } > 0
    )
  }

  static let rows: [OperatorRow] = [
    OperatorRow("checkMaybe") { upstream, _, _ in upstream.checkMaybe() },
    // Transparent by design: these only change the type.
    OperatorRow("uncheckedMaybe", transparent: true) { upstream, _, _ in upstream.uncheckedMaybe() },
    OperatorRow("AnyMaybePublisher", transparent: true) { upstream, _, _ in
      upstream.uncheckedMaybe().eraseToAnyMaybePublisher()
    },
  ]

  @Test(arguments: rows, Misbehaviour.allCases)
  func operatorWithstands(_ row: OperatorRow, _ misbehaviour: Misbehaviour) {
    // Two values without demand break the maybe contract: only checkMaybe is made to survive that.
    guard row.name == "checkMaybe" || misbehaviour != .valueWithoutDemand else { return }
    #expect(row.misbehave(misbehaviour) == [], "\(row.name), \(misbehaviour.rawValue)")
  }

  @Test(arguments: rows, Ending.allCases)
  func operatorReleasesEverything(_ row: OperatorRow, _ ending: Ending) {
    #expect(row.leak(ending) == [], "\(row.name), after \(ending.rawValue)")
  }

  @Test func sinkMaybeCallsItsClosureOnceWhateverTheUpstreamDoes() {
    let upstream = Rogue<Int, TestError>()
    let results = Lock<[MaybeResult<Int, TestError>]>([])
    let cancellable = upstream.uncheckedMaybe().sinkMaybe { result in results.withLock { $0.append(result) } }
    upstream.subscribeAgain()
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(results.withLock { $0 } == [.finished])
    #expect(upstream.log.cancels(of: 1) == 1)
    #expect(upstream.log.cancels(of: 0) == 0)
    withExtendedLifetime(cancellable) {}
  }

  @Test(arguments: Ending.allCases)
  func sinkMaybeReleasesItsClosure(_ ending: Ending) {
    let upstream = Rogue<Int, TestError>()
    weak var weakToken: Token?
    let cancellable: AnyCancellable = {
      let token = Token()
      weakToken = token
      return upstream.uncheckedMaybe().sinkMaybe { _ in withExtendedLifetime(token) {} }
    }()
    switch ending {
    case .finish: upstream.send(completion: .finished)
    case .cancel: cancellable.cancel()
    }
    upstream.forget()
    #expect(weakToken == nil)
    #expect(upstream.lastSubscription == nil)
    withExtendedLifetime(cancellable) {}
  }

  @Test(arguments: Ending.allCases)
  func traitPublishersMaybeReleasesItsJob(_ ending: Ending) {
    weak var weakToken: Token?
    weak var weakWitness: ContractChecker<Int, TestError>?
    let promises = MaybePromises()
    let kept: (any Subscription)? = {
      let token = Token()
      weakToken = token
      let witness = ContractChecker<Int, TestError>()
      weakWitness = witness
      TraitPublishers.Maybe<Int, TestError> { promise in
        promises.add(promise)
        return AnyCancellable { withExtendedLifetime(token) {} }
      }.subscribe(witness)
      switch ending {
      case .finish: promises.fulfil(.finished)
      case .cancel: witness.cancel()
      }
      return witness.subscription
    }()
    #expect(weakWitness == nil)
    #expect(weakToken == nil)
    withExtendedLifetime(kept) {}
  }
}

/// The promises a maybe publisher handed out, kept for the threads to call.
final class MaybePromises: @unchecked Sendable {
  // @unchecked Sendable: the promises are under the lock, and called after it.
  private let promises = Lock<[(MaybeResult<Int, TestError>) -> Void]>([])

  func add(_ promise: @escaping (MaybeResult<Int, TestError>) -> Void) {
    let carried = UncheckedSendable(promise)
    promises.withLock { $0.append(carried.value) }
  }

  func fulfil(_ result: MaybeResult<Int, TestError>) {
    for promise in promises.withLock({ $0 }) {
      promise(result)
    }
  }
}
