public import ReactiveCore

extension Publisher where Failure == Never {
  /// Publishes the values that `.value` signals carry, and nothing of the
  /// completion signals: CombineExt's `values()`.
  ///
  /// The result finishes when the upstream finishes. After `materialize()`,
  /// that is after the completion signal, which waits for one unit of demand
  /// (see ``Publisher/materialize()``): with demand left when its upstream
  /// completes, the result finishes at once; without, at the subscriber's
  /// next request.
  ///
  /// ```text
  /// upstream  -A-B-(X|)      A = .value(a), B = .value(b), X = .failure(x)
  /// result    -a-b-|
  /// ```
  ///
  /// - Returns: A publisher of the values the signals carry, which never fails.
  public func values<Value, SignalFailure>() -> Publishers.CompactMap<Self, Value>
  where Output == Signal<Value, SignalFailure> {
    // compactMap keeps the demand right: the subscriber's demand goes to the
    // upstream as it is, and each dropped signal is replaced (compactMap asks
    // the upstream for one more), so a subscriber that asked for n values
    // receives n values if the upstream has them, and no value without demand.
    compactMap { signal in
      if case let .value(value) = signal { value } else { nil }
    }
  }

  /// Publishes the errors that `.failure` signals carry, and nothing of the
  /// values: CombineExt's `failures()`.
  ///
  /// The result finishes when the upstream finishes; after `materialize()`,
  /// as ``values()`` does. It publishes at most one error after
  /// `materialize()`, but any number after another publisher of signals.
  ///
  /// ```text
  /// upstream  -A-B-(X|)      A = .value(a), B = .value(b), X = .failure(x)
  /// result    -----(e|)      e = x, the error as a value
  /// ```
  ///
  /// - Returns: A publisher of the errors the signals carry, which never fails.
  public func failures<Value, SignalFailure>() -> Publishers.CompactMap<Self, SignalFailure>
  where Output == Signal<Value, SignalFailure> {
    // compactMap keeps the demand right, as in values(): each dropped value
    // signal is replaced by a request for one more.
    compactMap { signal in
      if case let .failure(error) = signal { error } else { nil }
    }
  }
}
