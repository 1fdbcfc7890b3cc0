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
  ///   - prefix: Words that begin the trap message, to tell one check from
  ///     another (`"Feed:"` gives `Feed: Maybe violation: …`); none by default.
  ///   - file: The file named in the trap message.
  ///   - line: The line named in the trap message.
  @inlinable
  public func assertMaybe(
    _ prefix: String = "",
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Publishers.AssertMaybe<Self> {
    Publishers.AssertMaybe(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension MaybePublisher {
  /// A maybe publisher needs no run-time check: this returns it unchanged.
  @available(*, deprecated, message: "This publisher is already a MaybePublisher: assertMaybe() is useless")
  @inlinable
  public func assertMaybe(_ prefix: String = "", file: StaticString = #fileID, line: UInt = #line) -> Self {
    self
  }
}

extension Publishers {
  /// A maybe publisher that traps if its upstream breaks the contract. See
  /// ``ReactiveCore/Publisher/assertMaybe(_:file:line:)``.
  public struct AssertMaybe<Upstream: Publisher>: MaybePublisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are checked.
    public let upstream: Upstream
    /// The words that begin the trap message; empty for none.
    public let prefix: String
    /// The file named in the trap message.
    public let file: StaticString
    /// The line named in the trap message.
    public let line: UInt

    @inlinable
    public init(upstream: Upstream, prefix: String = "", file: StaticString = #fileID, line: UInt = #line) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = TraitCheckInner<Output, Failure, S>(
        asserting: subscriber,
        trait: "Maybe",
        prefix: prefix,
        requiresElement: false,
        file: file,
        line: line
      )
      upstream.subscribe(inner)
    }
  }
}

/// The name of ``ReactiveCore/Publishers/AssertMaybe`` in the original CombineTraits:
/// the type of `assertMaybe()`.
@available(*, deprecated, renamed: "Publishers.AssertMaybe")
public typealias AssertMaybePublisher<Upstream: Publisher> = Publishers.AssertMaybe<Upstream>
