extension Lock {
  /// Runs `body` under the lock and returns the action it decided; the value
  /// it replaced is released only after the lock, since releasing a
  /// subscriber or a closure may call out. Serves the subscriptions that
  /// decide under their lock and act after it (``ReducingInner``,
  /// ``TruncatingInner``).
  func transition<Action>(_ body: (inout Value) -> Action) -> Action {
    let (action, replaced) = withLock { value -> (Action, Value) in
      let replaced = value
      return (body(&value), replaced)
    }
    _ = replaced
    return action
  }

  /// Puts `newValue` in (most often the subscription's terminal state) and
  /// returns the value it replaced, for the caller to act on, and release,
  /// after the lock.
  @inlinable
  func exchange(_ newValue: Value) -> Value {
    withLock { value in
      defer { value = newValue }
      return value
    }
  }
}
