extension Publisher {
  /// Publishes `value[keyPath: keyPath]` in place of each upstream value.
  ///
  /// ```text
  /// upstream  -a-b-|
  /// result    -A-B-|      A = a[keyPath: keyPath]
  /// ```
  ///
  /// - Parameter keyPath: Where to read in each value.
  /// - Returns: A publisher of what `keyPath` reads in each value.
  @_alwaysEmitIntoClient
  public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
    Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
  }

  /// Reads two key paths in each upstream value and publishes both results
  /// together as a pair.
  ///
  /// - Parameters:
  ///   - keyPath0: Read first; its result is the tuple's first member.
  ///   - keyPath1: Read second; its result is the tuple's second member.
  /// - Returns: A publisher of one pair per upstream value.
  @_alwaysEmitIntoClient
  public func map<T0, T1>(
    _ keyPath0: KeyPath<Output, T0>,
    _ keyPath1: KeyPath<Output, T1>
  ) -> Publishers.MapKeyPath2<Self, T0, T1> {
    Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
  }

  /// Reads three key paths in each upstream value and publishes the results
  /// together as a triple.
  ///
  /// - Parameters:
  ///   - keyPath0: Read first; its result is the tuple's first member.
  ///   - keyPath1: Read second; its result is the tuple's second member.
  ///   - keyPath2: Read third; its result is the tuple's third member.
  /// - Returns: A publisher of one triple per upstream value.
  @_alwaysEmitIntoClient
  public func map<T0, T1, T2>(
    _ keyPath0: KeyPath<Output, T0>,
    _ keyPath1: KeyPath<Output, T1>,
    _ keyPath2: KeyPath<Output, T2>
  ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
    Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
  }
}

extension Publishers {
  /// The publisher returned by `map(_:)` with one key path: one key-path
  /// read per upstream value.
  public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Read in each upstream value; its result is what gets published.
    public let keyPath: KeyPath<Upstream.Output, Output>

    @inlinable
    init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
      self.upstream = upstream
      self.keyPath = keyPath
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Upstream.Failure {
      upstream.subscribe(
        forwarding: subscriber,
        through: KeyPathStep<Upstream.Output, Output, Failure>(keyPath: keyPath)
      )
    }
  }

  /// The publisher that reads two key paths in each upstream value and
  /// publishes the pair.
  public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
    public typealias Output = (Output0, Output1)

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Read in each upstream value; its result comes first.
    public let keyPath0: KeyPath<Upstream.Output, Output0>

    /// Read in each upstream value; its result comes second.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    @inlinable
    init(upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Upstream.Failure {
      upstream.subscribe(
        forwarding: subscriber,
        through: KeyPathsStep2<Upstream.Output, Output0, Output1, Failure>(keyPaths: (keyPath0, keyPath1))
      )
    }
  }

  /// The publisher that reads three key paths in each upstream value and
  /// publishes the triple.
  public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
    public typealias Output = (Output0, Output1, Output2)

    public typealias Failure = Upstream.Failure

    /// The publisher this operator subscribes to.
    public let upstream: Upstream

    /// Read in each upstream value; its result comes first.
    public let keyPath0: KeyPath<Upstream.Output, Output0>

    /// Read in each upstream value; its result comes second.
    public let keyPath1: KeyPath<Upstream.Output, Output1>

    /// Read in each upstream value; its result comes third.
    public let keyPath2: KeyPath<Upstream.Output, Output2>

    @inlinable
    init(
      upstream: Upstream,
      keyPath0: KeyPath<Upstream.Output, Output0>,
      keyPath1: KeyPath<Upstream.Output, Output1>,
      keyPath2: KeyPath<Upstream.Output, Output2>
    ) {
      self.upstream = upstream
      self.keyPath0 = keyPath0
      self.keyPath1 = keyPath1
      self.keyPath2 = keyPath2
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Upstream.Failure {
      upstream.subscribe(
        forwarding: subscriber,
        through: KeyPathsStep3<Upstream.Output, Output0, Output1, Output2, Failure>(
          keyPaths: (keyPath0, keyPath1, keyPath2)
        )
      )
    }
  }
}
