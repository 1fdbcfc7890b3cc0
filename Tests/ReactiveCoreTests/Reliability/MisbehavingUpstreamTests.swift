import ReactiveCore
import Testing

/// Every operator of `OperatorTable`, under an upstream that breaks the
/// contract: values without demand, events after the completion, two
/// completions, a second subscription. Nothing crashes, and nothing of it
/// reaches the downstream, except a value without demand through the
/// operators that Combine makes transparent to demand (marked in the table).
/// The operators that count demand (`catch`, `retry`, `replaceError`) trap
/// on a value without demand, as Combine does: their exit tests pin it.
@Suite(.tags(.reliability)) struct MisbehavingUpstreamTests {
  @Test(arguments: OperatorTable.rows, Misbehaviour.allCases)
  func operatorWithstands(_ row: OperatorRow, _ misbehaviour: Misbehaviour) {
    let problems = row.misbehave(misbehaviour)
    #expect(problems == [], "\(row.name), \(misbehaviour.rawValue)")
  }

  /// A cancel racing an upstream that keeps sending: the operator stops
  /// delivery (at most the value in flight). Transparent operators leave
  /// that to the upstream, which here ignores the cancel: they are skipped.
  @Test(arguments: OperatorTable.rows.filter { !$0.transparent })
  func operatorStopsDeliveryWhenACancelRacesSends(_ row: OperatorRow) {
    #expect(row.raceCancel(Reliability.isHeavy ? 100 : 8) == [], "\(row.name)")
  }

  @Test func theTableCoversEnoughOperators() {
    #expect(OperatorTable.rows.count >= 30)
    #expect(Set(OperatorTable.rows.map(\.name)).count == OperatorTable.rows.count)
  }
}

/// Every operator of `OperatorTable`, after it finished and after it was
/// cancelled, while the test still holds the downstream's subscription: the
/// subscriber, whatever the closures captured, and the upstream
/// subscription are all released.
@Suite(.tags(.reliability)) struct OperatorLeakTests {
  @Test(arguments: OperatorTable.rows, Ending.allCases)
  func operatorReleasesEverything(_ row: OperatorRow, _ ending: Ending) {
    let problems = row.leak(ending)
    #expect(problems == [], "\(row.name), after \(ending.rawValue)")
  }
}
