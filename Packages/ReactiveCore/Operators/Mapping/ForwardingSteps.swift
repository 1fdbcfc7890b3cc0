// The steps of the forwarding operators (see ``ForwardingStep``): what each
// does with a value and a failure on its way down. Each is generic over the
// types of the events only, never over its publisher or its downstream.

/// `map`: publishes `transform(value)` in place of each value.
@usableFromInline
struct MapStep<Input, Output, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  let transform: (Input) -> Output

  @inlinable
  init(transform: @escaping (Input) -> Output) {
    self.transform = transform
  }

  @usableFromInline
  var name: String { "Map" }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Output, Downstream.Failure == Failure {
    downstream.receive(transform(input))
  }
}

/// `filter`: publishes the values `isIncluded` accepts.
@usableFromInline
struct FilterStep<Input, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  typealias Output = Input

  @usableFromInline
  let isIncluded: (Input) -> Bool

  @inlinable
  init(isIncluded: @escaping (Input) -> Bool) {
    self.isIncluded = isIncluded
  }

  @usableFromInline
  var name: String { "Filter" }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Input, Downstream.Failure == Failure {
    // A dropped element did not use the downstream's demand: ask for another.
    isIncluded(input) ? downstream.receive(input) : .max(1)
  }
}

/// `compactMap`: publishes the non-nil results of `transform`.
@usableFromInline
struct CompactMapStep<Input, Output, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  let transform: (Input) -> Output?

  @inlinable
  init(transform: @escaping (Input) -> Output?) {
    self.transform = transform
  }

  @usableFromInline
  var name: String { "CompactMap" }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Output, Downstream.Failure == Failure {
    // A dropped element did not use the downstream's demand: ask for another.
    guard let output = transform(input) else { return .max(1) }
    return downstream.receive(output)
  }
}

/// `mapError`: passes values as they are and fails with `transform(error)`.
@usableFromInline
struct MapErrorStep<Input, Failure: Error, DownstreamFailure: Error>: ForwardingStep {
  @usableFromInline
  typealias Output = Input

  @usableFromInline
  let transform: (Failure) -> DownstreamFailure

  @inlinable
  init(transform: @escaping (Failure) -> DownstreamFailure) {
    self.transform = transform
  }

  @usableFromInline
  var name: String { "MapError" }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Input, Downstream.Failure == DownstreamFailure {
    downstream.receive(input)
  }

  @inlinable
  func mapFailure(_ error: Failure) -> DownstreamFailure {
    transform(error)
  }
}

/// `ignoreOutput`: drops every value and passes the completion.
@usableFromInline
struct IgnoreOutputStep<Input, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  typealias Output = Never

  @inlinable
  init() {}

  @usableFromInline
  var name: String { "IgnoreOutput" }

  @inlinable
  func subscribed(_ subscription: any Subscription) {
    // The downstream can ask for nothing that would ever come: drain the upstream.
    subscription.request(.unlimited)
  }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Never, Downstream.Failure == Failure {
    .none
  }
}

/// `setFailureType`: passes everything; the upstream never fails.
@usableFromInline
struct SetFailureTypeStep<Input, DownstreamFailure: Error>: ForwardingStep {
  @usableFromInline
  typealias Output = Input
  @usableFromInline
  typealias Failure = Never

  @inlinable
  init() {}

  @usableFromInline
  var name: String { "SetFailureType" }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Input, Downstream.Failure == DownstreamFailure {
    downstream.receive(input)
  }

  @inlinable
  func mapFailure(_ error: Never) -> DownstreamFailure {}
}

/// `assertNoFailure`: passes values, traps on a failure.
@usableFromInline
struct AssertNoFailureStep<Input, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias Output = Input
  @usableFromInline
  typealias DownstreamFailure = Never

  @usableFromInline
  let prefix: String

  @usableFromInline
  let file: StaticString

  @usableFromInline
  let line: UInt

  @inlinable
  init(prefix: String, file: StaticString, line: UInt) {
    self.prefix = prefix
    self.file = file
    self.line = line
  }

  @usableFromInline
  var name: String { "AssertNoFailure" }

  /// Where the assertion was written and its prefix, as Combine's `assertNoFailure` shows.
  @usableFromInline
  var mirrorChildren: KeyValuePairs<String, Any> { ["file": file, "line": line, "prefix": prefix] }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Input, Downstream.Failure == Never {
    downstream.receive(input)
  }

  @inlinable
  func mapFailure(_ error: Failure) -> Never {
    fatalError(prefix.isEmpty ? "\(error)" : "\(prefix): \(error)", file: file, line: line)
  }
}

/// `map` by key path: publishes the value at `keyPath` in place of each value.
@usableFromInline
struct KeyPathStep<Input, Output, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  let keyPath: KeyPath<Input, Output>

  @inlinable
  init(keyPath: KeyPath<Input, Output>) {
    self.keyPath = keyPath
  }

  @usableFromInline
  var name: String { "ValueForKey" }

  @usableFromInline
  var mirrorChildren: KeyValuePairs<String, Any> { ["keyPath": keyPath] }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == Output, Downstream.Failure == Failure {
    downstream.receive(input[keyPath: keyPath])
  }
}

/// `map` by two key paths: publishes the pair of values at the key paths.
@usableFromInline
struct KeyPathsStep2<Input, Output0, Output1, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  typealias Output = (Output0, Output1)

  @usableFromInline
  let keyPaths: (KeyPath<Input, Output0>, KeyPath<Input, Output1>)

  @inlinable
  init(keyPaths: (KeyPath<Input, Output0>, KeyPath<Input, Output1>)) {
    self.keyPaths = keyPaths
  }

  @usableFromInline
  var name: String { "ValueForKeys" }

  @usableFromInline
  var mirrorChildren: KeyValuePairs<String, Any> { ["keyPath0": keyPaths.0, "keyPath1": keyPaths.1] }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == (Output0, Output1), Downstream.Failure == Failure {
    downstream.receive((input[keyPath: keyPaths.0], input[keyPath: keyPaths.1]))
  }
}

/// `map` by three key paths: publishes the triple of values at the key paths.
@usableFromInline
struct KeyPathsStep3<Input, Output0, Output1, Output2, Failure: Error>: ForwardingStep {
  @usableFromInline
  typealias DownstreamFailure = Failure
  @usableFromInline
  typealias Output = (Output0, Output1, Output2)

  @usableFromInline
  let keyPaths: (KeyPath<Input, Output0>, KeyPath<Input, Output1>, KeyPath<Input, Output2>)

  @inlinable
  init(keyPaths: (KeyPath<Input, Output0>, KeyPath<Input, Output1>, KeyPath<Input, Output2>)) {
    self.keyPaths = keyPaths
  }

  @usableFromInline
  var name: String { "ValueForKeys" }

  @usableFromInline
  var mirrorChildren: KeyValuePairs<String, Any> {
    ["keyPath0": keyPaths.0, "keyPath1": keyPaths.1, "keyPath2": keyPaths.2]
  }

  @inlinable
  func receive<Downstream: Subscriber>(_ input: Input, downstream: Downstream) -> Subscribers.Demand
  where Downstream.Input == (Output0, Output1, Output2), Downstream.Failure == Failure {
    downstream.receive((input[keyPath: keyPaths.0], input[keyPath: keyPaths.1], input[keyPath: keyPaths.2]))
  }
}
