public import MaybeTraits
import ReactiveCore

extension TraitPublishers {
  /// Subscribes to every single publisher given, and publishes the tuple of
  /// their values once all of them have published.
  ///
  /// Any number of single publishers, of any output types, with one failure
  /// type, erased with `eraseToAnySinglePublisher()` (Swift cannot yet
  /// require every publisher of a parameter pack to have the same failure
  /// type, except through a type such as `AnySinglePublisher`). The first failure fails the result and cancels the publishers
  /// that have not completed yet. Without arguments, it publishes `()`.
  ///
  /// ```text
  /// a        --1|
  /// b        -----2|
  /// c        ---3|
  /// result   -----(o|)       o = (1, 2, 3)
  /// ```
  ///
  /// ```swift
  /// let profile: AnySinglePublisher<(User, [Post], Settings), APIError> =
  ///   TraitPublishers.zip(user(id), posts(id), settings(id))   // each an AnySinglePublisher
  /// ```
  ///
  /// - Parameter publishers: The single publishers to zip.
  /// - Returns: A single publisher of the tuple of their values, in the order given.
  public static func zip<each Output, Failure: Error>(
    _ publishers: repeat AnySinglePublisher<each Output, Failure>
  ) -> AnySinglePublisher<(repeat each Output), Failure> {
    // The values travel as `Any` through the collection zip, in the order
    // of the arguments, and are cast back to their types, in the same order.
    var erased: [AnySinglePublisher<Any, Failure>] = []
    for publisher in repeat each publishers {
      erased.append(publisher.map { $0 as Any }.eraseToAnySinglePublisher())
    }
    return
      erased
      .zipSingle()
      .map { values -> (repeat each Output) in
        let cursor = ValueCursor(values)
        return (repeat cursor.next(as: (each Output).self))
      }
      .eraseToAnySinglePublisher()
  }
}

/// Reads an array of values one at a time, each cast to the type its
/// position promises.
private final class ValueCursor {
  private let values: [Any]
  private var index = 0

  init(_ values: [Any]) {
    self.values = values
  }

  func next<Value>(as type: Value.Type) -> Value {
    defer { index += 1 }
    // The zip publishes one value per argument, each of its argument's type.
    guard let value = values[index] as? Value else {
      fatalError("Bug in TraitPublishers.zip: value \(index) is not a \(Value.self)")
    }
    return value
  }
}
