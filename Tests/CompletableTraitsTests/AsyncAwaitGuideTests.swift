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
    let answer = await Just(42).value  // 42, no try
    let name = await Optional<String>.none.publisher.value  // nil
    try await AnyCompletablePublisher<SaveError>.empty().value
    #expect(answer == 42)
    #expect(name == nil)
  }

  @Test func aSingleFromAsyncCode() async throws {
    let api = API()
    func user(id: Int) -> AnySinglePublisher<String, any Error> {
      AnySinglePublisher { try await api.name(of: id) }
    }
    #expect(try await user(id: 1).value == "user 1")
  }
}
