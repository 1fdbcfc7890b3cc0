// A request loop over tasks, as a server runs one: each request is a task
// that awaits the service's publishers with `try await …value`; a client
// that goes away cancels its task, and the work behind it stops.

import CompletableTraits
import MaybeTraits
import ReactiveCore
import ReactiveExtras
import SingleTraits

/// What a client asks for.
public struct Request: Sendable, Equatable {
  public let id: Int
  public let city: String

  public init(id: Int, city: String) {
    self.id = id
    self.city = city
  }
}

/// The page a request gets: every call of the backend, awaited.
public struct Page: Sendable, Equatable {
  public let forecast: Forecast
  public let temperature: Double
  public let humidity: Double
  public let alert: String?
  public let cached: Forecast?
  public let pollen: Int?
  public let units: String
}

public struct RequestLoop<C: Clock>: Sendable where C.Duration == Duration {
  public let backend: WeatherBackend<C>
  /// The settings every request reads: loaded once, on the first request,
  /// and given to every later one. `cache()` and not `share(replay: 1)`:
  /// each `value` cancels its subscription once the value came, and a share
  /// whose last subscriber cancels disconnects, so the next request would
  /// load again; a cache runs its upstream to the end.
  let settings: AnySinglePublisher<String, Never>

  public init(backend: WeatherBackend<C>, loadSettings: @escaping @Sendable () -> String) {
    self.backend = backend
    settings = Deferred { Just(loadSettings()) }.cache().eraseToAnySinglePublisher()
  }

  /// Starts serving a request; cancel the task when the client goes away.
  public func serve(_ request: Request) -> Task<Page, any Error> {
    Task { try await page(for: request) }
  }

  /// The handler: nine awaits, each of which stops its work if the task is cancelled.
  func page(for request: Request) async throws -> Page {
    let city = request.city
    async let forecast = backend.forecast(for: city).value
    async let temperature = backend.temperature(in: city).value
    async let humidity = backend.humidity(in: city).value
    async let alert = backend.alert(for: city).value
    async let cached = backend.cachedForecast(for: city).value
    async let pollen = backend.pollen(in: city).value
    async let visit: Void = backend.recordVisit(to: city).value
    async let warm: Void = backend.warmCache(for: city).value
    async let audit: Void = backend.audit(city).value
    _ = try await (visit, warm, audit)
    return Page(
      forecast: try await forecast,
      temperature: try await temperature,
      humidity: try await humidity,
      alert: try await alert,
      cached: try await cached,
      pollen: try await pollen,
      units: try await settings.value
    )
  }

  /// Tags each incoming request with the latest settings: requests arrive
  /// as an `AsyncSequence` (a server's accept loop), bridged to a publisher
  /// that pulls them as demand comes, and combined with `withLatestFrom`.
  public func tagged<Requests: AsyncSequence & Sendable>(
    _ requests: Requests,
    settings: some Publisher<String, Never>
  ) -> some Publisher<(Request, String), Never> where Requests.Element == Request, Requests.Failure == Never {
    requests.publisher.withLatestFrom(settings) { request, settings in (request, settings) }
  }
}
