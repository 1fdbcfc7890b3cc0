extension Publisher {
  /// Stops the program if the upstream fails; otherwise republishes its
  /// values and its completion.
  ///
  /// Use it for integrity checks: a failure is a programming error. The
  /// trap message is `"<prefix>: <error>"` (just the error with no prefix),
  /// reported at `file` and `line`.
  ///
  /// ```text
  /// upstream  -a-b-|     -a-x
  /// result    -a-b-|     -a-(trap)
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: A string at the beginning of the trap message.
  ///   - file: The file named in the trap message; this call's file by default.
  ///   - line: The line named in the trap message; this call's line by default.
  /// - Returns: A publisher that never fails, and traps on an upstream failure.
  @_alwaysEmitIntoClient
  public func assertNoFailure(
    _ prefix: String = "",
    file: StaticString = #file,
    line: UInt = #line
  ) -> Publishers.AssertNoFailure<Self> {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension Publishers {
  /// A publisher that traps when the upstream fails, and otherwise
  /// republishes its values and its completion.
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Never

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The string at the beginning of the trap message.
    public let prefix: String

    /// The file named in the trap message.
    public let file: StaticString

    /// The line named in the trap message.
    public let line: UInt

    /// Creates a publisher that traps when the upstream fails.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - prefix: The string at the beginning of the trap message.
    ///   - file: The file named in the trap message.
    ///   - line: The line named in the trap message.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.subscribe(
        forwarding: subscriber,
        through: AssertNoFailureStep<Output, Upstream.Failure>(prefix: prefix, file: file, line: line)
      )
    }
  }
}
