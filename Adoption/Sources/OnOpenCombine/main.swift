// A minimal user of OpenCombine: a sink on a subject, one value sent.
import OpenCombine

let subject = PassthroughSubject<Int, Never>()
let cancellable = subject.sink { print($0) }
subject.send(42)
cancellable.cancel()
