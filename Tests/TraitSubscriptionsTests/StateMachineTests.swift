import MaybeTraits
import ReactiveCore
import SharedMachinery
import Testing
import TraitSubscriptions

/// A downstream with a name, which logs what it receives, for `perform`.
private final class NamedDownstream: Subscriber {
  typealias Input = Int
  typealias Failure = TestError

  let name: String
  private let received = HookLog()

  init(_ name: String) { self.name = name }

  var events: [String] { received.entries }

  func receive(subscription: any Subscription) { received.append("subscription") }

  func receive(_ input: Int) -> Subscribers.Demand {
    received.append("value \(input)")
    return .none
  }

  func receive(completion: Subscribers.Completion<TestError>) {
    received.append(completion == .finished ? "finished" : "failure")
  }
}

/// The context is a name: the machine only carries it.
private typealias Machine = TraitSubscriptionStateMachine<NamedDownstream, String>

/// What the hooks and jobs of a test did, in order.
private final class HookLog: Sendable {
  private let lines = Lock<[String]>([])

  var entries: [String] { lines.withLock { $0 } }

  func append(_ line: String) { lines.withLock { $0.append(line) } }
}

/// Cancel jobs with names: running one logs its name, so that a test can
/// tell which job an action or a state holds.
private final class NamedJobs: Sendable {
  private let ran = Lock<[String]>([])

  func job(_ name: String) -> Machine.CancelJob {
    { self.ran.withLock { $0.append(name) } }
  }

  /// The names `job` logs when it runs ("a, b" for two registrations).
  func name(_ job: Machine.CancelJob) -> String {
    ran.withLock { $0 = [] }
    job()
    return ran.withLock { $0.joined(separator: ", ") }
  }
}

private func render(_ result: Machine.Output) -> String {
  switch result {
  case let .success(value): "value \(value)"
  case .finished: "finished"
  case let .failure(error): "failure \(error.code)"
  }
}

/// One line per action, naming everything the caller would act on.
private func render(_ action: Machine.Action, _ jobs: NamedJobs) -> String {
  switch action {
  case .none:
    "none"
  case let .start(context):
    "start \(context)"
  case let .complete(downstream, context, result, job):
    "complete \(render(result)) to \(downstream.name), \(context), release \(job.map(jobs.name) ?? "no job")"
  case let .cancel(downstream, context, job):
    "cancel \(downstream.name), \(context), then \(job.map(jobs.name) ?? "no job")"
  case let .cancelJob(job):
    "run \(jobs.name(job))"
  case let .release(job):
    "release \(jobs.name(job))"
  case .secondResult:
    "second result"
  case let .registeredBeforeStart(job):
    "registered before start: \(jobs.name(job))"
  }
}

/// The state, naming what it holds.
private func render(_ machine: Machine, _ jobs: NamedJobs) -> String {
  switch machine {
  case let .waitingForDemand(downstream, context):
    "waitingForDemand(\(downstream.name), \(context))"
  case let .holdingResult(downstream, context, result):
    "holdingResult(\(downstream.name), \(context), \(render(result)))"
  case let .started(downstream, context, job):
    "started(\(downstream.name), \(context), \(job.map(jobs.name) ?? "no job"))"
  case .completed:
    "completed"
  case .cancelled:
    "cancelled"
  }
}

/// The states of the table's columns, for downstream "down" and context
/// "ctx": `started` has registered job "a", `holdingResult` holds value 1.
private enum Column: String, CaseIterable, Sendable {
  case waitingForDemand, holdingResult, started, completed, cancelled

  func machine(_ jobs: NamedJobs) -> Machine {
    var machine = Machine(downstream: NamedDownstream("down"), context: "ctx")
    switch self {
    case .waitingForDemand:
      break
    case .holdingResult:
      _ = machine.receive(.success(1))
    case .started, .completed, .cancelled:
      _ = machine.request(.max(1))
      _ = machine.onCancel(jobs.job("a"))
      if self == .completed { _ = machine.receive(.success(1)) }
      if self == .cancelled { _ = machine.cancel() }
    }
    return machine
  }
}

/// The table's rows: `receive` sends value 2, `onCancel` registers job "b".
private enum Row: String, Sendable {
  case request, receive, cancel, onCancel

  func send(to machine: inout Machine, _ jobs: NamedJobs) -> Machine.Action {
    switch self {
    case .request: machine.request(.max(1))
    case .receive: machine.receive(.success(2))
    case .cancel: machine.cancel()
    case .onCancel: machine.onCancel(jobs.job("b"))
    }
  }
}

/// One cell of the transition table in the machine's doc comment.
private struct Cell: Sendable, CustomTestStringConvertible {
  let row: Row
  let column: Column
  let action: String
  let next: String

  init(_ row: Row, _ column: Column, _ action: String, then next: String) {
    (self.row, self.column, self.action, self.next) = (row, column, action, next)
  }

  var testDescription: String { "\(row) in \(column)" }
}

