extension Lock {
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
