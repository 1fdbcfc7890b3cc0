import ReactiveCore
import Testing
import TraitsTesting

private struct Point {
  var x: Int
  var y: Int
  var z: Int
}

@Suite struct MapKeyPathTests {
  @Test func publishesTheValueOfOneKeyPath() {
    let mapped: Publishers.MapKeyPath<Publishers.Sequence<[Point], Never>, Int> = [
      Point(x: 1, y: 2, z: 3), Point(x: 4, y: 5, z: 6),
    ].publisher.map(\.y)
    #expect(mapped.record().events == [.subscription, .value(2), .value(5), .finished])
  }

  @Test func publishesTheValuesOfTwoKeyPathsAsATuple() {
    let mapped: Publishers.MapKeyPath2<Publishers.Sequence<[Point], Never>, Int, Int> = [
      Point(x: 1, y: 2, z: 3), Point(x: 4, y: 5, z: 6),
    ].publisher.map(\.x, \.z)
    let recorder = mapped.record()
    #expect(recorder.values.map { [$0.0, $0.1] } == [[1, 3], [4, 6]])
    #expect(recorder.completion == .finished)
  }

  @Test func publishesTheValuesOfThreeKeyPathsAsATuple() {
    let mapped: Publishers.MapKeyPath3<Publishers.Sequence<[Point], Never>, Int, Int, Int> = [
      Point(x: 1, y: 2, z: 3)
    ].publisher.map(\.z, \.y, \.x)
    let recorder = mapped.record()
    #expect(recorder.values.map { [$0.0, $0.1, $0.2] } == [[3, 2, 1]])
    #expect(recorder.completion == .finished)
  }

  @Test func passesAFailureThrough() {
    let upstream = TestPublisher<Point, TestError>()
    let one = upstream.map(\.x).record()
    let two = upstream.map(\.x, \.y).record()
    let three = upstream.map(\.x, \.y, \.z).record()

    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(one.events == [.subscription, .failure(TestError(code: 2))])
    #expect(two.completion == .failure(TestError(code: 2)))
    #expect(three.completion == .failure(TestError(code: 2)))
  }

  @Test func asksUpstreamForExactlyTheDownstreamDemand() {
    let upstream = TestPublisher<Point, Never>()
    let one = upstream.map(\.x).record(demand: .max(1))
    let two = upstream.map(\.x, \.y).record(demand: .max(2))
    let three = upstream.map(\.x, \.y, \.z).record(demand: .max(3))

    one.request(.max(4))
    two.request(.max(5))
    three.request(.max(6))

    #expect(upstream.requests == [.max(1), .max(2), .max(3), .max(4), .max(5), .max(6)])
  }

  @Test func cancellationReachesTheUpstream() {
    let upstream = TestPublisher<Point, Never>()
    let recorders: [any Cancellable] = [
      upstream.map(\.x).record(),
      upstream.map(\.x, \.y).record(),
      upstream.map(\.x, \.y, \.z).record(),
    ]

    recorders.forEach { $0.cancel() }

    #expect(upstream.cancellations == 3)
  }

  @Test func toleratesARequestAndACancelFromInsideReceive() {
    let recorder = expectToleratesARequestAndACancelFromInsideReceive(
      { (upstream: TestPublisher<Point, Never>) in upstream.map(\.x) },
      sending: [Point(x: 1, y: 0, z: 0), Point(x: 2, y: 0, z: 0), Point(x: 3, y: 0, z: 0)]
    )
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
  }

  @Test func releasesTheDownstreamAfterCompletion() {
    let upstream = TestPublisher<Point, Never>()
    weak var weakRecorder: RecordingSubscriber<(Int, Int), Never>?
    do {
      let recorder = RecordingSubscriber<(Int, Int), Never>()
      weakRecorder = recorder
      upstream.map(\.x, \.y).subscribe(recorder)
    }
    #expect(weakRecorder != nil)

    upstream.send(completion: .finished)

    #expect(weakRecorder == nil)
  }

  @Test func describesItsSubscribersAsValueForKey() {
    let upstream = SubscriberNameProbe<Point, Never>()
    _ = upstream.map(\.x).record()
    _ = upstream.map(\.x, \.y).record()
    _ = upstream.map(\.x, \.y, \.z).record()
    #expect(upstream.subscriberNames == ["ValueForKey", "ValueForKeys", "ValueForKeys"])
  }
}
