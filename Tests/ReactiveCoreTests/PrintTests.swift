import ReactiveCore
import Testing
import TraitsTesting

@Suite struct PrintTests {
  /// A stream that several copies share, so that a test reads what a
  /// subscription wrote.
  private final class SharedText: TextOutputStream, @unchecked Sendable {
    // @unchecked Sendable: written by one test thread at a time.
    var text = ""

    func write(_ string: String) {
      text += string
    }

    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
  }

  @Test func printsCombinesLinesForAStream() {
    let output = SharedText()
    let recorder = Record<Int, TestError>(output: [1, 2], completion: .finished).print("feed", to: output).record()

    #expect(recorder.events == [.subscription, .value(1), .value(2), .finished])
    #expect(
      output.lines == [
        "feed: receive subscription: ([1, 2])",  // a recording describes itself as its values, as in Combine
        "feed: request unlimited",
        "feed: receive value: (1)",
        "feed: receive value: (2)",
        "feed: receive finished",
      ]
    )
  }

  @Test func writesEachLineToItsStreamAsCombineDoes() {
    // Combine prints each line with print(_:to:): an empty write, the line,
    // then the newline (OpenCombine's PrintTests, run against Combine).
    let writes = WriteLog()
    _ = Just(1).print("p", to: writes).sink { _ in }
    #expect(
      Array(writes.entries.prefix(6)) == [
        "", "p: receive subscription: (Just)", "\n", "", "p: request unlimited", "\n",
      ]
    )
  }

  /// A stream that keeps each write apart.
  private final class WriteLog: TextOutputStream, @unchecked Sendable {
    // @unchecked Sendable: written by one test thread at a time.
    var entries: [String] = []

    func write(_ string: String) {
      entries.append(string)
    }
  }

  @Test func printsNoPrefixSeparatorWhenThePrefixIsEmpty() {
    let output = SharedText()
    let upstream = TestPublisher<Int, TestError>()
    _ = upstream.print(to: output).record(demand: .max(2))

    upstream.send(completion: .failure(TestError(code: 4)))

    #expect(
      output.lines == [
        "receive subscription: (TestPublisher)",
        "request max: (2)",
        "receive error: (TestError(code: 4))",
      ]
    )
  }

  @Test func printsTheDemandReturnedForAValueAsSynchronous() {
    let output = SharedText()
    let upstream = TestPublisher<Int, TestError>()
    _ = upstream.print("p", to: output).record(demand: .max(1)) { value, _ in value == 1 ? .max(3) : .unlimited }

    upstream.send(1)
    upstream.send(2)

    #expect(
      output.lines == [
        "p: receive subscription: (TestPublisher)",
        "p: request max: (1)",
        "p: receive value: (1)",
        "p: request max: (3) (synchronous)",
        "p: receive value: (2)",
        "p: request unlimited (synchronous)",
      ]
    )
    #expect(upstream.pendingDemand == .unlimited)
  }

  @Test func printsTheCancelAndPassesItUpstream() {
    let output = SharedText()
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.print("p", to: output).record(demand: .none)

    recorder.cancel()

    #expect(output.lines == ["p: receive subscription: (TestPublisher)", "p: receive cancel"])
    #expect(upstream.cancellations == 1)
  }

  @Test func passesTheDemandUpstream() {
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.print(to: SharedText()).record(demand: .max(2))

    recorder.request(.max(5))

    #expect(upstream.requests == [.max(2), .max(5)])
  }

  @Test func toleratesACancelFromInsideReceive() {
    let output = SharedText()
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, TestError>) in upstream.print("p", to: output) },
      sending: [1, 2]
    )
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(
      output.lines == [
        "p: receive subscription: (TestPublisher)",
        "p: request unlimited",
        "p: receive value: (1)",
        "p: receive cancel",
      ]
    )
  }

  @Test func describesItselfAsPrint() {
    var description = ""
    TestPublisher<Int, TestError>().print(to: SharedText())
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "Print")
  }

  @Test func writesToStandardOutputWithoutAStream() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      _ = Just(1).print("out").record()
    }
    let text = result.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? ""
    #expect(
      text.contains(
        """
        out: receive subscription: (Just)
        out: request unlimited
        out: receive value: (1)
        out: receive finished
        """
      )
    )
  }

  @Test func printsARequestForNoDemandAndPassesItUpstreamAsIs() {
    // As in Combine, print does not check the demand: the upstream decides.
    let output = SharedText()
    let upstream = TestPublisher<Int, TestError>()
    let recorder = upstream.print("p", to: output).record(demand: .none)

    recorder.request(.none)

    #expect(output.lines == ["p: receive subscription: (TestPublisher)", "p: request max: (0)"])
    #expect(upstream.requests == [.none])
    #expect(recorder.events == [.subscription])
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAfterCompletion() throws {
    let upstream = TestPublisher<Int, TestError>()
    try expectReleasesTheSubscriber(
      of: upstream.print(to: SharedText()),
      end: { _ in upstream.send(completion: .finished) }
    )
  }

  @Test func releasesTheDownstreamOnCancel() throws {
    try expectReleasesTheSubscriber(of: TestPublisher<Int, TestError>().print(to: SharedText()), end: { $0.cancel() })
  }

  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine passes it to a subscriber that has no subscription yet.
    let recorder = EarlyEventPublisher<Int, TestError>(.value(1)).print(to: SharedText()).record()
    #expect(recorder.events == [.subscription])
  }
}
