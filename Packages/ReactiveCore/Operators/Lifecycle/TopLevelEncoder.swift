/// A type that encodes a value into a top-level representation, such as
/// JSON data: the coder that ``Publisher/encode(encoder:)`` uses.
///
/// `JSONEncoder` conforms; conform your own encoder to use it with `encode(encoder:)`.
public protocol TopLevelEncoder<Output> {
  /// The type this encoder produces.
  associatedtype Output

  /// Turns `value` into one ``Output``, such as a JSON document.
  ///
  /// - Parameter value: What to encode.
  /// - Returns: The encoded representation.
  func encode<T: Encodable>(_ value: T) throws -> Output
}
