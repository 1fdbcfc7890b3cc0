import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
import Testing

/// The single operators and sinkSingle under a misbehaving upstream, and
/// their leak checks (the rows are `OperatorRow`s: see ReliabilityKit.swift).
@Suite(.tags(.reliability)) struct SingleMisbehavingUpstreamTests {
  static let rows: [OperatorRow] = [
    OperatorRow("checkSingle") { upstream, _, _ in upstream.checkSingle() },
    // Transparent by design: `uncheckedSingle()` only changes the type.
    OperatorRow("uncheckedSingle", transparent: true) { upstream, _, _ in upstream.uncheckedSingle() },
    OperatorRow("AnySinglePublisher", transparent: true) { upstream, _, _ in
      upstream.uncheckedSingle().eraseToAnySinglePublisher()
    },
    OperatorRow("zipSingle") { upstream, _, _ in
      [upstream.uncheckedSingle().eraseToAnySinglePublisher(), .just(1)].zipSingle()
    },
    OperatorRow("raceSingle") { upstream, _, _ in
      [upstream.uncheckedSingle().eraseToAnySinglePublisher(), .never()].raceSingle()
    },
    OperatorRow("cache") { upstream, _, _ in upstream.uncheckedSingle().cache() },
    // By design, a cancel does not reach the upstream.
    OperatorRow("preventCancellation", keepsUpstreamAfterCancel: true) { upstream, _, _ in
      let prevented: TraitPublishers.PreventCancellation<Publishers.UncheckedSingle<Rogue<Int, TestError>>> =
        upstream.uncheckedSingle().preventCancellation()
      return prevented
    },
    OperatorRow("replaceEmpty(withError:)") { upstream, _, _ in
      upstream.uncheckedMaybe().replaceEmpty(withError: TestError(code: 9))
    },
  ]

  /// The misbehaviours each row withstands; the others break the single
  /// contract on purpose, which only `checkSingle` is made to survive.
  static func applies(_ row: OperatorRow, _ misbehaviour: Misbehaviour) -> Bool {
    row.name == "checkSingle" || misbehaviour != .valueWithoutDemand
  }

  @Test(arguments: rows, Misbehaviour.allCases)
  func operatorWithstands(_ row: OperatorRow, _ misbehaviour: Misbehaviour) {
    guard Self.applies(row, misbehaviour) else { return }
    #expect(row.misbehave(misbehaviour) == [], "\(row.name), \(misbehaviour.rawValue)")
  }

  @Test(arguments: rows, Ending.allCases)
  func operatorReleasesEverything(_ row: OperatorRow, _ ending: Ending) {
    #expect(row.leak(ending) == [], "\(row.name), after \(ending.rawValue)")
  }

  @Test func sinkSingleCallsItsClosureOnceWhateverTheUpstreamDoes() {
    let upstream = Rogue<Int, TestError>()
    let results = Lock<[Result<Int, TestError>]>([])
    let cancellable = upstream.uncheckedSingle().sinkSingle { result in results.withLock { $0.append(result) } }
    upstream.subscribeAgain()
    upstream.send(1)
    upstream.send(completion: .finished)
    upstream.send(2)
    upstream.send(completion: .failure(TestError(code: 1)))
    #expect(results.withLock { $0 } == [.success(1)])
    #expect(upstream.log.cancels(of: 1) == 1)
    #expect(upstream.log.cancels(of: 0) == 0)
    withExtendedLifetime(cancellable) {}
  }

  @Test(arguments: Ending.allCases)
  func sinkSingleReleasesItsClosure(_ ending: Ending) {
    let finish = { (upstream: Rogue<Int, TestError>) in
      upstream.send(1)
      upstream.send(completion: .finished)
    }
    expectSinkReleasesItsClosure(ending, finish: finish) { upstream, token in
      upstream.uncheckedSingle().sinkSingle { _ in withExtendedLifetime(token) {} }
    }
  }

  @Test(arguments: Ending.allCases)
  func traitPublishersSingleReleasesItsJob(_ ending: Ending) {
    expectPromisedPublisherReleasesItsJob(ending, fulfilling: .success(1), singleJob)
  }

  @Test func assertSingleTrapsOnASecondValueSentWithoutDemand() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let upstream = Rogue<Int, TestError>()
      let witness = ContractChecker<Int, TestError>(initialDemand: .none)
      upstream.assertSingle(file: "Rogue.swift", line: 3).subscribe(witness)
      upstream.send(1)
      upstream.send(2)
    }
    #expect(result.standardErrorText.contains("Single violation: too many elements (Rogue.swift:3)"))
  }
}
