// A minimal user of the umbrella module: a single publisher, its one value received.
import CombineTraits

let subject = PassthroughSubject<Int, Never>()
let cancellable = subject.collect().sinkSingle { print($0) }
subject.send(42)
subject.send(completion: .finished)
withExtendedLifetime(cancellable) {}
