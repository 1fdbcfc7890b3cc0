import Foundation
import ReactiveCore
import Testing
import TraitsTesting

@Suite struct EncodeTests {
  private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
  }

  /// A value whose encoding fails when `fails` is set.
  private struct Fragile: Encodable {
    var fails: Bool

    func encode(to encoder: any Encoder) throws {
      if fails { throw TestError(code: 9) }
      var container = encoder.singleValueContainer()
      try container.encode(fails)
    }
  }

  /// An encoder that writes a value's description, to show that any
  /// `TopLevelEncoder` works.
  private struct DescribingEncoder: TopLevelEncoder {
    func encode<T: Encodable>(_ value: T) throws -> String { "\(value)" }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()

  private static func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self)
  }

  @Test func encodesEachValueWithAJSONEncoder() {
    let recorder = Record<Point, TestError>(output: [Point(x: 1, y: 2)], completion: .finished)
      .encode(encoder: Self.encoder)
      .map(Self.text)
      .record()

    #expect(recorder.testEvents == [.subscription, .value(#"{"x":1,"y":2}"#), .finished])
  }

  @Test func worksWithAnyTopLevelEncoder() {
    let recorder = Just(7).encode(encoder: DescribingEncoder()).record()
    #expect(recorder.testEvents == [.subscription, .value("7"), .finished])
  }

  @Test func passesTheUpstreamFailureOn() {
    let recorder = Fail<Int, TestError>(error: TestError(code: 3)).encode(encoder: Self.encoder).record()
    #expect(recorder.testEvents == [.subscription, .failure(TestError(code: 3))])
  }

  @Test func failsWithTheEncodingErrorAndCancelsTheUpstream() {
    let upstream = TestPublisher<Fragile, Never>()
    let recorder = upstream.encode(encoder: DescribingEncoder()).record()
    let failing = upstream.encode(encoder: Self.encoder).record()

    upstream.send(Fragile(fails: true))
    upstream.send(Fragile(fails: false))

    #expect(failing.testEvents == [.subscription, .failure(TestError(code: 9))])
    #expect(upstream.cancellations == 1)
    #expect(recorder.values.count == 2)
  }

  @Test func passesTheDemandUpstream() {
    expectDemandPassedThrough(
      { (upstream: TestPublisher<Int, Never>) in upstream.encode(encoder: Self.encoder) },
      sending: 1
    )
  }

  @Test func cancelReachesTheUpstream() {
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.encode(encoder: Self.encoder).record()

    recorder.cancel()
    recorder.cancel()

    #expect(upstream.cancellations == 1)
  }

  @Test func toleratesACancelFromInsideReceive() {
    let recorder = expectToleratesACancelFromInsideReceive(
      { (upstream: TestPublisher<Int, Never>) in upstream.encode(encoder: DescribingEncoder()) },
      sending: [1, 2]
    )
    #expect(recorder.testEvents == [.subscription, .value("1")])
  }

  @Test func describesItselfAsEncode() {
    var description = ""
    TestPublisher<Int, Never>().encode(encoder: Self.encoder)
      .subscribe(AnySubscriber(receiveSubscription: { description = "\($0)" }))
    #expect(description == "Encode")
  }

  @Test func requestingNoDemandGoesToTheUpstreamAsIs() {
    // As in Combine, encode does not check the demand: the upstream decides.
    let upstream = TestPublisher<Int, Never>()
    let recorder = upstream.encode(encoder: JSONEncoder()).record(demand: .none)

    recorder.request(.none)

    #expect(upstream.requests == [.none])
    #expect(recorder.testEvents == [.subscription])
  }

  // MARK: Lifetimes

  @Test func releasesTheDownstreamAfterAnEncodingError() throws {
    let upstream = TestPublisher<Fragile, Never>()
    try expectReleasesTheSubscriber(
      of: upstream.encode(encoder: Self.encoder),
      end: { _ in
        upstream.send(Fragile(fails: true))
      }
    )
  }

  @Test func releasesTheDownstreamOnCancel() throws {
    try expectReleasesTheSubscriber(of: TestPublisher<Int, Never>().encode(encoder: Self.encoder), end: { $0.cancel() })
  }

  @Test func ignoresAValueBeforeTheSubscription() {
    // Combine passes it to a subscriber that has no subscription yet.
    let recorder = EarlyEventPublisher<Int, Never>(.value(1)).encode(encoder: JSONEncoder()).record()
    #expect(recorder.testEvents == [.subscription])
  }
}
