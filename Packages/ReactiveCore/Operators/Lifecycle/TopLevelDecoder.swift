/// A type that decodes a value from a top-level representation, such as
/// JSON data: the coder that ``Publisher/decode(type:decoder:)`` uses.
///
/// `JSONDecoder` conforms; conform your own decoder to use it with `decode(type:decoder:)`.
public protocol TopLevelDecoder<Input> {
  /// The type this decoder accepts.
  associatedtype Input

  /// Builds a `T` from one encoded ``Input``, such as a JSON document.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - from: The representation to decode from.
  /// - Returns: The decoded instance.
  func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}
