import Synchronization

/// A unique identifier for identifying publisher streams.
///
/// To conform to ``CustomCombineIdentifierConvertible`` in a subscription or
/// subject that you implement as a structure, create an instance of
/// `CombineIdentifier` as follows:
///
/// ```swift
/// let combineIdentifier = CombineIdentifier()
/// ```
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
  private static let counter = Atomic<UInt64>(0)

  /// The one stored value, as in Combine (a debugger or `dump` shows a
  /// single `rawValue: UInt64`). An identifier made from an object holds
  /// its address; one made by `init()` holds a count with the top bit set,
  /// a bit no user-space address has on the 64-bit platforms this runs on
  /// (and which a 32-bit address cannot reach), so the two never collide.
  private let rawValue: UInt64

  private static let countedBit: UInt64 = 1 << 63

  /// Creates a unique Combine identifier.
  public init() {
    rawValue = Self.countedBit | Self.counter.add(1, ordering: .relaxed).newValue
  }

  /// Creates a Combine identifier, using the bit pattern of the provided object.
  ///
  /// Two identifiers made from the same live object are equal.
  public init(_ obj: AnyObject) {
    rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
  }

  public var description: String {
    "0x" + String(rawValue, radix: 16)
  }
}

/// A protocol for uniquely identifying publisher streams.
///
/// If you create a custom ``Subscription`` or ``Subscriber`` type, implement
/// this protocol so that development tools can uniquely identify publisher
/// chains in your app. A class gets the default implementation, which uses
/// the object's identity.
public protocol CustomCombineIdentifierConvertible {
  /// A unique identifier for publisher streams.
  var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
  /// The object's identity as a ``CombineIdentifier``.
  @inlinable
  public var combineIdentifier: CombineIdentifier {
    CombineIdentifier(self)
  }
}
