public import ReactiveCore

extension Publisher {
  /// Declares this publisher immediate, and stops the program if it is not.
  ///
  /// The upstream must publish a value, or fail, synchronously, as soon as
  /// a value is demanded. What is checked, trap message by trap message:
  ///
  /// - `"Immediate violation: no value or failure at subscription"`: the
  ///   subscriber demanded a value while it was being subscribed, and
  ///   `receive(subscriber:)` returned with no value and no failure.
  /// - `"Immediate violation: no value or failure at first demand"`: the
  ///   subscriber demanded nothing at subscription, and its first
  ///   `request(_:)` returned with no value and no failure.
  /// - `"Immediate violation: finished without a value"`: the upstream
  ///   finished before publishing any value, demand or not.
  ///
  /// A subscriber that never demands anything is never checked, except for
  /// the last rule; one that cancels before its value arrives stops the
  /// checks. Once a value has arrived, later events pass through unchecked:
  /// an immediate publisher may publish more values, at any time. Each
  /// message ends with `file` and `line`, as in `(Feed.swift:42)`, and
  /// begins with `prefix`, if any.
  ///
  /// ```text
  /// upstream  (a|)   x   (ab)-c-|   -a|        -|
  /// result    (a|)   x   (ab)-c-|   (trap)     (trap)
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: Words that begin the trap message, to tell one check from
  ///     another (`"Feed:"` gives `Feed: Immediate violation: …`); none by default.
  ///   - file: The file named in the trap message; this call's file by default.
  ///   - line: The line named in the trap message; this call's line by default.
  /// - Returns: An immediate publisher that republishes every event of this
  ///   publisher, and traps when it breaks the immediate contract.
  @inlinable
  public func assertImmediate(
    _ prefix: String = "",
    file: StaticString = #fileID,
    line: UInt = #line
  ) -> Publishers.AssertImmediate<Self> {
    Publishers.AssertImmediate(upstream: self, prefix: prefix, file: file, line: line)
  }
}

extension ImmediatePublisher {
  /// Returns this publisher: it is already immediate, and needs no check.
  @available(*, deprecated, message: "This publisher is already an ImmediatePublisher: assertImmediate() is useless")
  @inlinable
  public func assertImmediate(_ prefix: String = "", file: StaticString = #fileID, line: UInt = #line) -> Self {
    self
  }
}

extension Publishers {
  /// An immediate publisher that republishes its upstream, and traps when
  /// the upstream does not publish a value or fail synchronously once a
  /// value is demanded.
  ///
  /// See ``ReactiveCore/Publisher/assertImmediate(_:file:line:)`` for what is
  /// checked.
  public struct AssertImmediate<Upstream: Publisher>: ImmediatePublisher {
    public typealias Output = Upstream.Output

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// The words that begin the trap message; empty for none.
    public let prefix: String

    /// The file named in the trap message.
    public let file: StaticString

    /// The line named in the trap message.
    public let line: UInt

    /// Creates an immediate publisher that checks `upstream`.
    ///
    /// - Parameters:
    ///   - upstream: The publisher this operator subscribes to.
    ///   - prefix: The words that begin the trap message; empty for none.
    ///   - file: The file named in the trap message.
    ///   - line: The line named in the trap message.
    @inlinable
    public init(upstream: Upstream, prefix: String = "", file: StaticString = #fileID, line: UInt = #line) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let inner = AssertImmediateInner(downstream: subscriber, prefix: prefix, file: file, line: line)
      upstream.subscribe(inner)
      inner.subscriptionDidReturn()
    }
  }
}

/// The name of ``ReactiveCore/Publishers/AssertImmediate`` in the original CombineTraits:
/// the type of `assertImmediate()`.
@available(*, deprecated, renamed: "Publishers.AssertImmediate")
public typealias AssertImmediatePublisher<Upstream: Publisher> = Publishers.AssertImmediate<Upstream>
