import CombineTraits
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The taste of the API in README.md, as written (without subscribing to the
/// network request, which would need the internet).
@Suite struct ReadmeTests {
  struct Profile: Decodable, Equatable { var name: String }

  // The type says it: one profile, or an error. Never zero, never two.
  func profile(id: Int) -> AnySinglePublisher<Profile, any Error> {
    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/profiles/\(id)")!)
      .map(\.data)
      .decode(type: Profile.self, decoder: JSONDecoder())
      .eraseToAnySinglePublisher()  // compiles: every step keeps the trait
  }

  // A lookup that may find nothing says so, too.
  func cachedProfile(id: Int) -> AnyMaybePublisher<Profile, Never> { .empty() }

  @Test func theTasteCompilesAndDoesWhatItSays() throws {
    _ = profile(id: 1)  // built, not subscribed
    #expect(cachedProfile(id: 1).record().events == [.subscription, .finished])

    // A publisher you do not trust is checked at run time, with a typed error.
    let checked = [1, 2].publisher.checkSingle()  // fails with SingleError.tooManyElements
    #expect(checked.record().completion == .failure(.tooManyElements))
  }

  @Test func theTasteWorksAgainstALocalServer() async throws {
    let server = try TestHTTPServer { _ in .init(body: Data(#"{"name":"Ada"}"#.utf8)) }
    defer { server.stop() }
    let profile = URLSession.shared.dataTaskPublisher(for: server.url(path: "/profiles/1"))
      .map(\.data)
      .decode(type: Profile.self, decoder: JSONDecoder())
      .eraseToAnySinglePublisher()
    #expect(try await profile.record().next().name == "Ada")
  }
}
