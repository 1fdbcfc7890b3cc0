// The tests of Swift6Service, as its author would write them with
// TraitsTesting: virtual time through an erased scheduler, marble sources
// (coldSingle, coldMaybe), `any Error` failures, and a local HTTP server.

import Foundation
import FoundationTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import Swift6Service
import Testing
import TraitsTesting

@Suite struct PriceServiceTests {
  let scheduler = VirtualTimeScheduler()

  func service(price: String, discount: String) -> PriceService {
    let scheduler = scheduler
    return PriceService(
      scheduler: .virtual(scheduler),
      prices: { _ in
        scheduler.coldSingle(price, values: ["a": 100], error: URLError(.notConnectedToInternet))
          .mapError { $0 as any Error }
          .eraseToAnySinglePublisher()
      },
      discounts: { _ in
        scheduler.coldMaybe(discount, values: ["d": 15], error: URLError(.badServerResponse))
          .mapError { $0 as any Error }
          .eraseToAnyMaybePublisher()
      }
    )
  }

  @Test func aPriceWithADiscount() {
    let recorder = service(price: "-a|", discount: "--d|").discountedPrice(of: "ACME").record()
    scheduler.advance(by: .seconds(5))
    #expect(recorder.describedEvents == [.subscription, .value(85), .finished])
  }

  @Test func aPriceWithoutDiscount() {
    let prices = service(price: "-a|", discount: "--|")
    let result = scheduler.compareMarbles(of: prices.discountedPrice(of: "ACME"), with: "---(b|)", values: ["b": 100]) {
      "\($0)" == "\($1)"  // `any Error` is not Equatable: compare descriptions
    }
    #expect(result.matches, "\(result)")
  }

  @Test func aSlowPriceTimesOutOnVirtualTime() {
    let recorder = service(price: "-----a|", discount: "|").price(of: "SLOW").record()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.completion == nil)
    scheduler.advance(by: .seconds(1))
    #expect(recorder.failure as? PriceError == .timedOut(symbol: "SLOW"))
  }

  @Test func aFailingSourceFailsThePrice() {
    let recorder = service(price: "-x", discount: "|").discountedPrice(of: "ACME").record()
    scheduler.advance(by: .seconds(1))
    #expect(recorder.failure as? URLError == URLError(.notConnectedToInternet))
  }
}

@Suite struct ReportClientTests {
  let server: TestHTTPServer
  let client: ReportClient

  init() throws {
    server = try TestHTTPServer { request in
      switch request.path {
      case "/q1": .init(body: Data("revenue 120".utf8))
      case "/q2": .init(body: Data("revenue 135".utf8))
      case "/settings": .init(body: Data("dark mode".utf8), delay: .milliseconds(20))
      case "/slow": .init(body: Data("late".utf8), delay: .seconds(3))
      default: .init(status: 404, body: Data("no such report".utf8))
      }
    }
    client = ReportClient(baseURL: server.url(path: ""), deadline: .milliseconds(500))
  }

  @Test func aReportIsOneValue() async throws {
    let recorder = client.report("/q1").record()
    #expect(try await recorder.awaitCompletion().isFinished)
    #expect(recorder.values == ["revenue 120"])
  }

  @Test func aStatusOutsideTheAcceptedRangeFails() async throws {
    let recorder = client.report("/q9").record()
    let failure = try await recorder.awaitCompletion().failure
    guard case let .status(error) = failure as? HTTPRequestError<URLError> else {
      Issue.record("expected an HTTP status error, got \(String(describing: failure))")
      return
    }
    #expect(error.response.statusCode == 404)
    #expect(String(decoding: error.data, as: UTF8.self) == "no such report")
  }

  @Test func aSlowReportTimesOut() async throws {
    let recorder = client.report("/slow").record()
    #expect(try await recorder.awaitCompletion().failure as? ReportError == .timedOut(path: "/slow"))
  }

