public import ReactiveCore

extension VirtualTimeScheduler {
  /// An instant of virtual time: a count of nanoseconds since an arbitrary origin.
  ///
  /// ```swift
  /// let start = VirtualTimeScheduler.SchedulerTimeType(0)
  /// #expect(start.advanced(by: .milliseconds(5)) == .init(5_000_000))
  /// ```
  public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The nanoseconds since the origin of virtual time.
    public var nanoseconds: Int

    /// Creates an instant, the given number of nanoseconds after the origin of virtual time.
    ///
    /// - Parameter nanoseconds: The nanoseconds since the origin; may be negative.
    public init(_ nanoseconds: Int) {
      self.nanoseconds = nanoseconds
    }

    /// The instant, in the largest unit that expresses it exactly: `"0s"`, `"1500ms"`, `"7ns"`.
    public var description: String {
      formatNanoseconds(nanoseconds)
    }

    /// Returns the stride from this instant to another one.
    public func distance(to other: SchedulerTimeType) -> Stride {
      Stride(other.nanoseconds - nanoseconds)
    }

    /// Returns the instant a stride after this one.
    public func advanced(by n: Stride) -> SchedulerTimeType {
      SchedulerTimeType(nanoseconds + n.nanoseconds)
    }

    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.nanoseconds < rhs.nanoseconds
    }

    /// A duration of virtual time, in nanoseconds; negative strides go back in time.
    ///
    /// ```swift
    /// let stride: VirtualTimeScheduler.SchedulerTimeType.Stride = .milliseconds(2)
    /// #expect(stride == 2_000_000)  // an integer literal counts nanoseconds
    /// ```
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByIntegerLiteral,
      Hashable, Codable, Sendable, CustomStringConvertible
    {
      /// The duration in nanoseconds.
      public var nanoseconds: Int

      /// Creates a stride of the given number of nanoseconds.
      ///
      /// - Parameter nanoseconds: The duration in nanoseconds; negative goes back in time.
      public init(_ nanoseconds: Int) {
        self.nanoseconds = nanoseconds
      }

      /// Creates a stride from an integer literal, in nanoseconds.
      public init(integerLiteral nanoseconds: Int) {
        self.init(nanoseconds)
      }

      /// Creates a stride of `source` nanoseconds, or nil if it does not fit in an `Int`.
      public init?<T: BinaryInteger>(exactly source: T) {
        guard let nanoseconds = Int(exactly: source) else { return nil }
        self.init(nanoseconds)
      }

      /// The absolute duration in nanoseconds.
      public var magnitude: UInt {
        nanoseconds.magnitude
      }

      /// The stride, in the largest unit that expresses it exactly: `"0s"`, `"-2s"`, `"250µs"`.
      public var description: String {
        formatNanoseconds(nanoseconds)
      }

      public static func < (lhs: Stride, rhs: Stride) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
      }

      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.nanoseconds + rhs.nanoseconds)
      }

      public static func += (lhs: inout Stride, rhs: Stride) {
        lhs.nanoseconds += rhs.nanoseconds
      }

      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.nanoseconds - rhs.nanoseconds)
      }

      public static func -= (lhs: inout Stride, rhs: Stride) {
        lhs.nanoseconds -= rhs.nanoseconds
      }

      /// Multiplies the nanosecond counts; useful as `.milliseconds(1) * 3`,
      /// where the literal `3` is a plain factor.
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        Stride(lhs.nanoseconds * rhs.nanoseconds)
      }

      public static func *= (lhs: inout Stride, rhs: Stride) {
        lhs.nanoseconds *= rhs.nanoseconds
      }

      /// A stride of `s` seconds.
      public static func seconds(_ s: Int) -> Stride {
        Stride(s * 1_000_000_000)
      }

      /// A stride of `s` seconds, rounded to the nearest nanosecond.
      public static func seconds(_ s: Double) -> Stride {
        Stride(Int((s * 1_000_000_000).rounded()))
      }

      /// A stride of `ms` milliseconds.
      public static func milliseconds(_ ms: Int) -> Stride {
        Stride(ms * 1_000_000)
      }

      /// A stride of `us` microseconds.
      public static func microseconds(_ us: Int) -> Stride {
        Stride(us * 1_000)
      }

      /// A stride of `ns` nanoseconds.
      public static func nanoseconds(_ ns: Int) -> Stride {
        Stride(ns)
      }
    }
  }
}

/// Formats nanoseconds in the largest unit that expresses them exactly.
private func formatNanoseconds(_ nanoseconds: Int) -> String {
  let units: [(divisor: Int, symbol: String)] = [(1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "µs")]
  for (divisor, symbol) in units where nanoseconds.isMultiple(of: divisor) {
    return "\(nanoseconds / divisor)\(symbol)"
  }
  return "\(nanoseconds)ns"
}
