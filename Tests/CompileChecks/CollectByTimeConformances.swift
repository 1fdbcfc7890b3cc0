// The deliberate non-conformance of the CollectByTime rows of
// Packages/*/ReactiveCore+*Publisher.swift, apart from the other time rows
// (TimeAndFoundationConformances.swift) because OpenCombine, on which `make
// compat` checks those, has no `collect(.byTime)`.
import Dispatch
import ImmediateTraits
import ReactiveCore
import SingleTraits

let one = Just(1)
let queue = DispatchQueue(label: "checks")

let collectIsSingle: any SinglePublisher<[Int], Never> = one.collect(.byTime(queue, .seconds(1)))
// expected-error@+1 {{does not conform to specified type 'ImmediatePublisher'}}
let collectIsNotImmediate: any ImmediatePublisher<[Int], Never> = one.collect(.byTime(queue, .seconds(1)))
