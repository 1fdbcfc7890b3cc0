// Foundation-level scheduler: Dispatch is used here, as Combine uses it.
public import Dispatch

extension DispatchQueue: Scheduler {
  /// The time type of the dispatch queue scheduler: a `DispatchTime`, that
  /// is, a point on the system's uptime clock, in nanoseconds.
  ///
  /// ```swift
  /// let start = DispatchQueue.main.now
  /// let later = start.advanced(by: .milliseconds(250))
  /// start.distance(to: later)  // .milliseconds(250)
  /// ```
  public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
    /// The dispatch time that this scheduler time stands for.
    public var dispatchTime: DispatchTime

    /// Creates a scheduler time for the given dispatch time.
    ///
    /// - Parameter time: The dispatch time.
    public init(_ time: DispatchTime) {
      dispatchTime = time
    }

    /// Returns the interval from this time to `other`: positive when `other` is later.
    ///
    /// An interval too long for `Int` nanoseconds (from or to
    /// `DispatchTime.distantFuture`, for instance) saturates at `Int.max`
    /// or `Int.min`.
    ///
    /// - Parameter other: The time to measure to.
    /// - Returns: The interval, in nanoseconds.
    public func distance(to other: SchedulerTimeType) -> Stride {
      let start = dispatchTime.uptimeNanoseconds
      let end = other.dispatchTime.uptimeNanoseconds
      if end >= start {
        let difference = end - start
        return .nanoseconds(difference > UInt64(Int.max) ? .max : Int(difference))
      }
      let difference = start - end
      return .nanoseconds(difference > UInt64(Int.max) ? .min : -Int(difference))
    }

    /// Returns the time `stride` after this one (before it, if `stride` is negative).
    ///
    /// `Int.max` nanoseconds means "never" and gives
    /// `DispatchTime.distantFuture`, as does any result past it; a result
    /// before the clock's first nanosecond stops at that nanosecond.
    ///
    /// - Parameter stride: The interval to advance by.
    /// - Returns: The advanced time.
    public func advanced(by stride: Stride) -> SchedulerTimeType {
      let start = dispatchTime.uptimeNanoseconds
      let distantFuture = DispatchTime.distantFuture.uptimeNanoseconds
      if stride.magnitude == .max { return SchedulerTimeType(.distantFuture) }
      if stride.magnitude >= 0 {
        let (sum, overflow) = start.addingReportingOverflow(UInt64(stride.magnitude))
        return SchedulerTimeType(
          overflow || sum >= distantFuture ? .distantFuture : DispatchTime(uptimeNanoseconds: sum)
        )
      }
      let decrement = UInt64(stride.magnitude.magnitude)
      // Uptime 0 would mean "now" to Dispatch: the earliest time is 1.
      let result = decrement >= start ? 1 : max(start - decrement, 1)
      return SchedulerTimeType(DispatchTime(uptimeNanoseconds: result))
    }

