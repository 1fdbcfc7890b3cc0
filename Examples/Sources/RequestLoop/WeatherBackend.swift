// The service layer of a server-shaped example: no web framework, a request
// is a task (RequestLoop.swift). The backend's work takes `latency` on a
// Swift clock, through ClockScheduler: ContinuousClock in production, any
// clock in tests. Every call counts in a ledger when it starts and when it
// is cancelled, so that tests see the work stop with the request.

import CompletableTraits
import MaybeTraits
import ReactiveCore
import ReactiveExtras
import SingleTraits
import Synchronization

public struct Forecast: Sendable, Equatable {
  public let city: String
  public let summary: String

  public init(city: String, summary: String) {
    self.city = city
    self.summary = summary
  }
}

public enum WeatherError: Error, Equatable {
  case unknownCity(String)
}

/// How many backend calls started, and how many were cancelled before
/// their result (a cancel after the result is the await's own clean-up).
public final class WorkLedger: Sendable {
  private let counts = Mutex((started: 0, cancelled: 0))

  public init() {}

  public var started: Int { counts.withLock { $0.started } }
  public var cancelled: Int { counts.withLock { $0.cancelled } }

  func start() { counts.withLock { $0.started += 1 } }
  func cancel() { counts.withLock { $0.cancelled += 1 } }
}

/// One backend call, in the ledger: a cancel counts only before the result.
final class Call: Sendable {
  private let delivered = Mutex(false)
  let ledger: WorkLedger

  init(ledger: WorkLedger) {
    self.ledger = ledger
  }

  func start() { ledger.start() }
  func deliver() { delivered.withLock { $0 = true } }
  func cancel() {
    if !delivered.withLock({ $0 }) { ledger.cancel() }
  }
}

/// The calls a handler awaits, one per trait and failure type: the typed,
/// `Never` and `any Error` singles, maybes and completables of a service.
public struct WeatherBackend<C: Clock>: Sendable where C.Duration == Duration {
  let scheduler: ClockScheduler<C>
  let latency: Duration
  public let ledger = WorkLedger()

  public init(clock: C, latency: Duration) {
    scheduler = ClockScheduler(clock: clock)
    self.latency = latency
  }

  /// One unit of backend work: `output` after the latency, counted.
  func work<Output>(_ output: Output) -> some SinglePublisher<Output, Never> {
    let call = Call(ledger: ledger)
    return Just(output)
      .delay(for: .init(latency), scheduler: scheduler)
      .handleEvents(
        receiveSubscription: { _ in call.start() },
        receiveOutput: { _ in call.deliver() },
        receiveCancel: { call.cancel() }
      )
  }

  // Singles
  public func forecast(for city: String) -> AnySinglePublisher<Forecast, WeatherError> {
    work(Forecast(city: city, summary: "sunny")).setFailureType(to: WeatherError.self).eraseToAnySinglePublisher()
  }
  public func temperature(in city: String) -> AnySinglePublisher<Double, Never> {
    work(21.5).eraseToAnySinglePublisher()
  }
  public func humidity(in city: String) -> AnySinglePublisher<Double, any Error> {
    work(0.4).setFailureType(to: (any Error).self).eraseToAnySinglePublisher()
  }

  // Maybes
  public func alert(for city: String) -> AnyMaybePublisher<String, WeatherError> {
    work("storm").setFailureType(to: WeatherError.self).eraseToAnyMaybePublisher()
  }
  public func cachedForecast(for city: String) -> AnyMaybePublisher<Forecast, Never> {
    work(Forecast(city: city, summary: "cloudy")).eraseToAnyMaybePublisher()
  }
  public func pollen(in city: String) -> AnyMaybePublisher<Int, any Error> {
    work(3).setFailureType(to: (any Error).self).eraseToAnyMaybePublisher()
  }

  // Completables
  public func recordVisit(to city: String) -> AnyCompletablePublisher<WeatherError> {
    work(()).ignoreOutput().setFailureType(to: WeatherError.self).eraseToAnyCompletablePublisher()
  }
  public func warmCache(for city: String) -> AnyCompletablePublisher<Never> {
    work(()).ignoreOutput().eraseToAnyCompletablePublisher()
  }
  public func audit(_ city: String) -> AnyCompletablePublisher<any Error> {
    work(()).ignoreOutput().setFailureType(to: (any Error).self).eraseToAnyCompletablePublisher()
  }
}
