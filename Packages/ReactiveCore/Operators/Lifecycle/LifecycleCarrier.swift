/// Carries a value into or out of a `Lock` closure, for the operators of
/// this folder.
///
/// Swift 6 region checking rejects a non-Sendable value (a generic
/// subject, a connection) that crosses `withLock`'s `sending` boundary.
/// The value is used only by the thread that holds the carrier, so
/// `@unchecked Sendable` is sound.
struct LifecycleCarrier<Value> {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
