import CombineTraits
import Testing

// The blocks of shapes of the doc comments (each line a diagram and a
// caption: what a publisher, a factory or a trait can do), one scenario per
// line, run on virtual time like the operators' diagrams.
extension DocDiagramTests {
  static let shapeChecks: [DiagramCheck] = [
    // Trait factories
    DiagramCheck("CompletableTraits/AnyCompletablePublisher+Factories.swift", "|") {
      $0.expect(AnyCompletablePublisher<TestError>.empty(), values: [:])
    },
    DiagramCheck("CompletableTraits/AnyCompletablePublisher+Factories.swift", "x") {
      $0.expect(AnyCompletablePublisher.fail(TestError()), values: [:])
    },
    DiagramCheck("CompletableTraits/AnyCompletablePublisher+Factories.swift", "-------") {
      $0.expect(AnyCompletablePublisher<TestError>.never(), values: [:])
    },
    DiagramCheck("ImmediateTraits/AnyImmediatePublisher+Factories.swift", "(a|)      a = value") {
      $0.expect(AnyImmediatePublisher<String, TestError>.just("a"))
    },
    DiagramCheck("ImmediateTraits/AnyImmediatePublisher+Factories.swift", "x         x = error") {
      $0.expect(AnyImmediatePublisher<String, TestError>.fail(TestError()))
    },
    DiagramCheck("MaybeTraits/AnyMaybePublisher+Factories.swift", "|") {
      $0.expect(AnyMaybePublisher<String, TestError>.empty())
    },
    DiagramCheck("MaybeTraits/AnyMaybePublisher+Factories.swift", "(o|)") {
      $0.expect(AnyMaybePublisher<String, TestError>.just("o"))
    },
    DiagramCheck("MaybeTraits/AnyMaybePublisher+Factories.swift", "x") {
      $0.expect(AnyMaybePublisher<String, TestError>.fail(TestError()))
    },
    DiagramCheck("MaybeTraits/AnyMaybePublisher+Factories.swift", "-------") {
      $0.expect(AnyMaybePublisher<String, TestError>.never())
    },
    DiagramCheck("SingleTraits/AnySinglePublisher+Factories.swift", "(o|)") {
      $0.expect(AnySinglePublisher<String, TestError>.just("o"))
    },
    DiagramCheck("SingleTraits/AnySinglePublisher+Factories.swift", "x") {
      $0.expect(AnySinglePublisher<String, TestError>.fail(TestError()))
    },
    DiagramCheck("SingleTraits/AnySinglePublisher+Factories.swift", "-------") {
      $0.expect(AnySinglePublisher<String, TestError>.never())
    },

    // The traits: every shape drawn is one TraitsTesting accepts as a
    // publisher of the trait, and plays as drawn.
    DiagramCheck("CompletableTraits/CompletablePublisher.swift", "--------    never: no completion") { run in
      run.expectShape(values: [:]) { try $0.coldMaybePublisher(on: run.scheduler).asCompletable() }
    },
    DiagramCheck("MaybeTraits/MaybePublisher.swift", "--------    never: no value, no completion") { run in
      run.expectShape(values: ["o": "o"]) { try $0.coldMaybePublisher(on: run.scheduler) }
    },
    DiagramCheck("SingleTraits/SinglePublisher.swift", "--------    never: no value, no completion") { run in
      run.expectShape(values: ["o": "o"]) { try $0.coldSinglePublisher(on: run.scheduler) }
    },
    DiagramCheck("TraitsTesting/MarbleDiagram.ColdMaybePublisher.swift", "-------     never completes") { run in
      run.expectShape(values: ["a": "a"]) { try $0.coldMaybePublisher(on: run.scheduler) }
    },
    DiagramCheck("TraitsTesting/MarbleDiagram.ColdSinglePublisher.swift", "-------     never completes") { run in
      run.expectShape(values: ["a": "a"]) { try $0.coldSinglePublisher(on: run.scheduler) }
    },

    // ReactiveCore's publishers
    DiagramCheck("ReactiveCore/Publishers/Empty.swift", "|           completeImmediately: true (the default)") {
      $0.expect(Empty<String, TestError>(completeImmediately: $0.index == 0))
    },
    DiagramCheck("ReactiveCore/Publishers/Fail.swift", "x") {
      $0.expect(Fail<String, TestError>(error: TestError()))
    },
    DiagramCheck("ReactiveCore/Publishers/Future.swift", "----(o|)    success, once resolved and demanded") { run in
      let result: Result<String, TestError> = run.index == 0 ? .success("o") : .failure(TestError())
      let scheduler = run.scheduler
      return run.expect(
        Future { promise in
          scheduler.schedule(after: scheduler.now.advanced(by: .seconds(4))) { promise(result) }
        }
      )
    },
    DiagramCheck("ReactiveCore/Publishers/Just.swift", "(o|)    on the first demand") {
      $0.expect(Just("o"))
    },
    DiagramCheck("ReactiveCore/Publishers/Optional.Publisher.swift", "(o|)    some, on the first demand") {
      $0.expect(($0.index == 0 ? "o" : nil).publisher)
    },
    DiagramCheck("ReactiveCore/Publishers/Publishers.Sequence.swift", "(abc|)    [a, b, c].publisher, unlimited demand")
    {
      $0.expect(["a", "b", "c"].publisher)
    },
    DiagramCheck("ReactiveCore/Publishers/Result.Publisher.swift", "(o|)    success, on the first demand") {
      $0.expect(($0.index == 0 ? .success("o") : .failure(TestError()) as Result<String, TestError>).publisher)
    },
  ]
}

extension DiagramRun {
  /// Compares the scenario's diagram, played by the publisher `make` builds
  /// from it, with the diagram itself; fails if `make` refuses the diagram
  /// (TraitsTesting's trait publishers refuse a shape their trait cannot take).
  func expectShape<P: Publisher>(
    values: [Character: P.Output],
    _ make: (MarbleDiagram<String, TestError>) throws -> P
  ) -> MarbleComparison where P.Output: Equatable, P.Failure == TestError {
    do {
      return expect(
        try make(MarbleDiagram(result, values: Self.letters(of: result), error: TestError())),
        values: values
      )
    } catch {
      return refused(error)
    }
  }
}
