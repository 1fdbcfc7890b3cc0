// How the trait protocols relate: a single is a maybe; a maybe is not a single;
// immediate is independent of both.
import ImmediateTraits
import MaybeTraits
import ReactiveCore
import SingleTraits

struct OnlyMaybe: MaybePublisher {
  typealias Output = Int
  typealias Failure = Never
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
}

struct OnlySingle: SinglePublisher {
  typealias Output = Int
  typealias Failure = Never
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
}

struct OnlyImmediate: ImmediatePublisher {
  typealias Output = Int
  typealias Failure = Never
  func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
}

let singleIsMaybe: any MaybePublisher<Int, Never> = OnlySingle()
// expected-error@+1 {{does not conform to specified type 'SinglePublisher'}}
let maybeIsNotSingle: any SinglePublisher<Int, Never> = OnlyMaybe()

let immediateIsPublisher: any Publisher<Int, Never> = OnlyImmediate()
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let immediateIsNotMaybe: any MaybePublisher<Int, Never> = OnlyImmediate()
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let singleIsNotImmediate: any ImmediatePublisher<Int, Never> = OnlySingle()

// A plain publisher is none of them.
// expected-error@+1 {{does not conform to specified type 'MaybePublisher'}}
let sequenceIsNotMaybe: any MaybePublisher<Int, Never> = [1, 2].publisher
