import ReactiveCore

// What the state-machine suites (zip, combineLatest, merge) share to read
// the actions a machine returns as text.

extension Subscribers.Demand {
  /// `none`, `max(n)` or `unlimited`, to read actions in test expectations.
  var text: String {
    if self == .unlimited { return "unlimited" }
    return self == .none ? "none" : "max(\(max ?? 0))"
  }
}

/// `finished` or `failure <code>`, to read a completion in an action.
func render(_ completion: Subscribers.Completion<TestError>) -> String {
  switch completion {
  case .finished: "finished"
  case let .failure(error): "failure \(error.code)"
  }
}
