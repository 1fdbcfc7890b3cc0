extension Publisher {
  /// Combines this publisher's values with another's, interleaved as they arrive.
  ///
  /// Each request of downstream goes to every upstream; values that arrive
  /// while another is being delivered wait their turn, so downstream calls
  /// never overlap. The result finishes when every upstream has finished, and
  /// fails at the first failure, cancelling the other upstreams.
  ///
  /// ```text
  /// upstream  -a---c-|
  /// other     ---b---d|
  /// result    -a-b-c-d|
  /// ```
  ///
  /// - Parameter other: Another publisher.
  /// - Returns: One stream of the values of both publishers, in arrival order.
  @inlinable
  public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
  where Failure == P.Failure, Output == P.Output {
    Publishers.Merge(self, other)
  }

  /// Combines this publisher's values with those of 2 other publishers, interleaved as they arrive.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  /// - Returns: One stream of the values of all 3 publishers, in arrival order.
  @inlinable
  public func merge<B: Publisher, C: Publisher>(
    with b: B,
    _ c: C
  ) -> Publishers.Merge3<Self, B, C>
  where
    Failure == B.Failure,
    Output == B.Output,
    Failure == C.Failure,
    Output == C.Output
  {
    Publishers.Merge3(self, b, c)
  }

  /// Combines this publisher's values with those of 3 other publishers, interleaved as they arrive.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  /// - Returns: One stream of the values of all 4 publishers, in arrival order.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher>(
    with b: B,
    _ c: C,
    _ d: D
  ) -> Publishers.Merge4<Self, B, C, D>
  where
    Failure == B.Failure,
    Output == B.Output,
    Failure == C.Failure,
    Output == C.Output,
    Failure == D.Failure,
    Output == D.Output
  {
    Publishers.Merge4(self, b, c, d)
  }

  /// Combines this publisher's values with those of 4 other publishers, interleaved as they arrive.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  /// - Returns: One stream of the values of all 5 publishers, in arrival order.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
    with b: B,
    _ c: C,
    _ d: D,
    _ e: E
  ) -> Publishers.Merge5<Self, B, C, D, E>
  where
    Failure == B.Failure,
    Output == B.Output,
    Failure == C.Failure,
    Output == C.Output,
    Failure == D.Failure,
    Output == D.Output,
    Failure == E.Failure,
    Output == E.Output
  {
    Publishers.Merge5(self, b, c, d, e)
  }

  /// Combines this publisher's values with those of 5 other publishers, interleaved as they arrive.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  ///   - f: The sixth publisher.
  /// - Returns: One stream of the values of all 6 publishers, in arrival order.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
    with b: B,
    _ c: C,
    _ d: D,
    _ e: E,
    _ f: F
  ) -> Publishers.Merge6<Self, B, C, D, E, F>
  where
    Failure == B.Failure,
    Output == B.Output,
    Failure == C.Failure,
    Output == C.Output,
    Failure == D.Failure,
    Output == D.Output,
    Failure == E.Failure,
    Output == E.Output,
    Failure == F.Failure,
    Output == F.Output
  {
    Publishers.Merge6(self, b, c, d, e, f)
  }

  /// Combines this publisher's values with those of 6 other publishers, interleaved as they arrive.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  ///   - f: The sixth publisher.
  ///   - g: The seventh publisher.
  /// - Returns: One stream of the values of all 7 publishers, in arrival order.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(
    with b: B,
    _ c: C,
    _ d: D,
    _ e: E,
    _ f: F,
    _ g: G
  ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
  where
    Failure == B.Failure,
    Output == B.Output,
    Failure == C.Failure,
    Output == C.Output,
    Failure == D.Failure,
    Output == D.Output,
    Failure == E.Failure,
    Output == E.Output,
    Failure == F.Failure,
    Output == F.Output,
    Failure == G.Failure,
    Output == G.Output
  {
    Publishers.Merge7(self, b, c, d, e, f, g)
  }

  /// Combines this publisher's values with those of 7 other publishers, interleaved as they arrive.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  ///
  /// - Parameters:
  ///   - b: The second publisher.
  ///   - c: The third publisher.
  ///   - d: The fourth publisher.
  ///   - e: The fifth publisher.
  ///   - f: The sixth publisher.
  ///   - g: The seventh publisher.
  ///   - h: The eighth publisher.
  /// - Returns: One stream of the values of all 8 publishers, in arrival order.
  @inlinable
  public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
    with b: B,
    _ c: C,
    _ d: D,
    _ e: E,
    _ f: F,
    _ g: G,
    _ h: H
  ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
  where
    Failure == B.Failure,
    Output == B.Output,
    Failure == C.Failure,
    Output == C.Output,
    Failure == D.Failure,
    Output == D.Output,
    Failure == E.Failure,
    Output == E.Output,
    Failure == F.Failure,
    Output == F.Output,
    Failure == G.Failure,
    Output == G.Output,
    Failure == H.Failure,
    Output == H.Output
  {
    Publishers.Merge8(self, b, c, d, e, f, g, h)
  }
}

