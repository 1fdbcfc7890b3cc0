/// A subscription or a subscriber of this package that shows itself the way
/// Combine's own do: `description` is the operator's name ("Map", "Buffer",
/// "Sink"), `playgroundDescription` is that same text, and `customMirror`
/// lists the fields Combine's mirror lists for that operator (often none).
///
/// A conforming type writes `description` and `customMirror`; the
/// playground description comes from here. A `customMirror` that reads a
/// locked state copies what it shows inside the lock and builds the mirror
/// after it, like every other reader of the state.
@usableFromInline
package protocol CombineReflectable: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {}

extension CombineReflectable {
  @usableFromInline
  package var playgroundDescription: Any { description }
}

extension Mirror {
  /// A mirror of `subject` without children: what Combine shows for most
  /// operators.
  package init(childless subject: Any) {
    self.init(subject, children: EmptyCollection())
  }
}

/// A mirror child for a value the state may no longer hold: the value
/// itself, as Combine shows it (`0`, not `Optional(0)`), or nil once it is
/// released.
func mirrorChild<Value>(_ value: Value?) -> Any {
  guard let value else { return value as Any }
  return value
}

/// Where a subscriber stands with its upstream, shown as the `status` child
/// of a mirror (Combine shows the same three cases).
enum SubscriptionStatus: CustomStringConvertible {
  case awaitingSubscription
  case subscribed(any Subscription)
  case terminal

  var description: String {
    switch self {
    case .awaitingSubscription: "awaitingSubscription"
    case let .subscribed(subscription): "subscribed(\(subscription))"
    case .terminal: "terminal"
    }
  }
}

extension SubscriberLifecycle {
  /// The status a mirror shows for a `Sink` or an `Assign`.
  var status: SubscriptionStatus {
    switch phase {
    case .awaitingSubscription: .awaitingSubscription
    case .subscribed: subscription.map { .subscribed($0) } ?? .terminal
    case .terminal: .terminal
    }
  }
}
