import CombineTraits
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking  // URLSession, on Linux
#endif

struct Profile: Decodable { var name: String }

// The type says it: one profile, or an error. Never zero, never two.
func profile(id: Int) -> AnySinglePublisher<Profile, any Error> {
  URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/profiles/\(id)")!)
    .map(\.data)
    .decode(type: Profile.self, decoder: JSONDecoder())
    .eraseToAnySinglePublisher()  // compiles: every step keeps the trait
}

// One closure, called once, with a Result.
let cancellable = profile(id: 1).sinkSingle { result in
  print(result)
}

// A lookup that may find nothing says so, too.
func cachedProfile(id: Int) -> AnyMaybePublisher<Profile, Never> { .empty() }

// A publisher you do not trust is checked at run time, with a typed error.
let checked = [1, 2].publisher.checkSingle()  // fails with SingleError.tooManyElements
