import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

// The examples of Docs/ReactiveExtras.md on the spellings taken from
// CombineExt (withLatestFrom of several publishers, Event, values(),
// failures(), create), compiled and run.

/// A callback API of the kind `create` wraps: it calls back with each
/// reading until stopped.
private final class Sensor: Sendable {
  let stops = Shared(0)

  func start(_ onReading: (Int) -> Void) {
    for reading in [20, 21, 22] {
      onReading(reading)
    }
  }

  func stop() {
    stops.value += 1
  }
}

@Suite struct ReactiveExtrasCombineExtGuideTests {
  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine 0.14.0 has no combineLatest
  @Test func withLatestFromOfTwoPublishersReadsBothOnEachValue() {
    let requests = PassthroughSubject<String, Never>()
    let token = CurrentValueSubject<String, Never>("t1")
    let region = CurrentValueSubject<String, Never>("eu")

    let signed = requests.withLatestFrom(token, region) { path, latest in
      "\(path) token=\(latest.0) region=\(latest.1)"
    }
    .record()
    requests.send("/users")  // "/users token=t1 region=eu"
    token.send("t2")  // publishes nothing
    requests.send("/orders")  // "/orders token=t2 region=eu"

    #expect(signed.values == ["/users token=t1 region=eu", "/orders token=t2 region=eu"])
  }
  #endif

  @Test func eventValuesAndFailuresReadAsInCombineExt() {
    // Code shared with an app that uses CombineExt: `Event` is `Signal`.
    let greetings = PassthroughSubject<String, TestError>()
    let greetingEvents: AnyPublisher<Event<String, TestError>, Never> = greetings.materialize().eraseToAnyPublisher()
    let values = greetingEvents.values().record()
    let failures = greetingEvents.failures().record()

    greetings.send("Hello")
    greetings.send(completion: .failure(TestError(code: 2)))
    // values: "Hello", then finished; failures: TestError(code: 2), then finished

    #expect(values.events == [.subscription, .value("Hello"), .finished])
    #expect(failures.events == [.subscription, .value(TestError(code: 2)), .finished])
  }

  @Test func createWrapsACallbackAPIAndRespectsDemand() {
    let sensor = Sensor()
    let readings = AnyPublisher<Int, Never>.create { subscriber in
      sensor.start { reading in subscriber.send(reading) }
      return AnyCancellable { sensor.stop() }
    }

    let display = readings.record(demand: .max(1))  // receives 20; 21 and 22 wait for demand
    display.request(.max(2))  // receives 21, 22
    display.cancel()  // stops the sensor

    #expect(display.events == [.subscription, .value(20), .value(21), .value(22)])
    #expect(sensor.stops.value == 1)
  }

  // The "Spelled …" rows of the CombineExt table, run.

  @Test func combineExtOperatorsSpelledWithCombine() {
    let source = [1, 2, 3, 4]
    let isEven = { (value: Int) in value.isMultiple(of: 2) }
    let shared = PassthroughSubject<Int, Never>()
    let even = shared.filter(isEven).record()
    let odd = shared.filter { !isEven($0) }.record()
    for value in source {
      shared.send(value)
    }
    #expect(even.values == [2, 4])
    #expect(odd.values == [1, 3])

    #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine 0.14.0 has no MergeMany
    let merged = Publishers.MergeMany([Just(1), Just(2)]).record()
    #expect(merged.values == [1, 2])
    #endif

    #expect(Just([1, 2]).map { $0.map(String.init) }.record().values == [["1", "2"]])
    #expect(Just([1, 2]).map { $0.filter(isEven) }.record().values == [[2]])
    #expect(Just(true).map(!).record().values == [false])

    let windows = source.publisher.scan([]) { Array(($0 + [$1]).suffix(3)) }.filter { $0.count == 3 }.record()
    #expect(windows.values == [[1, 2, 3], [2, 3, 4]])

    let failing = Fail<Int, TestError>(error: TestError(code: 1))
    let ignored = failing.catch { _ in Empty<Int, Never>(completeImmediately: true) }.record()
    #expect(ignored.events == [.subscription, .finished])
    let results = failing.map { Result<Int, TestError>.success($0) }.catch { Just(.failure($0)) }.record()
    #expect(results.values == [.failure(TestError(code: 1))])

    let trigger = PassthroughSubject<Int, Never>()
    let latest = trigger.map { Just($0 * 10) }.switchToLatest().record()
    trigger.send(1)
    #expect(latest.values == [10])
  }
}