  @Test func theCompletionHandlerAPIWrappedInASingle() async throws {
    #expect(try await client.reportFromCompletionHandler("/q2").value == "revenue 135")
  }

  @Test func aBatchFansOutInATaskGroup() async throws {
    let batch = ReportBatch(reports: ["q1": client.report("/q1"), "q2": client.report("/q2")])
    #expect(try await batch.fetchAll() == ["q1": "revenue 120", "q2": "revenue 135"])
  }

  @Test func cachedSettingsAreDownloadedOnce() async throws {
    let store = SettingsStore(client: client)
    let early = store.settings.record()
    let alsoEarly = store.settings.record()
    #expect(try await early.awaitCompletion().isFinished)
    let late = store.settings.record()  // after the download: the same result, at once
    #expect(late.values == ["dark mode"] && late.isFinished)
    #expect(try await alsoEarly.awaitCompletion().isFinished)
    #expect(alsoEarly.values == ["dark mode"])
    #expect(server.requests.map(\.path) == ["/settings"])
  }
}

@Suite struct SensorTests {
  @Test func theThreeWrappersReadTheSensor() async throws {
    let sensor = Sensor(temperature: 21.5)
    #expect(try await sensor.reading().value == 21.5)
    #expect(try await sensor.futureReading().value == 21.5)
    #expect(try await sensor.subscribedReading().value == 21.5)
    #expect(sensor.reads == 3)
  }

  @Test func aFailingSensorFailsEachWrapper() async {
    let sensor = Sensor(temperature: nil)
    await #expect(throws: SensorError()) { try await sensor.reading().value }
    await #expect(throws: SensorError()) { try await sensor.futureReading().value }
    await #expect(throws: SensorError()) { try await sensor.subscribedReading().value }
  }

  @Test func aCancelReachesTheSensor() {
    let sensor = Sensor(temperature: 21.5, latency: .seconds(60))
    sensor.reading().sinkSingle { _ in }.cancel()
    sensor.subscribedReading().sinkSingle { _ in }.cancel()
    #expect(sensor.cancellations == [1, 2])
  }
}

@Suite struct IsolationTests {
  @MainActor @Test func theModelUpdatesOnTheMainActor() async throws {
    let scheduler = VirtualTimeScheduler()
    let model = DashboardModel()
    let report = scheduler.coldSingle("-(a|)", values: ["a": "Q1: revenue 120"]).setFailureType(to: (any Error).self)
    model.load(report.eraseToAnySinglePublisher())
    scheduler.advance(by: .seconds(1))
    #expect(model.title == "loading…")  // the closure runs later, in a main-actor task
    let deadline = ContinuousClock.now + .seconds(5)
    while model.title == "loading…", ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(model.title == "Q1: revenue 120")
  }

  @Test func theLedgerAddsOnItsOwnExecutor() async throws {
    let ledger = Ledger()
    let scheduler = VirtualTimeScheduler()
    let prices = [scheduler.coldSingle("-(a|)", values: ["a": 12]), scheduler.coldSingle("--(a|)", values: ["a": 30])]
    for price in prices {
      await ledger.add(price.setFailureType(to: (any Error).self).eraseToAnySinglePublisher())
    }
    await ledger.add(Fail<Int, any Error>(error: URLError(.timedOut)).eraseToAnySinglePublisher())
    scheduler.advance(by: .seconds(2))
    // The closures run later, in tasks on the actor: wait for them (at most 5 s).
    let deadline = ContinuousClock.now + .seconds(5)
    while await ledger.total + ledger.failures < 43, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(1))
    }
    #expect(await ledger.total == 42)
    #expect(await ledger.failures == 1)
  }
}

@Suite struct GreeterTests {
  @Test func aMaybeNameMakesOneGreeting() {
    let greeter = Greeter(names: ["ada": "Ada"])
    #expect(greeter.greeting(for: "ada").record().events == [.subscription, .value("Hello, Ada"), .finished])
    #expect(greeter.greeting(for: "zed").record().values == ["Hello, stranger"])
  }
}
