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
      upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, file: file, line: line))
    }
  }
}

extension Publishers.AssertNoFailure {
  /// Stateless: forwards the upstream subscription itself, and traps on a failure.
  @usableFromInline
  struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
  where Downstream.Input == Output, Downstream.Failure == Never {
    @usableFromInline
    typealias Input = Upstream.Output

    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    let downstream: Downstream

    @usableFromInline
    let prefix: String

    @usableFromInline
    let file: StaticString

    @usableFromInline
    let line: UInt

    @usableFromInline
    let combineIdentifier: CombineIdentifier

    @usableFromInline
    var description: String { "AssertNoFailure" }

    @inlinable
    init(downstream: Downstream, prefix: String, file: StaticString, line: UInt) {
      self.downstream = downstream
      self.prefix = prefix
      self.file = file
      self.line = line
      combineIdentifier = CombineIdentifier()
    }

    @inlinable
    func receive(subscription: any Subscription) {
      downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
      downstream.receive(input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
      switch completion {
      case .finished:
        downstream.receive(completion: .finished)
      case let .failure(error):
        fatalError(prefix.isEmpty ? "\(error)" : "\(prefix): \(error)", file: file, line: line)
      }
    }
  }
}

extension Publishers.AssertNoFailure.Inner: CombineReflectable {
  /// Shows where the assertion was written and its prefix, as Combine's `assertNoFailure`.
  @usableFromInline
  var customMirror: Mirror { Mirror(self, children: ["file": file, "line": line, "prefix": prefix]) }
}
