// Compile-time guarantees of ReactiveCore's API, as in Combine.
import ReactiveCore

struct Failure: Error {}

// `sink(receiveValue:)` exists only for publishers that cannot fail.
let sinkOnNever = Just(1).sink { _ in }
// expected-error@+1 {{requires the types 'Failure' and 'Never' be equivalent}}
let sinkOnFailing = Fail<Int, Failure>(error: Failure()).sink { _ in }
let sinkWithCompletion = Fail<Int, Failure>(error: Failure()).sink(receiveCompletion: { _ in }, receiveValue: { _ in })

// `assign(to:on:)` too.
final class Box { var value = 0 }
let assignOnNever = Just(1).assign(to: \.value, on: Box())
// expected-error@+1 {{requires the types 'Failure' and 'Never' be equivalent}}
let assignOnFailing = Fail<Int, Failure>(error: Failure()).assign(to: \.value, on: Box())

// `setFailureType(to:)` only changes a `Never` failure.
let widened = Just(1).setFailureType(to: Failure.self)
// expected-error@+1 {{requires the types 'Failure' and 'Never' be equivalent}}
let rewidened = Fail<Int, Failure>(error: Failure()).setFailureType(to: Failure.self)

// A subscriber must match the publisher's output and failure.
let matching: Void = Just(1).subscribe(
  Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
)
// expected-error@+1 {{cannot convert value of type 'Int' to expected argument type 'String'}}
let mismatched: Void = Just(1).subscribe(
  Subscribers.Sink<String, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
)

// `switchToLatest()` needs a publisher of publishers.
let nested = Just(Just(1)).switchToLatest()
// expected-error@+1 {{no exact matches in call to instance method 'switchToLatest'}}
let flat = Just(1).switchToLatest()
