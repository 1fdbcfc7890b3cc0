// The traits of TraitsTesting's marble publishers and of the HTTP status
// operator (FoundationTraits' Publisher+ValidateHTTPStatus.swift), and the
// Sendable guarantee of AnyScheduler: each line that must not type-check
// sits next to a control that must.
import Foundation
import FoundationTraits
import MaybeTraits
import ReactiveCore
import SingleTraits
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct Boom: Error {}

let scheduler = VirtualTimeScheduler()

// MARK: Marble publishers

let coldSingleIsSingle: any SinglePublisher<Int, Never> = scheduler.coldSingle("-a|", values: ["a": 1])
let coldSingleErases: AnySinglePublisher<Int, Boom> = scheduler.coldSingle("-x", values: ["a": 1], error: Boom())
  .eraseToAnySinglePublisher()
let coldSingleSinks = scheduler.coldSingle("-a|", values: ["a": 1]).sinkSingle { _ in }

let coldMaybeIsMaybe: any MaybePublisher<Int, Never> = scheduler.coldMaybe("-|", values: ["a": 1])
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let coldMaybeIsNotSingle: any SinglePublisher<Int, Never> = scheduler.coldMaybe("-|", values: ["a": 1])

let hotMaybeIsMaybe: any MaybePublisher<Int, Never> = scheduler.hotMaybe("-a|", values: ["a": 1])
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let hotMaybeIsNotSingle: any SinglePublisher<Int, Never> = scheduler.hotMaybe("-a|", values: ["a": 1])

// Marble publishers are Sendable when their values and failure are.
let coldSingleIsSendable: any Sendable = scheduler.coldSingle("-a|", values: ["a": 1])
let coldMaybeIsSendable: any Sendable = scheduler.coldMaybe("-|", values: ["a": 1])
let hotMaybeIsSendable: any Sendable = scheduler.hotMaybe("-|", values: ["a": 1])
let coldIsSendable: any Sendable = scheduler.cold("-a|", values: ["a": 1])
// expected-note@+1 {{class 'Box' does not conform to the 'Sendable' protocol}}
final class Box {}
// expected-error@+1 {{type 'Box' does not conform to the 'Sendable' protocol}}
let coldSingleOfNonSendableIsNot: any Sendable = scheduler.coldSingle("-a|", values: ["a": Box()])

// The plain marble publishers promise nothing.
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let coldIsNotMaybe: any MaybePublisher<Int, Never> = scheduler.cold("-a|", values: ["a": 1])
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let hotIsNotMaybe: any MaybePublisher<Int, Never> = scheduler.hot("-a|", values: ["a": 1])

// MARK: validateHTTPStatus keeps the traits of its upstream

let session = URLSession(configuration: .ephemeral)
let url = URL(fileURLWithPath: "/")

let validatedIsSingle: any SinglePublisher<(data: Data, response: URLResponse), HTTPRequestError<URLError>> =
  session.dataTaskPublisher(for: url).validateHTTPStatus()
let validatedRangeIsSingle: any SinglePublisher<Data, HTTPRequestError<URLError>> =
  session.dataTaskPublisher(for: url).validateHTTPStatus(200..<400).map(\.data)
let validatedSinks = session.dataTaskPublisher(for: url).validateHTTPStatus().sinkSingle { _ in }

let answers = PassthroughSubject<(data: Data, response: URLResponse), URLError>()
let validatedSubjectIsAPublisher: any Publisher<(data: Data, response: URLResponse), HTTPRequestError<URLError>> =
  answers.validateHTTPStatus()
// expected-error@+2 {{requires that 'PassthroughSubject<(data: Data, response: URLResponse), URLError>' conform to 'MaybePublisher'}}
let validatedSubjectIsNotMaybe: any MaybePublisher<(data: Data, response: URLResponse), HTTPRequestError<URLError>> =
  answers.validateHTTPStatus()

// Only publishers of (data, response) have a status to validate.
// expected-error@+1 {{cannot convert value of type 'Int' to expected argument type '(data: Data, response: URLResponse)'}}
let justIsNotValidated = Just(1).validateHTTPStatus()

// MARK: AnyScheduler is Sendable, and needs a Sendable base

let erasedIsSendable: any Sendable = AnyDispatchQueueScheduler.virtual(scheduler)
let erasedVirtualIsSendable: any Sendable = scheduler.eraseToAnyScheduler()

// expected-note@+1 {{class 'UnsafeScheduler' does not conform to the 'Sendable' protocol}}
final class UnsafeScheduler: Scheduler {
  typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
  typealias SchedulerOptions = DispatchQueue.SchedulerOptions
  var now: SchedulerTimeType { DispatchQueue.main.now }
  var minimumTolerance: SchedulerTimeType.Stride { .zero }
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}
  func schedule(
    after date: SchedulerTimeType,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) {}
  func schedule(
    after date: SchedulerTimeType,
    interval: SchedulerTimeType.Stride,
    tolerance: SchedulerTimeType.Stride,
    options: SchedulerOptions?,
    _ action: @escaping () -> Void
  ) -> any Cancellable { AnyCancellable {} }
}

let sendableQueueErases = AnyDispatchQueueScheduler(DispatchQueue.main)
// expected-error@+1 {{type 'UnsafeScheduler' does not conform to the 'Sendable' protocol}}
let unsafeSchedulerDoesNotErase = AnyDispatchQueueScheduler(UnsafeScheduler())
