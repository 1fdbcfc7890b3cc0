// What a scenario is: an operator (how to build a publisher from the scripted
// upstreams and subscribe the recorder to it) run under a variant (the
// recorder's script and the steps that drive the upstreams).

#if OPENCOMBINE
import OpenCombine
#else
import ReactiveCore
#endif

/// The scripted upstreams of one scenario, sharing its log.
final class Upstreams {
  let log: Log
  let a: ScriptedPublisher
  let b: ScriptedPublisher
  /// The clock of the time operators; `advance` steps move it.
  let scheduler = VirtualScheduler()
  /// How the re-entrant variants send from inside the recorder's `receive`:
  /// into upstream A unless the operator says otherwise (a subject sends
  /// into itself, to check nested sends).
  var nestedSend: ((Int) -> Void)?

  init(log: Log) {
    self.log = log
    a = ScriptedPublisher("A", log: log)
    b = ScriptedPublisher("B", log: log)
  }

  func sendNested(_ value: Int) {
    if let nestedSend { nestedSend(value) } else { a.send(value) }
  }
}

/// What a scenario's script can do to the recorder once it is subscribed.
struct Driver {
  let request: (Subscribers.Demand) -> Void
  let cancel: () -> Void
  /// Whatever must live as long as the scenario (a subject, a cancellable).
  let anchor: Any?
}

/// One operator (or source, subject or subscriber) under test.
struct Operator {
  enum Kind {
    /// Built on upstream A only.
    case unary
    /// Built on upstreams A and B.
    case binary
    /// Needs no scripted upstream (Just, Sequence…): only the variants
    /// that drive the subscriber apply.
    case source
    /// Built on upstream A and the virtual scheduler: the timed variants
    /// apply too, and every other variant ends by letting time pass.
    case timed
  }

  let name: String
  let kind: Kind
  let attach: (Upstreams, RecorderScript) -> Driver

  /// An operator whose publisher `build` makes from the upstreams; the
  /// recorder subscribes to it.
  static func make<P: Publisher>(_ name: String, _ kind: Kind = .unary, _ build: @escaping (Upstreams) -> P) -> Operator
  {
    Operator(name: name, kind: kind) { upstreams, script in
      let recorder = Recorder<P.Output, P.Failure>(log: upstreams.log, script: script)
      build(upstreams).subscribe(recorder)
      return Driver(request: recorder.request, cancel: recorder.cancel, anchor: recorder)
    }
  }
}

/// One step of a variant's script.
enum Step {
  enum Upstream {
    case a
    case b
  }

  case send(Upstream, Int)
  case finish(Upstream)
  case fail(Upstream)
  case forceSend(Upstream, Int)
  case forceComplete(Upstream, Subscribers.Completion<TestError>)
  case request(Subscribers.Demand)
  case cancel
  /// The virtual clock moves forward by this many milliseconds.
  case advance(Int)

  var usesB: Bool {
    switch self {
    case .send(.b, _), .finish(.b), .fail(.b), .forceSend(.b, _), .forceComplete(.b, _): true
    default: false
    }
  }

  var label: String {
    func name(_ upstream: Upstream) -> String { upstream == .a ? "A" : "B" }
    switch self {
    case let .send(upstream, value): return "\(name(upstream)).send(\(value))"
    case let .finish(upstream): return "\(name(upstream)).finish"
    case let .fail(upstream): return "\(name(upstream)).fail"
    case let .forceSend(upstream, value): return "\(name(upstream)).forceSend(\(value))"
    case let .forceComplete(upstream, completion): return "\(name(upstream)).force(\(show(completion)))"
    case let .request(demand): return "S.request(\(show(demand)))"
    case .cancel: return "S.cancel"
    case let .advance(milliseconds): return "advance(\(milliseconds)ms)"
    }
  }

  func perform(on upstreams: Upstreams, driver: Driver) {
    func publisher(_ upstream: Upstream) -> ScriptedPublisher { upstream == .a ? upstreams.a : upstreams.b }
    switch self {
    case let .send(upstream, value): publisher(upstream).send(value)
    case let .finish(upstream): publisher(upstream).finish()
    case let .fail(upstream): publisher(upstream).fail()
    case let .forceSend(upstream, value): publisher(upstream).forceSend(value)
    case let .forceComplete(upstream, completion): publisher(upstream).forceComplete(completion)
    case let .request(demand): driver.request(demand)
    case .cancel: driver.cancel()
    case let .advance(milliseconds): upstreams.scheduler.advance(by: Ticks(milliseconds))
    }
  }
}

/// A way to run any operator: the recorder's script and the steps.
struct Variant {
  init(
    name: String,
    appliesToSources: Bool,
    isTimed: Bool = false,
    script: @escaping (Upstreams) -> RecorderScript,
    steps: [Step]
  ) {
    self.name = name
    self.appliesToSources = appliesToSources
    self.isTimed = isTimed
    self.script = script
    self.steps = steps
  }

  let name: String
  /// Whether the variant makes sense without a scripted upstream.
  let appliesToSources: Bool
  /// Whether the variant is about time (only for `.timed` operators).
  let isTimed: Bool
  let script: (Upstreams) -> RecorderScript
  let steps: [Step]
}

/// Runs `variant` on `operation`, handing each line of the trace to `emit`.
func run(_ operation: Operator, _ variant: Variant, emit: @escaping (String) -> Void) {
  let log = Log(emit: emit)
  let upstreams = Upstreams(log: log)
  let driver = operation.attach(upstreams, variant.script(upstreams))
  for step in variant.steps where operation.kind == .binary || !step.usesB {
    log.append("-- \(step.label)")
    step.perform(on: upstreams, driver: driver)
  }
  withExtendedLifetime(driver) {}
}
