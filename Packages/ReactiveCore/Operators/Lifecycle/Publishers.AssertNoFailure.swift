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
  @inlinable
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
    @inlinable
    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.subscribe(ForwardingInner(downstream: subscriber, step: Step<S>(prefix: prefix, file: file, line: line)))
    }
  }
}

extension Publishers.AssertNoFailure {
  /// Passes values as they are and traps on a failure (see ``ForwardingInner``).
  @usableFromInline
  struct Step<Downstream: Subscriber>: ForwardingStep
  where Downstream.Input == Output, Downstream.Failure == Never {
    @usableFromInline
    let prefix: String

    @usableFromInline
    let file: StaticString

    @usableFromInline
    let line: UInt

    @inlinable
    init(prefix: String, file: StaticString, line: UInt) {
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    @usableFromInline
    var name: String { "AssertNoFailure" }

    /// Where the assertion was written and its prefix, as Combine's `assertNoFailure` shows.
    @usableFromInline
    var mirrorChildren: KeyValuePairs<String, Any> { ["file": file, "line": line, "prefix": prefix] }

    @inlinable
    func receive(_ input: Upstream.Output, downstream: Downstream) -> Subscribers.Demand {
      downstream.receive(input)
    }

    @inlinable
    func mapFailure(_ error: Upstream.Failure) -> Never {
      fatalError(prefix.isEmpty ? "\(error)" : "\(prefix): \(error)", file: file, line: line)
    }
  }
}