    public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds < rhs.dispatchTime.uptimeNanoseconds
    }

    public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
      lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(dispatchTime.uptimeNanoseconds)
    }

    /// Encodes the time as its uptime in nanoseconds, a single number.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(dispatchTime.uptimeNanoseconds)
    }

    /// Decodes a time encoded by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
    }

    /// An interval between two dispatch queue times, counted in nanoseconds.
    ///
    /// Literals count seconds, as in Combine: `let stride: Stride = 2` is
    /// two seconds, `0.5` half a second. Arithmetic saturates at
    /// `Int.min` and `Int.max` nanoseconds instead of trapping.
    public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
      Hashable, Codable, Sendable
    {
      /// A floating-point literal counts seconds.
      public typealias FloatLiteralType = Double

      /// An integer literal counts seconds.
      public typealias IntegerLiteralType = Int

      /// The type of ``magnitude``: nanoseconds, as an `Int`.
      public typealias Magnitude = Int

      /// The length of this interval in nanoseconds (negative for an interval back in time).
      public var magnitude: Int

      /// This interval as a `DispatchTimeInterval`: `.nanoseconds(magnitude)`,
      /// whatever unit made it, as Combine gives it (two seconds is
      /// `.nanoseconds(2_000_000_000)`, equal to `.seconds(2)`).
      public var timeInterval: DispatchTimeInterval {
        .nanoseconds(magnitude)
      }

      // Codable as Combine writes it: a keyed container with the
      // nanoseconds under `_nanoseconds`, so that data written by one is read
      // by the other.
      private enum CodingKeys: String, CodingKey {
        case nanoseconds = "_nanoseconds"
      }

      public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let nanoseconds = try container.decode(Int64.self, forKey: .nanoseconds)
        magnitude = Int(nanoseconds)
      }

      public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Int64(magnitude), forKey: .nanoseconds)
      }

      private init(nanoseconds: Int) {
        magnitude = nanoseconds
      }

      /// Creates an interval from a dispatch time interval; `.never` becomes
      /// `Int.max` nanoseconds, and values too large saturate.
      ///
      /// - Parameter timeInterval: The dispatch time interval.
      public init(_ timeInterval: DispatchTimeInterval) {
        switch timeInterval {
        case let .seconds(seconds):
          self = .seconds(seconds)
        case let .milliseconds(milliseconds):
          self = .milliseconds(milliseconds)
        case let .microseconds(microseconds):
          self = .microseconds(microseconds)
        case let .nanoseconds(nanoseconds):
          self = .nanoseconds(nanoseconds)
        case .never:
          self = .nanoseconds(.max)
        #if canImport(Darwin)
        @unknown default:
          self = .nanoseconds(.max)
        #endif
        }
      }

      /// Creates an interval of `value` seconds.
      public init(floatLiteral value: Double) {
        self = .seconds(value)
      }

      /// Creates an interval of `value` seconds.
      public init(integerLiteral value: Int) {
        self = .seconds(value)
      }

      /// Creates an interval of `source` seconds, or nil if `source` does not fit in an `Int`.
      public init?<Source: BinaryInteger>(exactly source: Source) {
        guard let seconds = Int(exactly: source) else { return nil }
        self = .seconds(seconds)
      }

      public static func < (lhs: Stride, rhs: Stride) -> Bool {
        lhs.magnitude < rhs.magnitude
      }

      /// Multiplies two intervals as numbers of seconds, so that
      /// `.milliseconds(100) * 3` is 300 milliseconds (literals count seconds).
      /// The result saturates.
      public static func * (lhs: Stride, rhs: Stride) -> Stride {
        // Both magnitudes are below 2^63 in size: their product fits in 126 bits.
        let nanoseconds = Int128(lhs.magnitude) * Int128(rhs.magnitude) / 1_000_000_000
        return Stride(nanoseconds: Int(clamping: nanoseconds))
      }

      public static func + (lhs: Stride, rhs: Stride) -> Stride {
        let (sum, overflow) = lhs.magnitude.addingReportingOverflow(rhs.magnitude)
        return Stride(nanoseconds: overflow ? (rhs.magnitude > 0 ? .max : .min) : sum)
      }

      public static func - (lhs: Stride, rhs: Stride) -> Stride {
        let (difference, overflow) = lhs.magnitude.subtractingReportingOverflow(rhs.magnitude)
        return Stride(nanoseconds: overflow ? (rhs.magnitude < 0 ? .max : .min) : difference)
      }

      public static func -= (lhs: inout Stride, rhs: Stride) {
        lhs = lhs - rhs
      }

      public static func *= (lhs: inout Stride, rhs: Stride) {
        lhs = lhs * rhs
      }

      public static func += (lhs: inout Stride, rhs: Stride) {
        lhs = lhs + rhs
      }

      public static func seconds(_ s: Int) -> Stride {
        Stride(nanoseconds: saturatingProduct(s, 1_000_000_000))
      }

      public static func seconds(_ s: Double) -> Stride {
        let nanoseconds = (s * 1_000_000_000).rounded(.towardZero)
        if nanoseconds.isNaN { return Stride(nanoseconds: 0) }
        if nanoseconds >= Double(Int.max) { return Stride(nanoseconds: .max) }
        if nanoseconds <= Double(Int.min) { return Stride(nanoseconds: .min) }
        return Stride(nanoseconds: Int(nanoseconds))
      }

      public static func milliseconds(_ ms: Int) -> Stride {
        Stride(nanoseconds: saturatingProduct(ms, 1_000_000))
      }

      public static func microseconds(_ us: Int) -> Stride {
        Stride(nanoseconds: saturatingProduct(us, 1_000))
      }

      public static func nanoseconds(_ ns: Int) -> Stride {
        Stride(nanoseconds: ns)
      }

      private static func saturatingProduct(_ value: Int, _ factor: Int) -> Int {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        return overflow ? (value > 0 ? .max : .min) : product
      }
    }
  }

  /// Options for the dispatch queue scheduler: the quality of service and
  /// flags of the work items it submits, and a group to submit them in.
  ///
  /// ```swift
  /// let options = DispatchQueue.SchedulerOptions(qos: .userInitiated)
  /// queue.schedule(options: options) { refresh() }
  /// ```
  public struct SchedulerOptions: @unchecked Sendable {
    // @unchecked Sendable: DispatchWorkItemFlags is a plain option set of
    // integers, and DispatchGroup is thread-safe; Dispatch does not say so.

    /// The quality of service of the submitted work.
    public var qos: DispatchQoS

    /// The flags of the submitted work items.
    public var flags: DispatchWorkItemFlags

    /// The group that the work joins while it is pending or running, if any.
    public var group: DispatchGroup?

    /// Creates dispatch queue scheduler options.
    ///
    /// - Parameters:
    ///   - qos: The quality of service; `.unspecified` by default.
    ///   - flags: The work item flags; none by default.
    ///   - group: The group to associate the work with; none by default.
    public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
      self.qos = qos
      self.flags = flags
      self.group = group
    }
  }

  /// The minimum tolerance of the dispatch queue scheduler: zero.
  public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

  /// The current time on the uptime clock.
  public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

  /// Submits the action to the queue, asynchronously.
  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let options = options ?? SchedulerOptions()
    let action = SchedulerAction(action)
    async(group: options.group, qos: options.qos, flags: options.flags) { action.run() }
  }

  /// Submits the action to the queue at `date`, asynchronously. A group in
  /// `options` counts the action as pending from now until it has run.
  public func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {
    let options = options ?? SchedulerOptions()
    let action = SchedulerAction(action)
    let group = options.group
    group?.enter()
    asyncAfter(deadline: date.dispatchTime, qos: options.qos, flags: options.flags) {
      action.run()
      group?.leave()
    }
  }

  /// Runs the action on the queue at `date`, then every `interval`, with
  /// a dispatch timer source, until the returned cancellable is cancelled
  /// or released.
  public func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable {
    let options = options ?? SchedulerOptions()
    let action = SchedulerAction(action)
    let timer = DispatchSource.makeTimerSource(queue: self)
    timer.setEventHandler(qos: options.qos, flags: options.flags) { action.run() }
    timer.schedule(
      deadline: date.dispatchTime,
      repeating: interval.timeInterval,
      leeway: .nanoseconds(max(tolerance.magnitude, 0))
    )
    timer.resume()
    let source = SchedulerAction(timer)
    return AnyCancellable { source.value.cancel() }
  }
}

/// A scheduled action, handed to the thread that runs it.
///
/// `Scheduler` takes non-Sendable actions, as Combine does: the caller gives
/// the action away and touches it no more, so it may run on another thread.
/// Dispatch, Foundation and run loops want `@Sendable` closures; this box
/// says what the scheduler contract already guarantees.
package struct SchedulerAction<Value>: @unchecked Sendable {
  // @unchecked Sendable: the scheduler contract gives the value to the one thread that runs it.
  package let value: Value

  package init(_ value: Value) {
    self.value = value
  }
}

extension SchedulerAction where Value == () -> Void {
  package func run() {
    value()
  }
}