extension Publishers {
  /// The merge of 2 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge<A: Publisher, B: Publisher>: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B) {
      self.a = a
      self.b = b
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 2, description: "Merge")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
    }

    /// Merges 1 more publishers into this one: one merge of 3 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    /// - Returns: One stream of the values of all 3 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher>(
      with z: Z
    ) -> Publishers.Merge3<A, B, Z>
    where
      Failure == Z.Failure,
      Output == Z.Output
    {
      Publishers.Merge3(a, b, z)
    }

    /// Merges 2 more publishers into this one: one merge of 4 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    /// - Returns: One stream of the values of all 4 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher>(
      with z: Z,
      _ y: Y
    ) -> Publishers.Merge4<A, B, Z, Y>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output
    {
      Publishers.Merge4(a, b, z, y)
    }

    /// Merges 3 more publishers into this one: one merge of 5 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    /// - Returns: One stream of the values of all 5 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X
    ) -> Publishers.Merge5<A, B, Z, Y, X>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output
    {
      Publishers.Merge5(a, b, z, y, x)
    }

    /// Merges 4 more publishers into this one: one merge of 6 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    ///   - w: One more publisher.
    /// - Returns: One stream of the values of all 6 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X,
      _ w: W
    ) -> Publishers.Merge6<A, B, Z, Y, X, W>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output,
      Failure == W.Failure,
      Output == W.Output
    {
      Publishers.Merge6(a, b, z, y, x, w)
    }

    /// Merges 5 more publishers into this one: one merge of 7 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    ///   - w: One more publisher.
    ///   - v: One more publisher.
    /// - Returns: One stream of the values of all 7 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X,
      _ w: W,
      _ v: V
    ) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output,
      Failure == W.Failure,
      Output == W.Output,
      Failure == V.Failure,
      Output == V.Output
    {
      Publishers.Merge7(a, b, z, y, x, w, v)
    }

    /// Merges 6 more publishers into this one: one merge of 8 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    ///   - w: One more publisher.
    ///   - v: One more publisher.
    ///   - u: One more publisher.
    /// - Returns: One stream of the values of all 8 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X,
      _ w: W,
      _ v: V,
      _ u: U
    ) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output,
      Failure == W.Failure,
      Output == W.Output,
      Failure == V.Failure,
      Output == V.Output,
      Failure == U.Failure,
      Output == U.Output
    {
      Publishers.Merge8(a, b, z, y, x, w, v, u)
    }
  }

  /// The merge of 3 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output,
    A.Failure == C.Failure,
    A.Output == C.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C) {
      self.a = a
      self.b = b
      self.c = c
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 3, description: "Merge3")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
      c.subscribe(MergeSide(inner: inner, index: 2))
    }

    /// Merges 1 more publishers into this one: one merge of 4 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    /// - Returns: One stream of the values of all 4 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher>(
      with z: Z
    ) -> Publishers.Merge4<A, B, C, Z>
    where
      Failure == Z.Failure,
      Output == Z.Output
    {
      Publishers.Merge4(a, b, c, z)
    }

    /// Merges 2 more publishers into this one: one merge of 5 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    /// - Returns: One stream of the values of all 5 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher>(
      with z: Z,
      _ y: Y
    ) -> Publishers.Merge5<A, B, C, Z, Y>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output
    {
      Publishers.Merge5(a, b, c, z, y)
    }

    /// Merges 3 more publishers into this one: one merge of 6 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    /// - Returns: One stream of the values of all 6 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X
    ) -> Publishers.Merge6<A, B, C, Z, Y, X>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output
    {
      Publishers.Merge6(a, b, c, z, y, x)
    }

    /// Merges 4 more publishers into this one: one merge of 7 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    ///   - w: One more publisher.
    /// - Returns: One stream of the values of all 7 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X,
      _ w: W
    ) -> Publishers.Merge7<A, B, C, Z, Y, X, W>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output,
      Failure == W.Failure,
      Output == W.Output
    {
      Publishers.Merge7(a, b, c, z, y, x, w)
    }

    /// Merges 5 more publishers into this one: one merge of 8 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    ///   - w: One more publisher.
    ///   - v: One more publisher.
    /// - Returns: One stream of the values of all 8 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X,
      _ w: W,
      _ v: V
    ) -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output,
      Failure == W.Failure,
      Output == W.Output,
      Failure == V.Failure,
      Output == V.Output
    {
      Publishers.Merge8(a, b, c, z, y, x, w, v)
    }
  }

  /// The merge of 4 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output,
    A.Failure == C.Failure,
    A.Output == C.Output,
    A.Failure == D.Failure,
    A.Output == D.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// The fourth upstream publisher.
    public let d: D

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    ///   - d: The fourth upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 4, description: "Merge4")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
      c.subscribe(MergeSide(inner: inner, index: 2))
      d.subscribe(MergeSide(inner: inner, index: 3))
    }

    /// Merges 1 more publishers into this one: one merge of 5 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    /// - Returns: One stream of the values of all 5 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher>(
      with z: Z
    ) -> Publishers.Merge5<A, B, C, D, Z>
    where
      Failure == Z.Failure,
      Output == Z.Output
    {
      Publishers.Merge5(a, b, c, d, z)
    }

    /// Merges 2 more publishers into this one: one merge of 6 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    /// - Returns: One stream of the values of all 6 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher>(
      with z: Z,
      _ y: Y
    ) -> Publishers.Merge6<A, B, C, D, Z, Y>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output
    {
      Publishers.Merge6(a, b, c, d, z, y)
    }

    /// Merges 3 more publishers into this one: one merge of 7 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    /// - Returns: One stream of the values of all 7 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X
    ) -> Publishers.Merge7<A, B, C, D, Z, Y, X>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output
    {
      Publishers.Merge7(a, b, c, d, z, y, x)
    }

    /// Merges 4 more publishers into this one: one merge of 8 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    ///   - w: One more publisher.
    /// - Returns: One stream of the values of all 8 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X,
      _ w: W
    ) -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output,
      Failure == W.Failure,
      Output == W.Output
    {
      Publishers.Merge8(a, b, c, d, z, y, x, w)
    }
  }

  /// The merge of 5 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output,
    A.Failure == C.Failure,
    A.Output == C.Output,
    A.Failure == D.Failure,
    A.Output == D.Output,
    A.Failure == E.Failure,
    A.Output == E.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// The fourth upstream publisher.
    public let d: D

    /// The fifth upstream publisher.
    public let e: E

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    ///   - d: The fourth upstream publisher.
    ///   - e: The fifth upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 5, description: "Merge5")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
      c.subscribe(MergeSide(inner: inner, index: 2))
      d.subscribe(MergeSide(inner: inner, index: 3))
      e.subscribe(MergeSide(inner: inner, index: 4))
    }

    /// Merges 1 more publishers into this one: one merge of 6 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    /// - Returns: One stream of the values of all 6 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher>(
      with z: Z
    ) -> Publishers.Merge6<A, B, C, D, E, Z>
    where
      Failure == Z.Failure,
      Output == Z.Output
    {
      Publishers.Merge6(a, b, c, d, e, z)
    }

    /// Merges 2 more publishers into this one: one merge of 7 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    /// - Returns: One stream of the values of all 7 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher>(
      with z: Z,
      _ y: Y
    ) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output
    {
      Publishers.Merge7(a, b, c, d, e, z, y)
    }

    /// Merges 3 more publishers into this one: one merge of 8 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    ///   - x: One more publisher.
    /// - Returns: One stream of the values of all 8 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher, X: Publisher>(
      with z: Z,
      _ y: Y,
      _ x: X
    ) -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output,
      Failure == X.Failure,
      Output == X.Output
    {
      Publishers.Merge8(a, b, c, d, e, z, y, x)
    }
  }

  /// The merge of 6 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge6<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output,
    A.Failure == C.Failure,
    A.Output == C.Output,
    A.Failure == D.Failure,
    A.Output == D.Output,
    A.Failure == E.Failure,
    A.Output == E.Output,
    A.Failure == F.Failure,
    A.Output == F.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// The fourth upstream publisher.
    public let d: D

    /// The fifth upstream publisher.
    public let e: E

    /// The sixth upstream publisher.
    public let f: F

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    ///   - d: The fourth upstream publisher.
    ///   - e: The fifth upstream publisher.
    ///   - f: The sixth upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 6, description: "Merge6")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
      c.subscribe(MergeSide(inner: inner, index: 2))
      d.subscribe(MergeSide(inner: inner, index: 3))
      e.subscribe(MergeSide(inner: inner, index: 4))
      f.subscribe(MergeSide(inner: inner, index: 5))
    }

    /// Merges 1 more publishers into this one: one merge of 7 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    /// - Returns: One stream of the values of all 7 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher>(
      with z: Z
    ) -> Publishers.Merge7<A, B, C, D, E, F, Z>
    where
      Failure == Z.Failure,
      Output == Z.Output
    {
      Publishers.Merge7(a, b, c, d, e, f, z)
    }

    /// Merges 2 more publishers into this one: one merge of 8 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    ///   - y: One more publisher.
    /// - Returns: One stream of the values of all 8 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher, Y: Publisher>(
      with z: Z,
      _ y: Y
    ) -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
    where
      Failure == Z.Failure,
      Output == Z.Output,
      Failure == Y.Failure,
      Output == Y.Output
    {
      Publishers.Merge8(a, b, c, d, e, f, z, y)
    }
  }

  /// The merge of 7 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge7<
    A: Publisher,
    B: Publisher,
    C: Publisher,
    D: Publisher,
    E: Publisher,
    F: Publisher,
    G: Publisher
  >: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output,
    A.Failure == C.Failure,
    A.Output == C.Output,
    A.Failure == D.Failure,
    A.Output == D.Output,
    A.Failure == E.Failure,
    A.Output == E.Output,
    A.Failure == F.Failure,
    A.Output == F.Output,
    A.Failure == G.Failure,
    A.Output == G.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// The fourth upstream publisher.
    public let d: D

    /// The fifth upstream publisher.
    public let e: E

    /// The sixth upstream publisher.
    public let f: F

    /// The seventh upstream publisher.
    public let g: G

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    ///   - d: The fourth upstream publisher.
    ///   - e: The fifth upstream publisher.
    ///   - f: The sixth upstream publisher.
    ///   - g: The seventh upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 7, description: "Merge7")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
      c.subscribe(MergeSide(inner: inner, index: 2))
      d.subscribe(MergeSide(inner: inner, index: 3))
      e.subscribe(MergeSide(inner: inner, index: 4))
      f.subscribe(MergeSide(inner: inner, index: 5))
      g.subscribe(MergeSide(inner: inner, index: 6))
    }

    /// Merges 1 more publishers into this one: one merge of 8 publishers.
    ///
    /// - Parameters:
    ///   - z: Another publisher.
    /// - Returns: One stream of the values of all 8 publishers, in arrival order.
    @inlinable
    public func merge<Z: Publisher>(
      with z: Z
    ) -> Publishers.Merge8<A, B, C, D, E, F, G, Z>
    where
      Failure == Z.Failure,
      Output == Z.Output
    {
      Publishers.Merge8(a, b, c, d, e, f, g, z)
    }
  }

  /// The merge of 8 publishers: their values, interleaved in arrival order, in one stream.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules.
  public struct Merge8<
    A: Publisher,
    B: Publisher,
    C: Publisher,
    D: Publisher,
    E: Publisher,
    F: Publisher,
    G: Publisher,
    H: Publisher
  >: Publisher
  where
    A.Failure == B.Failure,
    A.Output == B.Output,
    A.Failure == C.Failure,
    A.Output == C.Output,
    A.Failure == D.Failure,
    A.Output == D.Output,
    A.Failure == E.Failure,
    A.Output == E.Output,
    A.Failure == F.Failure,
    A.Output == F.Output,
    A.Failure == G.Failure,
    A.Output == G.Output,
    A.Failure == H.Failure,
    A.Output == H.Output
  {
    public typealias Output = A.Output
    public typealias Failure = A.Failure

    /// The first upstream publisher.
    public let a: A

    /// The second upstream publisher.
    public let b: B

    /// The third upstream publisher.
    public let c: C

    /// The fourth upstream publisher.
    public let d: D

    /// The fifth upstream publisher.
    public let e: E

    /// The sixth upstream publisher.
    public let f: F

    /// The seventh upstream publisher.
    public let g: G

    /// The eighth upstream publisher.
    public let h: H

    /// Creates the merge of the given publishers, in parameter order.
    ///
    /// - Parameters:
    ///   - a: The first upstream publisher.
    ///   - b: The second upstream publisher.
    ///   - c: The third upstream publisher.
    ///   - d: The fourth upstream publisher.
    ///   - e: The fifth upstream publisher.
    ///   - f: The sixth upstream publisher.
    ///   - g: The seventh upstream publisher.
    ///   - h: The eighth upstream publisher.
    @inlinable
    public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
      self.a = a
      self.b = b
      self.c = c
      self.d = d
      self.e = e
      self.f = f
      self.g = g
      self.h = h
    }

    public func receive<S: Subscriber>(subscriber: S) where A.Failure == S.Failure, A.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: 8, description: "Merge8")
      subscriber.receive(subscription: inner)
      a.subscribe(MergeSide(inner: inner, index: 0))
      b.subscribe(MergeSide(inner: inner, index: 1))
      c.subscribe(MergeSide(inner: inner, index: 2))
      d.subscribe(MergeSide(inner: inner, index: 3))
      e.subscribe(MergeSide(inner: inner, index: 4))
      f.subscribe(MergeSide(inner: inner, index: 5))
      g.subscribe(MergeSide(inner: inner, index: 6))
      h.subscribe(MergeSide(inner: inner, index: 7))
    }
  }
}

