public import ReactiveCore

extension Publisher {
  /// Traps at run time if this publisher breaks the maybe contract.
  ///
  /// The returned maybe publisher stops the program, with a message such as
  /// `Maybe violation: too many elements (Names.swift:42)`, if this publisher
  /// publishes a second value or fails after a value. A plain failure is
  /// passed on. It holds the value until this publisher completes.
  ///
  /// ```swift
  /// // A bug upstream would publish twice; trap rather than hide it.
  /// let selection = selectionSubject.first().assertMaybe().eraseToAnyMaybePublisher()
  /// ```
  ///
  /// - Parameters:
  ///   - file: The file named in the trap message.
  ///   - line: The line named in the trap message.
  @inlinable
  public func assertMaybe(file: StaticString = #fileID, line: UInt = #line) -> Publishers.AssertMaybe<Self> {
    Publishers.AssertMaybe(upstream: self, file: file, line: line)
  }
}

extension MaybePublisher {
  /// A maybe publisher needs no run-time check: this returns it unchanged.
  @available(*, deprecated, message: "This publisher is already a MaybePublisher: assertMaybe() is useless")
  @inlinable
  public func assertMaybe(file: StaticString = #fileID, line: UInt = #line) -> Self {
    self
  }
}

extension Publishers {
  /// A maybe publisher that traps if its upstream breaks the contract. See
  /// ``ReactiveCore/Publisher/assertMaybe(file:line:)``.
  public struct AssertMaybe<Upstream: Publisher>: MaybePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are checked.
    public let upstream: Upstream
    /// The file named in the trap message.
    public let file: StaticString
    /// The line named in the trap message.
    public let line: UInt

    @inlinable
    public init(upstream: Upstream, file: StaticString = #fileID, line: UInt = #line) {
      self.upstream = upstream
      self.file = file
      self.line = line
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = TraitCheckInner<Output, Failure, S>(
        asserting: subscriber,
        trait: "Maybe",
        requiresElement: false,
        file: file,
        line: line
      )
      upstream.subscribe(inner)
    }
  }
}
