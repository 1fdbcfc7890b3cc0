import CombineTraits
import Foundation
import Testing

/// Every marble diagram of a doc comment under Packages/ (a ```text block
/// whose last line is `result`, see DocDiagramSupport.swift) runs here on
/// virtual time, and must draw what the operator does. A new diagram
/// without an entry below fails `everyDiagramHasAnEntry`.
@Suite struct DocDiagramTests {
  static let packages = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Packages")

  static let diagrams = (try? DocDiagram.all(in: packages)) ?? []

  @Test func theSourcesAreFound() {
    // A moved test file must not make every other check pass vacuously.
    #expect(Self.diagrams.count > 60)
  }

  @Test func everyDiagramHasAnEntry() {
    let entries = Set(Self.checks.map(\.key)).union(Self.unrunnable.keys)
    let diagrams = Set(Self.diagrams.map(\.key))
    for diagram in Self.diagrams where !entries.contains(diagram.key) {
      Issue.record("\(diagram): no entry in DocDiagramTests for \"\(diagram.key)\"")
    }
    for entry in entries.sorted() where !diagrams.contains(entry) {
      Issue.record("no doc diagram for the entry \"\(entry)\" (changed or moved?)")
    }
    #expect(Self.checks.count + Self.unrunnable.count == entries.count, "an entry is listed twice")
  }

  @Test func everyOtherDiagramIsListed() throws {
    // A diagram drawn in another form than inputs + `result` is not run: it
    // must be listed below, so that a new one is seen (and, better, written
    // in the checked form).
    let found = Set(try DocDiagram.otherDiagramBlocks(in: Self.packages))
    for block in found.subtracting(Self.notInCheckedForm.keys).sorted() {
      Issue.record("a doc diagram not in the checked form (inputs, then a result line): \(block)")
    }
    for block in Set(Self.notInCheckedForm.keys).subtracting(found).sorted() {
      Issue.record("listed in notInCheckedForm but not found: \(block)")
    }
  }

  @Test(arguments: checks) func theDiagramDrawsWhatTheOperatorDoes(_ check: DiagramCheck) throws {
    let diagram = try #require(Self.diagrams.first { $0.key == check.key })
    for (index, scenario) in diagram.scenarios.enumerated() {
      for input in scenario.inputs.values {
        _ = try MarbleDiagram<String, TestError>(input, values: DiagramRun.letters(of: input), error: TestError())
      }
      let run = DiagramRun(inputs: scenario.inputs, result: scenario.result, index: index)
      let comparison = check.run(run)
      #expect(comparison.matches, "\(diagram), scenario \(index + 1):\n\(comparison)")
    }
  }

  /// The signal a letter of an upstream of signals stands for: `X` is a
  /// failure, another capital a value (its small letter).
  static func signal(_ letter: String) -> Signal<String, TestError> {
    letter == "X" ? .failure(TestError()) : .value(letter.lowercased())
  }

  /// Diagrams that do not run on virtual time, and why.
  static let unrunnable: [String: String] = [
    "ReactiveExtras/Publishers.Create.swift: -a---bc-|            b waits for demand; | needs none":
      "drawn for a subscriber that requests one value, then two (the demand line); CreateTests pins it",
    "ImmediateTraits/Publishers.AssertImmediate.swift: (a|)   x   (ab)-c-|   (trap)     (trap)":
      "the last two columns trap; AssertImmediateTests pins them with exit tests",
    "ReactiveCore/Operators/Lifecycle/Publishers.AssertNoFailure.swift: -a-b-|     -a-(trap)":
      "the second column traps; AssertNoFailureTests pins it with an exit test",
    "ReactiveCore/Operators/Time/Publishers.Buffer.swift: ---a-b-c|    the downstream requests one value per tick":
      "drawn for a downstream that requests one value per tick; compareMarbles requests unlimited (BufferTests)",
    "SingleTraits/TraitPublishers.PreventCancellation.swift: ----a|       --^         ^ = cancelled; the upstream still completes":
      "the second column draws a cancel by the downstream, which compareMarbles does not make (PreventCancellationTests)",
  ]

