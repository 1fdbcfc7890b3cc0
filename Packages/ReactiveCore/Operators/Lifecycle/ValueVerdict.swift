/// What a subscription that counts its downstream's demand itself (`catch`,
/// `retry`) decides, under its lock, about one upstream value: forward it,
/// ignore it (from an upstream it no longer follows), or trap after the lock
/// because the upstream broke Combine's contract.
@usableFromInline
enum ValueVerdict<Downstream> {
  case forward(Downstream)
  case ignore
  case trap(StaticString)

  /// After the lock: the downstream to deliver to, nil to ignore the value;
  /// traps on a broken contract, naming `name` as the receiver.
  @inlinable
  func downstream(receiver name: String) -> Downstream? {
    switch self {
    case let .forward(downstream):
      return downstream
    case .ignore:
      return nil
    case let .trap(violation):
      preconditionFailure("API violation: \(name) received \(violation)")
    }
  }
}
