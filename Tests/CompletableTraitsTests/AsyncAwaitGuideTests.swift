import CompletableTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing

/// The examples of Docs/AsyncAwait.md, with what the page says they do.
@Suite struct AsyncAwaitGuideTests {
  enum SaveError: Error { case diskFull }

  /// A stand-in for an asynchronous API.
  struct API: Sendable {
    func name(of id: Int) async throws -> String { "user \(id)" }
  }

  @Test func awaitingTraitPublishers() async throws {
    let answer = try await Just(42).value  // 42; only a cancellation can be thrown
    let name = try await Optional<String>.none.publisher.value  // nil
    try await AnyCompletablePublisher<SaveError>.empty().value
    #expect(answer == 42)
    #expect(name == nil)
  }

  enum WeatherError: Error { case unknownCity }

  func forecast(for city: String) -> AnySinglePublisher<String, WeatherError> {
    city == "Paris" ? .just("sunny") : .fail(.unknownCity)
  }

  @Test func theResultKeepsTheFailureTyped() async throws {
    switch try await forecast(for: "Paris").result {
    case let .success(forecast): print(forecast)
    case let .failure(error): print(error)  // a WeatherError, typed
    }
    let failed: Result<String, WeatherError> = try await forecast(for: "Atlantis").result
    #expect(throws: WeatherError.unknownCity) { try failed.get() }
  }

  @Test func aSingleFromAsyncCode() async throws {
    let api = API()
    func user(id: Int) -> AnySinglePublisher<String, any Error> {
      AnySinglePublisher { try await api.name(of: id) }
    }
    #expect(try await user(id: 1).value == "user 1")
  }
}