extension Publishers.Merge: Equatable
where
  A: Equatable,
  B: Equatable
{}

extension Publishers.Merge3: Equatable
where
  A: Equatable,
  B: Equatable,
  C: Equatable
{}

extension Publishers.Merge4: Equatable
where
  A: Equatable,
  B: Equatable,
  C: Equatable,
  D: Equatable
{}

extension Publishers.Merge5: Equatable
where
  A: Equatable,
  B: Equatable,
  C: Equatable,
  D: Equatable,
  E: Equatable
{}

extension Publishers.Merge6: Equatable
where
  A: Equatable,
  B: Equatable,
  C: Equatable,
  D: Equatable,
  E: Equatable,
  F: Equatable
{}

extension Publishers.Merge7: Equatable
where
  A: Equatable,
  B: Equatable,
  C: Equatable,
  D: Equatable,
  E: Equatable,
  F: Equatable,
  G: Equatable
{}

extension Publishers.Merge8: Equatable
where
  A: Equatable,
  B: Equatable,
  C: Equatable,
  D: Equatable,
  E: Equatable,
  F: Equatable,
  G: Equatable,
  H: Equatable
{}

extension Publishers {
  /// The merge of any number of publishers of one type: their values, interleaved in arrival order.
  ///
  /// See ``Publisher/merge(with:)`` for the demand and completion rules. With
  /// no upstream, it finishes at once.
  public struct MergeMany<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    /// The publishers this operator subscribes to, in order.
    public let publishers: [Upstream]