  /// Doc diagrams in another form than inputs + `result`, by file and first
  /// line: not run here (yet), and why.
  static let notInCheckedForm: [String: String] = [
    "FoundationTraits/Publisher+ValidateHTTPStatus.swift: upstream  ----a|        ----b|       ---x":
      "its values are HTTP responses and its failures three kinds of HTTPRequestError",
    "ReactiveCoreFoundation/Timer+TimerPublisher.swift: connect   C": subscribers,
    "ReactiveCore/Operators/Lifecycle/ConnectablePublisher.swift: upstream  ---a-b-c-|": subscribers,
    "ReactiveCore/Operators/Lifecycle/Publishers.MakeConnectable.swift: upstream  ---a-b-|          connect() at the first tick":
      subscribers,
    "ReactiveCore/Operators/Lifecycle/Publishers.Multicast.swift: upstream  ---a-b-|          connect() at the first tick":
      subscribers,
    "ReactiveCore/Operators/Lifecycle/Publishers.Share.swift: upstream  --a-b-c-|": subscribers,
    "ReactiveExtras/Publishers.ShareReplay.swift: upstream  -a-b-c--|": subscribers,
    "ReactiveExtras/ReplaySubject.swift: send      -a-b-c------d-|": subscribers,
    "SingleTraits/MaybePublisher+Cache.swift: upstream      --a|                 (subscribed to once)": subscribers,
    "TraitsTesting/MarbleComparison.swift: expected: --a--b--|": notation,
    "TraitsTesting/MarbleComparison.swift: expected: --a--|": notation,
    "TraitsTesting/MarbleDiagram+Traits.swift:             single   maybe": notation,
    "TraitsTesting/MarbleDiagram.ColdPublisher.swift: diagram           --a--b--|": notation,
    "TraitsTesting/MarbleDiagram.HotPublisher.swift: diagram           --a--b--|": notation,
  ]
  static let subscribers = "several subscribers on one timeline (S marks a subscription): compareMarbles records one"
  static let notation =
    "TraitsTesting's own notation, shown as output; MarbleDiagramTests and MarbleComparisonTests pin it"

  /// The operators' diagrams and the blocks of shapes (DocDiagramShapes.swift).
  static let checks = operatorChecks + shapeChecks + combineExtChecks

  /// ReactiveExtras' CombineExt spellings (their own list: one literal with
  /// them took the type checker too long).
  static let combineExtChecks: [DiagramCheck] = [
    DiagramCheck("ReactiveExtras/Publisher+SignalValues.swift", "-a-b-|") {
      $0.expect($0.upstream.map(Self.signal).replaceError(with: .finished).values())
    },
    DiagramCheck("ReactiveExtras/Publisher+SignalValues.swift", "-----(e|)      e = x, the error as a value") {
      $0.expect(
        $0.upstream.map(Self.signal).replaceError(with: .finished).failures().setFailureType(to: TestError.self),
        values: ["e": TestError()]
      )
    },
    DiagramCheck(
      "ReactiveExtras/Publishers.WithLatestFrom.swift",
      "-----B-C--|       B = f(b, (1, u)), C = f(c, (2, u)); f = resultSelector"
    ) {
      $0.expect(
        $0.upstream.withLatestFrom($0.input("other1"), $0.input("other2")) { [$0, $1.0, $1.1].joined() },
        values: ["B": "b1u", "C": "c2u"]
      )
    },
    DiagramCheck("ReactiveExtras/Publishers.WithLatestFrom.swift", "-----P-Q--|       P = (1, u), Q = (2, u)") {
      $0.expect(
        $0.upstream.withLatestFrom($0.input("other1"), $0.input("other2")).map { [$0.0, $0.1].joined() },
        values: ["P": "1u", "Q": "2u"]
      )
    },
    DiagramCheck(
      "ReactiveExtras/Publishers.WithLatestFrom.swift",
      "------B-C--|       B = f(b, (1, u, v)), C = f(c, (2, u, v)); f = resultSelector"
    ) {
      $0.expect(
        $0.upstream.withLatestFrom($0.input("other1"), $0.input("other2"), $0.input("other3")) {
          [$0, $1.0, $1.1, $1.2].joined()
        },
        values: ["B": "b1uv", "C": "c2uv"]
      )
    },
    DiagramCheck("ReactiveExtras/Publishers.WithLatestFrom.swift", "------P-Q--|       P = (1, u, v), Q = (2, u, v)") {
      $0.expect(
        $0.upstream.withLatestFrom($0.input("other1"), $0.input("other2"), $0.input("other3")).map {
          [$0.0, $0.1, $0.2].joined()
        },
        values: ["P": "1uv", "Q": "2uv"]
      )
    },
  ]

