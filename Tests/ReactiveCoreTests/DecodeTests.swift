import Foundation
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct DecodeTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  /// A decoder that reads an `Int` from a string, to show that any
  /// `TopLevelDecoder` works.
  private struct IntDecoder: TopLevelDecoder {
    func decode<T: Decodable>(_ type: T.Type, from input: String) throws -> T {
      guard let value = Int(input) as? T else { throw TestError(code: 5) }
      return value
    }
  }

  private static func data(_ text: String) -> Data {
    Data(text.utf8)
  }

  @Test func decodesEachValueWithAJSONDecoder() {
    let recorder = Just(Self.data(#"{"x":1,"y":2}"#)).decode(type: Point.self, decoder: JSONDecoder()).record()

    #expect(recorder.testEvents == [.subscription, .value(Point(x: 1, y: 2)), .finished])
  }

  @Test func worksWithAnyTopLevelDecoder() {
    let recorder = ["1", "2"].publisher.decode(type: Int.self, decoder: IntDecoder()).record()
    #expect(recorder.testEvents == [.subscription, .value(1), .value(2), .finished])
  }

  @Test func passesTheUpstreamFailureOn() {
    let recorder = Fail<String, TestError>(error: TestError(code: 3)).decode(type: Int.self, decoder: IntDecoder())
      .record()
    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func failsWithTheDecodingErrorAndCancelsTheUpstream() {
    let upstream = TestPublisher<String, Never>()
    let recorder = upstream.decode(type: Int.self, decoder: IntDecoder()).record()

    upstream.send("1")
    upstream.send("one")
    upstream.send("2")

    #expect(recorder.testEvents == [.subscription, .value(1), .failure(TestError(code: 5))])
    #expect(upstream.cancellations == 1)
  }

  @Test func failsWithJSONDecodersError() {
    let recorder = Just(Self.data("not json")).decode(type: Point.self, decoder: JSONDecoder()).record()

    #expect(recorder.values == [])
    guard case .failure(let error) = recorder.completion else {
      Issue.record("expected a failure, got \(recorder.events)")
      return
    }
    #expect(error is DecodingError)
  }

  @Test func passesTheDemandUpstream() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<String, Never>) in upstream.decode(type: Int.self, decoder: IntDecoder()) },
      sending: "1"
    )
  }

  @Test func cancelReachesTheUpstream() {
    expectCancelReachesTheUpstream { (upstream: TestPublisher<String, Never>) in
      upstream.decode(type: Int.self, decoder: IntDecoder())
    }
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<String, Never>) in upstream.decode(type: Int.self, decoder: IntDecoder()) },
      sending: ["1", "2"]
    )
    #expect(recorder.testEvents == [.subscription, .value(1)])
  }

  @Test func describesItselfAsDecode() {
    var description = ""
    TestPublisher<String, Never>().decode(type: Int.self, decoder: IntDecoder())
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "Decode")
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // As in Combine, decode does not check the demand: the upstream decides.
    let upstream = TestPublisher<Data, Never>()
    let recorder = upstream.decode(type: Int.self, decoder: JSONDecoder()).record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(recorder.testEvents == [.subscription])
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAfterADecodingError() throws {
    let upstream = TestPublisher<String, Never>()
    let decoded = upstream.decode(type: Int.self, decoder: IntDecoder())
    try expectReleasesTheSubscriber(of: decoded, end: { _ in upstream.send("x") })
  }

  @Test func releasesTheDownstreamOnCancel() throws {
    let decoded = TestPublisher<String, Never>().decode(type: Int.self, decoder: IntDecoder())
    try expectReleasesTheSubscriber(of: decoded, end: { $0.cancel() })
  }

  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine decodes it and passes the result to a subscriber that has no subscription yet.
    let recorder = EarlyEventPublisher<String, Never>(.value("1")).decode(type: Int.self, decoder: IntDecoder())
      .record()
    #expect(recorder.testEvents == [.subscription])
  }
}
