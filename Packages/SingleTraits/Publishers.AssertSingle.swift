import MaybeTraits
public import ReactiveCore

extension Publisher {
  /// Traps at run time if this publisher breaks the single contract.
  ///
  /// The returned single publisher stops the program, with a message such as
  /// `Single violation: too many elements (Names.swift:42)`, if this
  /// publisher finishes without a value (`missing element`), publishes a
  /// second value (`too many elements`), or fails after its value
  /// (`element then failure`). A plain failure is passed on. It holds the
  /// value until this publisher completes.
  ///
  /// ```swift
  /// // The settings subject lives as long as the app, so its first value
  /// // always comes; a trap here would reveal a bug.
  /// let theme = settings.map(\.theme).first().assertSingle()
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: Words that begin the trap message, to tell one check from
  ///     another (`"Feed:"` gives `Feed: Single violation: …`); none by default.
  ///   - file: The file named in the trap message.
  ///   - line: The line named in the trap message.
  @inlinable
  public func assertSingle(
    _ prefix: String = "",
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Publishers.AssertSingle<Self> {
    Publishers.AssertSingle(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension SinglePublisher {
  /// A single publisher needs no run-time check: this returns it unchanged.
  @available(*, deprecated, message: "This publisher is already a SinglePublisher: assertSingle() is useless")
  @inlinable
  public func assertSingle(_ prefix: String = "", file: StaticString = #fileID, line: UInt = #line) -> Self {
    self
  }
}

extension Publishers {
  /// A single publisher that traps if its upstream breaks the contract. See
  /// ``ReactiveCore/Publisher/assertSingle(_:file:line:)``.
  public struct AssertSingle<Upstream: Publisher>: SinglePublisher {
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
        trait: "Single",
        prefix: prefix,
        requiresElement: true,
        file: file,
        line: line
      )
      upstream.subscribe(inner)
    }
  }
}

/// The name of ``ReactiveCore/Publishers/AssertSingle`` in the original CombineTraits:
/// the type of `assertSingle()`.
@available(*, deprecated, renamed: "Publishers.AssertSingle")
public typealias AssertSinglePublisher<Upstream: Publisher> = Publishers.AssertSingle<Upstream>