  static let operatorChecks: [DiagramCheck] = [
    // CompletableTraits
    DiagramCheck("CompletableTraits/MaybePublisher+AsCompletable.swift", "-----|   -----|   ---x") {
      $0.expect($0.maybe().asCompletable(), values: [:])
    },
    DiagramCheck("CompletableTraits/Publishers.AndThen.swift", "----a|      --x") {
      $0.expect($0.input("self").ignoreOutput().andThen($0.input("next")))
    },
    // ImmediateTraits
    DiagramCheck("ImmediateTraits/Publisher+PrependValue.swift", "v---a--|      v = value, at the first demand") {
      $0.expect($0.upstream.prepend("v"))
    },
    DiagramCheck("MaybeTraits/Publishers.CheckMaybe.swift", "-----x          x = MaybeError.tooManyElements") {
      $0.expect($0.upstream.checkMaybe(), values: [:], error: MaybeError.tooManyElements)
    },
    // ReactiveExtras
    DiagramCheck("ReactiveExtras/Publishers.Dematerialize.swift", "-a-b-|      -a-x") {
      let signals: [Character: Signal<String, TestError>] = [
        "A": .value("a"), "B": .value("b"), "F": .finished, "X": .failure(TestError()),
      ]
      return $0.expect(
        $0.upstream.map { signals[Character($0)] ?? .finished }.catch { _ in Empty() }.dematerialize()
      )
    },
    DiagramCheck(
      "ReactiveExtras/Publishers.Materialize.swift",
      "-A-B-(F|)   -A-(X|)    A = .value(a), F = .finished, X = .failure(x)"
    ) {
      $0.expect(
        $0.upstream.materialize().setFailureType(to: TestError.self),
        values: ["A": .value("a"), "B": .value("b"), "F": .finished, "X": .failure(TestError())]
      )
    },
    DiagramCheck("ReactiveExtras/Publishers.WithLatestFrom.swift", "-----B-C--|       B = b1, C = c1") {
      $0.expect($0.upstream.withLatestFrom($0.input("other")) { $0 + $1 }, values: ["B": "b1", "C": "c1"])
    },
    DiagramCheck("ReactiveExtras/Publishers.WithLatestFrom.swift", "-----1-1--|") {
      $0.expect($0.upstream.withLatestFrom($0.input("other")))
    },
    // ReactiveCore: combining
    DiagramCheck(
      "ReactiveCore/Operators/Combining/Publishers.CombineLatest+Arities.swift",
      "---p-q-r--|     p = (a, 1), q = (a, 2), r = (b, 2)"
    ) {
      $0.expect(
        $0.upstream.combineLatest($0.input("other")).map { $0 + $1 },
        values: ["p": "a1", "q": "a2", "r": "b2"]
      )
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.Concatenate.swift", "-a-b-(cd|)     append(\"c\", \"d\")")
    {
      $0.expect($0.upstream.append("c", "d"))
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.Concatenate.swift", "-a--b-|     -a-x") {
      $0.expect($0.upstream.append($0.input("other")))
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.Concatenate.swift", "(ab)-c-|     prepend(\"a\", \"b\")")
    {
      $0.expect($0.upstream.prepend("a", "b"))
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.DropUntilOutput.swift", "-----c-d-|") {
      $0.expect($0.upstream.drop(untilOutputFrom: $0.input("other")))
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.FlatMap.swift", "--1--2--3-4|") { run in
      run.expect(run.upstream.flatMap { run.input("inner(\($0))") })
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.Merge+Arities.swift", "-a-b-c-d|") {
      $0.expect($0.upstream.merge(with: $0.input("other")))
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.PrefixUntilOutput.swift", "-a-b-|") {
      $0.expect($0.upstream.prefix(untilOutputFrom: $0.input("other")))
    },
    DiagramCheck("ReactiveCore/Operators/Combining/Publishers.SwitchToLatest.swift", "--1-2---4---|") { run in
      run.expect(run.upstream.map { run.input($0) }.switchToLatest())
    },
    DiagramCheck(
      "ReactiveCore/Operators/Combining/Publishers.Zip+Arities.swift",
      "---p---q--|     p = (a, 1), q = (b, 2)"
    ) {
      $0.expect($0.upstream.zip($0.input("other")).map { $0 + $1 }, values: ["p": "a1", "q": "b2"])
    },
    // ReactiveCore: lifecycle
    DiagramCheck(
      "ReactiveCore/Operators/Lifecycle/Publishers.Breakpoint.swift",
      "-a-b-|     (stops in the debugger where a closure says so)"
    ) {
      $0.expect($0.upstream.breakpoint(receiveOutput: { _ in false }))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Lifecycle/Publishers.Breakpoint.swift",
      "-a-x       (stops in the debugger before the failure goes on)"
    ) {
      $0.expect($0.upstream.breakpoint(receiveCompletion: { _ in false }))
    },
    DiagramCheck("ReactiveCore/Operators/Lifecycle/Publishers.Catch.swift", "-a-b--c-|") { run in
      run.expect(run.upstream.catch { _ in run.input("handler") })
    },
    DiagramCheck("ReactiveCore/Operators/Lifecycle/Publishers.Catch.swift", "-a-x            x = e") {
      $0.expect($0.upstream.tryCatch { error -> Just<String> in throw error })
    },
    DiagramCheck(
      "ReactiveCore/Operators/Lifecycle/Publishers.Decode.swift",
      "-a-b-|     a = decoder.decode(type, from: A)"
    ) {
      $0.expect(
        $0.upstream.map { Data("\"\($0.lowercased())\"".utf8) }.decode(type: String.self, decoder: JSONDecoder())
      )
    },
    DiagramCheck("ReactiveCore/Operators/Lifecycle/Publishers.Encode.swift", "-A-B-|     A = encoder.encode(a)") {
      $0.expect(
        $0.upstream.encode(encoder: JSONEncoder()).map { String(decoding: $0, as: UTF8.self).uppercased() }
          .map { $0.replacingOccurrences(of: "\"", with: "") }
      )
    },
    DiagramCheck(
      "ReactiveCore/Operators/Lifecycle/Publishers.HandleEvents.swift",
      "-a-b-|     (receiveOutput sees a, b; receiveCompletion sees |)"
    ) {
      $0.expect($0.upstream.handleEvents(receiveOutput: { _ in }, receiveCompletion: { _ in }))
    },
    // ReactiveCore: mapping
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.CompactMap.swift", "-A---C-|      transform(b) == nil") {
      $0.expect($0.upstream.compactMap { $0 == "b" ? nil : $0.uppercased() })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.CompactMap.swift", "-A-x          transform(b) throws x") {
      $0.expect($0.upstream.tryCompactMap { if $0 == "b" { throw TestError() } else { $0.uppercased() } })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.Filter.swift", "-a---c-|      isIncluded(b) == false") {
      $0.expect($0.upstream.filter { $0 != "b" })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.Filter.swift", "-a-x          isIncluded(b) throws x") {
      $0.expect($0.upstream.tryFilter { if $0 == "b" { throw TestError() } else { true } })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.IgnoreOutput.swift", "-----|     ---x") {
      $0.expect($0.upstream.ignoreOutput(), values: [:])
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.Map.swift", "-A-B-C-|      A = transform(a)") {
      $0.expect($0.upstream.map { $0.uppercased() })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.Map.swift", "-A-x          transform(b) throws x") {
      $0.expect($0.upstream.tryMap { if $0 == "b" { throw TestError() } else { $0.uppercased() } })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.Map.swift", "-a-o-b-|      n = nil, o = output") {
      $0.expect($0.upstream.map { $0 == "n" ? nil : $0 }.replaceNil(with: "o"))
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.MapError.swift", "-a-b-x      x = transform(upstream's x)")
    {
      $0.expect($0.upstream.mapError { TestError(code: $0.code) })
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.MapKeyPath.swift", "-A-B-|      A = a[keyPath: keyPath]") {
      $0.expect($0.upstream.map(\.localizedUppercase))
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.RemoveDuplicates.swift", "-a---b-a-|") {
      $0.expect($0.upstream.removeDuplicates())
    },
    DiagramCheck(
      "ReactiveCore/Operators/Mapping/Publishers.RemoveDuplicates.swift",
      "-a-x          predicate(a, b) throws x"
    ) {
      $0.expect($0.upstream.tryRemoveDuplicates { _, _ in throw TestError() })
    },
    DiagramCheck(
      "ReactiveCore/Operators/Mapping/Publishers.ReplaceEmpty.swift",
      "-----(e|)    --a--|     ---x      e = output"
    ) {
      $0.expect($0.upstream.replaceEmpty(with: "e"))
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.ReplaceError.swift", "-a-b-(e|)      e = output") {
      $0.expect($0.upstream.replaceError(with: "e"))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Mapping/Publishers.Scan.swift",
      "-A-B-C-|      A = f(initial, a), B = f(A, b), C = f(B, c)"
    ) {
      $0.expect($0.upstream.scan("") { $0 + $1 }, values: ["A": "a", "B": "ab", "C": "abc"])
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.Scan.swift", "-A-x          f(A, b) throws x") {
      $0.expect(
        $0.upstream.tryScan("") { if $1 == "b" { throw TestError() } else { $0 + $1 } },
        values: ["A": "a"]
      )
    },
    DiagramCheck("ReactiveCore/Operators/Mapping/Publishers.SetFailureType.swift", "-a-b-|      Failure == E") {
      $0.expect($0.upstream.replaceError(with: "never").setFailureType(to: TestError.self))
    },
    // ReactiveCore: reducing
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.AllSatisfy.swift",
      "-------(t|)  ---(f|)       predicate: the value is not e; t = true, f = false"
    ) {
      $0.expect($0.upstream.allSatisfy { $0 != "e" }, values: Self.booleans)
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Collect.swift", "-------(o|)  ---x       o = [a, b, c]") {
      $0.expect($0.upstream.collect(), values: ["o": ["a", "b", "c"]])
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.CollectByCount.swift",
      "---o---p---(q|)   count: 2; o = [a, b], p = [c, d], q = [e]"
    ) {
      $0.expect($0.upstream.collect(2), values: ["o": ["a", "b"], "p": ["c", "d"], "q": ["e"]])
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Comparison.swift", "-------(1|)") {
      $0.expect($0.upstream.min())
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Comparison.swift", "-------(3|)") {
      $0.expect($0.upstream.max())
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.Comparison.swift",
      "-------(3|)     areInIncreasingOrder: <"
    ) {
      $0.expect($0.upstream.max(by: <))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.Contains.swift",
      "---(t|)      -----(f|)     output: b; t = true, f = false"
    ) {
      $0.expect($0.upstream.contains("b"), values: Self.booleans)
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.Contains.swift",
      "---(t|)      -----(f|)     predicate: the value is b"
    ) {
      $0.expect($0.upstream.contains { $0 == "b" }, values: Self.booleans)
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Count.swift", "-------(3|)  ---(0|)   ---x") {
      $0.expect($0.upstream.count(), values: ["3": 3, "0": 0])
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Drop.swift", "-----c-d-|      count: 2") {
      $0.expect($0.upstream.dropFirst(2))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.DropWhile.swift",
      "-----c-a-|      predicate: the value is a or b"
    ) {
      $0.expect($0.upstream.drop { $0 == "a" || $0 == "b" })
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.DropWhile.swift",
      "---x            predicate: true for a, throws on e"
    ) {
      $0.expect($0.upstream.tryDrop { if $0 == "e" { throw TestError() } else { $0 == "a" } })
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.First.swift", "-(a|)        ---|     --x") {
      $0.expect($0.upstream.first())
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.First.swift",
      "---(b|)      -----|     predicate: the value is b"
    ) {
      $0.expect($0.upstream.first { $0 == "b" })
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.First.swift",
      "---(b|)      ---x          predicate: true for b, throws on e"
    ) {
      $0.expect($0.upstream.tryFirst { if $0 == "e" { throw TestError() } else { $0 == "b" } })
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Last.swift", "-------(c|)  ---|     ---x") {
      $0.expect($0.upstream.last())
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.Last.swift",
      "-------(b|)     predicate: the value is a or b"
    ) {
      $0.expect($0.upstream.last { $0 == "a" || $0 == "b" })
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.Last.swift",
      "-------(b|)  ---x          predicate: true for a and b, throws on e"
    ) {
      $0.expect($0.upstream.tryLast { if $0 == "e" { throw TestError() } else { $0 == "a" || $0 == "b" } })
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Output.swift", "-a-(b|)        maxLength: 2") {
      $0.expect($0.upstream.prefix(2))
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Output.swift", "---(b|)        index: 1") {
      $0.expect($0.upstream.output(at: 1))
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Output.swift", "---b-(c|)      range: 1...2") {
      $0.expect($0.upstream.output(in: 1...2))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.PrefixWhile.swift",
      "-a-b-|          predicate: the value is before c"
    ) {
      $0.expect($0.upstream.prefix { $0 < "c" })
    },
    DiagramCheck(
      "ReactiveCore/Operators/Reducing/Publishers.PrefixWhile.swift",
      "-a-b-x          predicate: true for a and b, throws on e"
    ) {
      $0.expect($0.upstream.tryPrefix { if $0 == "e" { throw TestError() } else { $0 == "a" || $0 == "b" } })
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Reduce.swift", "-------(6|)     reduce(0, +)") {
      $0.expect($0.upstream.compactMap { Int($0) }.reduce(0, +).map(String.init))
    },
    DiagramCheck("ReactiveCore/Operators/Reducing/Publishers.Reduce.swift", "-------(6|)  ---x") {
      $0.expect(
        $0.upstream.tryReduce(0) { sum, value in
          guard let number = Int(value) else { throw TestError() }
          return sum + number
        }.map(String.init)
      )
    },
    DiagramCheck("ReactiveCore/Operators/Lifecycle/Publishers.Retry.swift", "-a--b--c-|") { run in
      let attempts = Shared(0)
      return run.expect(
        Deferred {
          attempts.value += 1
          return run.input("attempt \(attempts.value)")
        }.retry(2)
      )
    },
    // ReactiveCore: time
    DiagramCheck(
      "ReactiveCore/Operators/Time/Publishers.CollectByTime.swift",
      "-----o----p-(q|)     byTime, 5 ticks; o = [a, b], p = [c], q = [d]"
    ) {
      $0.expect(
        $0.upstream.collect(.byTime($0.scheduler, .seconds(5))),
        values: ["o": ["a", "b"], "p": ["c"], "q": ["d"]]
      )
    },
    DiagramCheck("ReactiveCore/Operators/Time/Publishers.Debounce.swift", "------b-----c|      dueTime: 3 ticks") {
      $0.expect($0.upstream.debounce(for: .seconds(3), scheduler: $0.scheduler))
    },
    DiagramCheck("ReactiveCore/Operators/Time/Publishers.Delay.swift", "---a--b-|     interval: 2 ticks") {
      $0.expect($0.upstream.delay(for: .seconds(2), scheduler: $0.scheduler))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Time/Publishers.MeasureInterval.swift",
      "--p---q-|     p = 2 ticks, q = 4 ticks"
    ) {
      $0.expect($0.upstream.measureInterval(using: $0.scheduler), values: ["p": .seconds(2), "q": .seconds(4)])
    },
    DiagramCheck(
      "ReactiveCore/Operators/Time/Publishers.ReceiveOn.swift",
      "-a-b-|      each event delivered by the scheduler (here: virtual time, same tick)"
    ) {
      $0.expect($0.upstream.receive(on: $0.scheduler))
    },
    DiagramCheck("ReactiveCore/Operators/Time/Publishers.SubscribeOn.swift", "-a-b-|     values pass through unchanged")
    {
      $0.expect($0.upstream.subscribe(on: $0.scheduler))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Time/Publishers.Throttle.swift",
      "a---c---d---(e|)    interval: 4 ticks, latest: true"
    ) {
      $0.expect($0.upstream.throttle(for: .seconds(4), scheduler: $0.scheduler, latest: true))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Time/Publishers.Throttle.swift",
      "a---b---d---(e|)    interval: 4 ticks, latest: false"
    ) {
      $0.expect($0.upstream.throttle(for: .seconds(4), scheduler: $0.scheduler, latest: false))
    },
    DiagramCheck(
      "ReactiveCore/Operators/Time/Publishers.Timeout.swift",
      "-a--|         interval: 3 ticks, no custom error"
    ) {
      $0.expect($0.upstream.timeout(.seconds(3), scheduler: $0.scheduler))
    },
    // SingleTraits
    DiagramCheck("SingleTraits/Collection+RaceSingle.swift", "---(b|)       (first is cancelled)") {
      $0.expect([$0.single("first"), $0.single("second")].raceSingle())
    },
    DiagramCheck("SingleTraits/Collection+ZipSingle.swift", "-----(o|)       o = [a, b]") {
      $0.expect([$0.single("first"), $0.single("second")].zipSingle(), values: ["o": ["a", "b"]])
    },
    DiagramCheck("SingleTraits/MaybePublisher+IfEmpty.swift", "-----(d|)    --a--|     ---x      d = value") {
      $0.expect($0.maybe().ifEmpty(default: "d"))
    },
    DiagramCheck("SingleTraits/MaybePublisher+IfEmpty.swift", "-------b|     --a--|") {
      $0.expect($0.maybe().ifEmpty(switchTo: $0.single("replacement")))
    },
    DiagramCheck(
      "SingleTraits/MaybePublisher+ReplaceEmptyWithError.swift",
      "-----x       --a--|     ---x      x = error (first column), the upstream's (last)"
    ) {
      $0.expect($0.maybe().replaceEmpty(withError: TestError()))
    },
    DiagramCheck("SingleTraits/Publisher+RetryDelay.swift", "---------a|      delay: 5 ticks") { run in
      let attempts = Shared(0)
      return run.expect(
        Deferred {
          attempts.value += 1
          return run.input("attempt \(attempts.value)")
        }.retry(1, delay: .seconds(5), scheduler: run.scheduler)
      )
    },
    DiagramCheck("SingleTraits/Publishers.CheckSingle.swift", "-----(a|)  -----x      -----x     -----x     ---x") {
      let errors: [SingleError<TestError>] = [
        .missingElement, .missingElement, .tooManyElements, .bothElementAndError(TestError()), .upstream(TestError()),
      ]
      return $0.expect($0.upstream.checkSingle(), values: ["a": "a"], error: errors[$0.index])
    },
    DiagramCheck(
      "SingleTraits/SinglePublisher+TimeoutError.swift",
      "--a|        ------x           x = error(), after `interval` (6 ticks)"
    ) {
      $0.expect($0.single().timeout(.seconds(6), scheduler: $0.scheduler, error: { TestError() }))
    },
    DiagramCheck("SingleTraits/TraitPublishers+Zip.swift", "-----(o|)       o = (1, 2, 3)") {
      $0.expect(
        TraitPublishers.zip(
          $0.single("a").eraseToAnySinglePublisher(),
          $0.single("b").eraseToAnySinglePublisher(),
          $0.single("c").eraseToAnySinglePublisher()
        ).map { $0 + $1 + $2 },
        values: ["o": "123"]
      )
    },
  ]

  static let booleans: [Character: Bool] = ["t": true, "f": false]
}
