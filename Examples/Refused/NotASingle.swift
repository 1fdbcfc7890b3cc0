// Not part of any target (SwiftPM builds nothing in Refused/): `make demo`
// (scenario 6) type-checks this file with swiftc against the modules of the
// demo, and prints what the compiler says. Each line marked `refused` must
// fail to compile, and every other line must compile, or the scenario fails.
import ReactiveCore
import SingleTraits

let answers = [1, 2].publisher  // any number of values
let total = answers.reduce(0, +)  // exactly one value: a single publisher
let first = answers.first()  // at most one value: a maybe publisher

let totalSink = total.sinkSingle { print($0) }
let answersSink = answers.sinkSingle { print($0) }  // refused
let firstErased = first.eraseToAnySinglePublisher()  // refused
let firstOrZero = first.replaceEmpty(with: 0).eraseToAnySinglePublisher()