    /// Creates the merge of the publishers listed.
    ///
    /// - Parameter upstream: The publishers to merge; none is allowed.
    @inlinable
    public init(_ upstream: Upstream...) {
      publishers = upstream
    }

    /// Creates the merge of the publishers in `upstream`, in its order.
    ///
    /// - Parameter upstream: The publishers to merge; an empty sequence is allowed.
    @inlinable
    public init<S: Swift.Sequence>(_ upstream: S) where Upstream == S.Element {
      publishers = Array(upstream)
    }

    public func receive<S: Subscriber>(subscriber: S) where Upstream.Failure == S.Failure, Upstream.Output == S.Input {
      let inner = MergeInner<S>(subscriber, sides: publishers.count, description: "Merge")
      subscriber.receive(subscription: inner)
      for (index, publisher) in publishers.enumerated() {
        publisher.subscribe(MergeSide(inner: inner, index: index))
      }
      if publishers.isEmpty { inner.finishWithoutUpstreams() }
    }

    /// Adds one more publisher to the merge.
    ///
    /// - Parameter other: Another publisher of this publisher's type.
    /// - Returns: A merge of this publisher's upstreams and `other`.
    @inlinable
    public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
      Publishers.MergeMany(publishers + [other])
    }
  }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

/// The subscription of every merge (`Merge` to `Merge8`, `MergeMany`). Its state:
/// - `outlet`: downstream, its demand and the values waiting for it; tag =
///   the index of the upstream that sent the value;
/// - `sides`: one link per upstream, `awaiting` → `subscribed` → `finished`
///   (or `ended` on cancel or failure).
///
/// Each downstream request, and each additional demand downstream returns,
/// goes to every subscribed upstream; an upstream whose subscription comes
/// late is asked for the demand not yet covered by queued values. The result
/// finishes when every side has finished, after the queued values, and fails
/// at the first failure, cancelling the other sides and dropping the queue.
final class MergeInner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: the mutable state is behind `state`.
  struct State: CombiningOutletHolder, @unchecked Sendable {
    var outlet: CombiningOutlet<Downstream, Int>
    var sides: [CombiningLink]

    var allFinished: Bool {
      sides.allSatisfy {
        if case .finished = $0 { return true }
        return false
      }
    }

    /// Ends every side; returns the subscriptions to cancel after the lock.
    mutating func end() -> [any Subscription] {
      defer {
        for index in sides.indices { sides[index] = .ended }
      }
      return sides.compactMap(\.subscription)
    }
  }

  let state: Lock<State>
  let description: String

  init(_ downstream: Downstream, sides: Int, description: String) {
    state = Lock(State(outlet: CombiningOutlet(downstream), sides: Array(repeating: .awaiting, count: sides)))
    self.description = description
  }

  func finishWithoutUpstreams() {
    if state.withLock({ $0.outlet.finish() }) { state.drain() }
  }

  func receive(subscription: any Subscription, index: Int) {
    let demand = state.withLock { state -> Subscribers.Demand? in
      guard case .awaiting = state.sides[index] else { return nil }
      state.sides[index] = .subscribed(subscription)
      return state.outlet.demandBeyondQueue
    }
    guard let demand else { return subscription.cancel() }
    if demand > 0 { subscription.request(demand) }
  }

  func receive(_ input: Downstream.Input, index: Int) -> Subscribers.Demand {
    if state.withLock({ $0.outlet.enqueue(input, tag: index) }) {
      state.drain(delivered: forward)
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Downstream.Failure>, index: Int) {
    switch completion {
    case .finished:
      let drain = state.withLock { state -> Bool in
        guard case .subscribed = state.sides[index] else { return false }
        state.sides[index] = .finished
        return state.allFinished && state.outlet.finish()
      }
      if drain { state.drain(delivered: forward) }
    case let .failure(error):
      let (drain, cancelled, dropped) = state.withLock { state in
        guard case .subscribed = state.sides[index] else { return (false, [any Subscription](), []) }
        state.sides[index] = .finished
        let (drain, dropped) = state.outlet.fail(error)
        return (drain, state.end(), dropped)
      }
      for subscription in cancelled { subscription.cancel() }
      _ = dropped  // released after the lock
      if drain { state.drain(delivered: forward) }
    }
  }

  /// After a value reached downstream: passes the additional demand to every upstream.
  private func forward(_: Int, additional: Subscribers.Demand) {
    guard additional > 0 else { return }
    for subscription in state.withLock({ $0.sides.compactMap(\.subscription) }) {
      subscription.request(additional)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    precondition(demand > 0, "API violation: demand must be greater than zero")
    let (drain, subscriptions) = state.withLock { state in
      (state.outlet.add(demand), state.sides.compactMap(\.subscription))
    }
    for subscription in subscriptions { subscription.request(demand) }
    if drain { state.drain(delivered: forward) }
  }

  func cancel() {
    let (cancelled, taken) = state.withLock { state in
      (state.end(), state.outlet.cancel())
    }
    for subscription in cancelled { subscription.cancel() }
    _ = taken  // released after the lock
  }
}

/// The subscriber a merge attaches to each of its upstreams.
struct MergeSide<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let inner: MergeInner<Downstream>
  let index: Int
  let combineIdentifier = CombineIdentifier()

  var description: String { inner.description }

  func receive(subscription: any Subscription) {
    inner.receive(subscription: subscription, index: index)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    inner.receive(input, index: index)
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    inner.receive(completion: completion, index: index)
  }
}

extension MergeInner: CombineReflectable {
  /// Shows the downstream and the demand it has not yet received.
  var customMirror: Mirror {
    let (downstream, demand) = state.withLock { ($0.outlet.downstream, $0.outlet.demand) }
    return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
  }
}

extension MergeSide: CustomReflectable, CustomPlaygroundDisplayConvertible {
  /// The mirror of the subscription it feeds.
  var customMirror: Mirror { inner.customMirror }
  var playgroundDescription: Any { inner.playgroundDescription }
}