/// The table of TraitSubscriptions+StateMachine.swift, cell by cell: the
/// action returned, then the next state.
private let table: [Cell] = [
  // event, state before: the action returned, then the state after
  Cell(.request, .waitingForDemand, "start ctx", then: "started(down, ctx, no job)"),
  Cell(.request, .holdingResult, "complete value 1 to down, ctx, release no job", then: "completed"),
  Cell(.request, .started, "none", then: "started(down, ctx, a)"),
  Cell(.request, .completed, "none", then: "completed"),
  Cell(.request, .cancelled, "none", then: "cancelled"),

  Cell(.receive, .waitingForDemand, "none", then: "holdingResult(down, ctx, value 2)"),
  Cell(.receive, .holdingResult, "second result", then: "holdingResult(down, ctx, value 1)"),
  Cell(.receive, .started, "complete value 2 to down, ctx, release a", then: "completed"),
  Cell(.receive, .completed, "second result", then: "completed"),
  Cell(.receive, .cancelled, "none", then: "cancelled"),

  Cell(.cancel, .waitingForDemand, "cancel down, ctx, then no job", then: "cancelled"),
  Cell(.cancel, .holdingResult, "cancel down, ctx, then no job", then: "cancelled"),
  Cell(.cancel, .started, "cancel down, ctx, then a", then: "cancelled"),
  Cell(.cancel, .completed, "none", then: "completed"),
  Cell(.cancel, .cancelled, "none", then: "cancelled"),

  Cell(.onCancel, .waitingForDemand, "registered before start: b", then: "waitingForDemand(down, ctx)"),
  Cell(.onCancel, .holdingResult, "registered before start: b", then: "holdingResult(down, ctx, value 1)"),
  Cell(.onCancel, .started, "none", then: "started(down, ctx, a, b)"),
  Cell(.onCancel, .completed, "release b", then: "completed"),
  Cell(.onCancel, .cancelled, "run b", then: "cancelled"),
]

/// The transition table of `TraitSubscriptionStateMachine`, every cell
/// asserting the action and the next state; then what `perform` does with
/// each action.
@Suite struct StateMachineTests {
  fileprivate let jobs = NamedJobs()

  @Test func theTableHasACellForEveryEventInEveryState() {
    for row in [Row.request, .receive, .cancel, .onCancel] {
      #expect(table.filter { $0.row == row }.map(\.column) == Column.allCases, "\(row)")
    }
  }

  @Test func theMachineStartsWaitingForDemand() {
    #expect(render(Column.waitingForDemand.machine(jobs), jobs) == "waitingForDemand(down, ctx)")
  }

  @Test(arguments: table)
  fileprivate func eachEventInEachState(_ cell: Cell) {
    var machine = cell.column.machine(jobs)
    #expect(render(cell.row.send(to: &machine, jobs), jobs) == cell.action)
    #expect(render(machine, jobs) == cell.next)
  }

  @Test func aResultAfterTheStartWithoutARegisteredJobCompletes() {
    var machine = Column.waitingForDemand.machine(jobs)
    _ = machine.request(.max(1))
    #expect(render(machine.receive(.finished), jobs) == "complete finished to down, ctx, release no job")
    #expect(render(machine, jobs) == "completed")
  }

  @Test func registrationsAfterTheStartAllRunOnCancelInOrder() {
    var machine = Column.started.machine(jobs)
    _ = machine.onCancel(jobs.job("b"))
    #expect(render(machine.cancel(), jobs) == "cancel down, ctx, then a, b")
  }

  // MARK: perform

  /// Performs `action` with hooks that log into `log`; returns the misuse.
  private func perform(_ action: consuming Machine.Action, log: HookLog) -> TraitSubscriptionMisuse? {
    action.perform(
      start: { context in log.append("start \(context)") },
      didComplete: { context in log.append("didComplete \(context)") },
      didCancel: { context in log.append("didCancel \(context)") }
    )
  }

  @Test func performStartsTheJob() {
    let log = HookLog()
    var machine = Column.waitingForDemand.machine(jobs)
    #expect(perform(machine.request(.max(1)), log: log) == nil)
    #expect(log.entries == ["start ctx"])
  }

  @Test func performSendsTheResultBeforeDidComplete() {
    let log = HookLog()
    let downstream = NamedDownstream("down")
    var machine = Machine(downstream: downstream, context: "ctx")
    _ = machine.request(.max(1))
    _ = machine.onCancel(jobs.job("a"))
    #expect(perform(machine.receive(.success(1)), log: log) == nil)
    #expect(downstream.events == ["value 1", "finished"])
    #expect(log.entries == ["didComplete ctx"])
  }

  @Test func performCallsDidCancelThenTheJob() {
    let log = HookLog()
    var machine = Column.waitingForDemand.machine(jobs)
    _ = machine.request(.max(1))
    _ = machine.onCancel { log.append("job") }
    #expect(perform(machine.cancel(), log: log) == nil)
    #expect(log.entries == ["didCancel ctx", "job"])
  }

  @Test func performRunsAJobRegisteredAfterTheCancel() {
    let log = HookLog()
    var machine = Column.cancelled.machine(jobs)
    #expect(perform(machine.onCancel { log.append("job") }, log: log) == nil)
    #expect(log.entries == ["job"])
  }

  @Test func performReleasesAJobRegisteredAfterTheCompletionWithoutRunningIt() {
    let log = HookLog()
    var machine = Column.completed.machine(jobs)
    #expect(perform(machine.onCancel { log.append("job") }, log: log) == nil)
    #expect(log.entries == [])
  }

  @Test func performReturnsTheMisuses() {
    let log = HookLog()
    var machine = Column.completed.machine(jobs)
    #expect(perform(machine.receive(.finished), log: log) == .secondResult)
    var early = Column.waitingForDemand.machine(jobs)
    #expect(perform(early.onCancel {}, log: log) == .registeredBeforeStart)
    #expect(log.entries == [])
  }
}
