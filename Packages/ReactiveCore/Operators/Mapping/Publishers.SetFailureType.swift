extension Publisher where Failure == Never {
  /// Gives a publisher that cannot fail the failure type `failureType`, so it
  /// type-checks next to publishers that can.
  ///
  /// The upstream never fails, so nothing changes at run time: values,
  /// demand and the completion pass through. Use it to match the failure
  /// type of a publisher you combine with this one.
  ///
  /// ```text
  /// upstream  -a-b-|      Failure == Never
  /// result    -a-b-|      Failure == E
  /// ```
  ///
  /// - Parameter failureType: The error type to declare.
  /// - Returns: A publisher that declares `failureType` as its failure type.
  @_alwaysEmitIntoClient
  public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
    Publishers.SetFailureType(upstream: self)
  }
}

extension Publishers {
  /// A publisher that declares a failure type for an upstream publisher
  /// that never fails.
  public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
    public typealias Output = Upstream.Output

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Creates a publisher that declares `Failure` for `upstream`.
    ///
    /// - Parameter upstream: The publisher this operator subscribes to.
    @_alwaysEmitIntoClient
    public init(upstream: Upstream) {
      self.upstream = upstream
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(forwarding: subscriber, through: SetFailureTypeStep<Output, Failure>())
    }

    /// Declares another failure type, directly on the upstream.
    ///
    /// - Parameter failure: The error type to declare.
    /// - Returns: A publisher that declares `failure` as its failure type.
    @_alwaysEmitIntoClient
    public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
      Publishers.SetFailureType(upstream: upstream)
    }
  }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}
