// The deliberate non-conformances of the "Time and scheduling" rows of
// Packages/*/ReactiveCore+*Publisher.swift and of Packages/*/Foundation+*Publisher.swift:
// each line that must not type-check sits next to a control that must.
import Foundation
import FoundationTraits
import ImmediateTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let one = Just(1)
let queue = DispatchQueue(label: "checks")

// MARK: Time operators: maybe of a single, never single

let bufferIsMaybe: any MaybePublisher<Int, Never> = one.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let bufferIsNotSingle: any SinglePublisher<Int, Never> = one.buffer(
  size: 1,
  prefetch: .byRequest,
  whenFull: .dropOldest
)

let debounceIsMaybe: any MaybePublisher<Int, Never> = one.debounce(for: .seconds(1), scheduler: queue)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let debounceIsNotSingle: any SinglePublisher<Int, Never> = one.debounce(for: .seconds(1), scheduler: queue)

let throttleIsMaybe: any MaybePublisher<Int, Never> = one.throttle(for: .seconds(1), scheduler: queue, latest: true)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let throttleIsNotSingle: any SinglePublisher<Int, Never> = one.throttle(
  for: .seconds(1),
  scheduler: queue,
  latest: true
)

let timeoutIsMaybe: any MaybePublisher<Int, Never> = one.timeout(.seconds(1), scheduler: queue)
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let timeoutIsNotSingle: any SinglePublisher<Int, Never> = one.timeout(.seconds(1), scheduler: queue)

// MARK: Time operators: never immediate, even of Just

let receiveOnIsSingle: any SinglePublisher<Int, Never> = one.receive(on: queue)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let receiveOnIsNotImmediate: any ImmediatePublisher<Int, Never> = one.receive(on: queue)

let subscribeOnIsSingle: any SinglePublisher<Int, Never> = one.subscribe(on: queue)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let subscribeOnIsNotImmediate: any ImmediatePublisher<Int, Never> = one.subscribe(on: queue)

let delayIsSingle: any SinglePublisher<Int, Never> = one.delay(for: .seconds(1), scheduler: queue)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let delayIsNotImmediate: any ImmediatePublisher<Int, Never> = one.delay(for: .seconds(1), scheduler: queue)

let intervalIsSingle: any SinglePublisher<DispatchQueue.SchedulerTimeType.Stride, Never> = one.measureInterval(
  using: queue
)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let intervalIsNotImmediate: any ImmediatePublisher<DispatchQueue.SchedulerTimeType.Stride, Never> = one.measureInterval(
  using: queue
)

let bufferIsAPublisher: any Publisher<Int, Never> = one.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let bufferIsNotImmediate: any ImmediatePublisher<Int, Never> = one.buffer(
  size: 1,
  prefetch: .keepFull,
  whenFull: .dropNewest
)

let debounceIsAPublisher: any Publisher<Int, Never> = one.debounce(for: .seconds(1), scheduler: queue)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let debounceIsNotImmediate: any ImmediatePublisher<Int, Never> = one.debounce(for: .seconds(1), scheduler: queue)

let throttleIsAPublisher: any Publisher<Int, Never> = one.throttle(for: .seconds(1), scheduler: queue, latest: false)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let throttleIsNotImmediate: any ImmediatePublisher<Int, Never> = one.throttle(
  for: .seconds(1),
  scheduler: queue,
  latest: false
)

let timeoutIsAPublisher: any Publisher<Int, Never> = one.timeout(.seconds(1), scheduler: queue)
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let timeoutIsNotImmediate: any ImmediatePublisher<Int, Never> = one.timeout(.seconds(1), scheduler: queue)

// MARK: Foundation publishers

let notifications = NotificationCenter.default.publisher(for: Notification.Name("checks"))
let notificationsArePublisher: any Publisher<Notification, Never> = notifications
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let notificationsAreNotMaybe: any MaybePublisher<Notification, Never> = notifications
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let notificationsAreNotImmediate: any ImmediatePublisher<Notification, Never> = notifications

let timer = Timer.publish(every: 1, on: .main, in: .default)
let timerIsPublisher: any Publisher<Date, Never> = timer
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let timerIsNotMaybe: any MaybePublisher<Date, Never> = timer
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let timerIsNotImmediate: any ImmediatePublisher<Date, Never> = timer

final class Model: ObservableObject {
  @Published var name = "initial"
}
let model = Model()

let publishedIsImmediate: any ImmediatePublisher<String, Never> = model.$name
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let publishedIsNotMaybe: any MaybePublisher<String, Never> = model.$name

let objectWillChangeIsPublisher: any Publisher<Void, Never> = model.objectWillChange
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let objectWillChangeIsNotMaybe: any MaybePublisher<Void, Never> = model.objectWillChange
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let objectWillChangeIsNotImmediate: any ImmediatePublisher<Void, Never> = model.objectWillChange

let dataTask = URLSession.shared.dataTaskPublisher(for: URL(string: "http://127.0.0.1/")!)
let dataTaskIsSingle: any SinglePublisher<(data: Data, response: URLResponse), URLError> = dataTask
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let dataTaskIsNotImmediate: any ImmediatePublisher<(data: Data, response: URLResponse), URLError> = dataTask
