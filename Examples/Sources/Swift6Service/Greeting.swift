// `import SingleTraits` alone, as the SingleTraits docs write it: the module
// re-exports what its API is written in (ReactiveCore's Just and
// AnyCancellable, MaybeTraits' TraitPublishers, CancelBag and MaybeResult).
import SingleTraits

/// Greets after a lookup that may find nobody.
public struct Greeter: Sendable {
  let names: [String: String]

  public init(names: [String: String]) {
    self.names = names
  }

  /// The name behind a login, if any: a maybe publisher.
  public func name(of login: String) -> TraitPublishers.Maybe<String, Never> {
    let name = names[login]
    return TraitPublishers.Maybe { promise in
      promise(name.map { MaybeResult.success($0) } ?? .finished)
      return AnyCancellable {}
    }
  }

  /// "Hello, <name>", or "Hello, stranger": exactly one greeting.
  public func greeting(for login: String) -> AnySinglePublisher<String, Never> {
    name(of: login)
      .replaceEmpty(with: "stranger")
      .map { "Hello, \($0)" }
      .eraseToAnySinglePublisher()
  }

  /// Greets everyone in `logins`, keeping each subscription in `bag`.
  public func greet(_ logins: [String], in bag: CancelBag, _ receive: @escaping @Sendable (String) -> Void) {
    for login in logins {
      greeting(for: login).sinkSingle(in: bag) { result in
        if case let .success(text) = result { receive(text) }
      }
    }
  }

  /// A greeting that is not in this module's control, with `Just`.
  public static let fallback = Just("Hello").eraseToAnySinglePublisher()
}
