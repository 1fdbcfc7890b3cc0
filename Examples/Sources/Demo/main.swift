// The `make demo` program: ReactiveCore at work, in a few small scenarios.
// Each scenario prints what a subscriber saw, as a marble-like line.

import ReactiveCore

/// Collects what a subscriber sees, and prints it as one line.
final class Transcript<Output, Failure: Error> {
  private(set) var events: [String] = []

  func subscriber(demand: Subscribers.Demand = .unlimited) -> AnySubscriber<Output, Failure> {
    AnySubscriber(
      receiveSubscription: { subscription in
        if demand > 0 { subscription.request(demand) }
      },
      receiveValue: { value in
        self.events.append("\(value)")
        return .none
      },
      receiveCompletion: { completion in
        switch completion {
        case .finished: self.events.append("|")
        case let .failure(error): self.events.append("x(\(error))")
        }
      }
    )
  }

  func print(_ title: String) {
    Swift.print(padded(title), events.joined(separator: " "))
  }
}

/// The title, padded with spaces to one column width.
func padded(_ title: String) -> String {
  title + String(repeating: " ", count: max(1, 44 - title.count))
}

struct DemoError: Error, CustomStringConvertible {
  var description: String { "boom" }
}

print("ReactiveCore: Combine's API, on every platform Swift runs on.\n")

do {
  let transcript = Transcript<Int, Never>()
  Just(42).subscribe(transcript.subscriber())
  transcript.print("Just(42)")
}

do {
  let transcript = Transcript<Int, Never>()
  [1, 2, 3].publisher.subscribe(transcript.subscriber())
  transcript.print("[1, 2, 3].publisher")
}

do {
  let transcript = Transcript<Int, Never>()
  [1, 2, 3].publisher.subscribe(transcript.subscriber(demand: .max(2)))
  transcript.print("[1, 2, 3].publisher, demand max(2)")
}

do {
  let transcript = Transcript<Int, DemoError>()
  Fail(error: DemoError()).subscribe(transcript.subscriber())
  transcript.print("Fail(error: boom)")
}

do {
  let transcript = Transcript<String, Never>()
  let future = Future<String, Never> { promise in promise(.success("resolved once")) }
  future.subscribe(transcript.subscriber())
  future.subscribe(transcript.subscriber())
  transcript.print("Future, two subscribers")
}

do {
  let transcript = Transcript<Int, Never>()
  let subject = PassthroughSubject<Int, Never>()
  subject.send(0)  // nobody listens yet: dropped
  subject.subscribe(transcript.subscriber())
  subject.send(1)
  subject.send(2)
  subject.send(completion: .finished)
  subject.send(3)  // after completion: ignored
  transcript.print("PassthroughSubject: 0, sub, 1, 2, |, 3")
}

do {
  let transcript = Transcript<String, Never>()
  let subject = CurrentValueSubject<String, Never>("initial")
  subject.subscribe(transcript.subscriber())
  subject.value = "updated"
  transcript.print("CurrentValueSubject(\"initial\"), then set")
}

do {
  var received: [Int] = []
  let subject = PassthroughSubject<Int, Never>()
  let cancellable = subject.sink { received.append($0) }
  subject.send(1)
  cancellable.cancel()
  subject.send(2)
  print(padded("sink, then cancel()"), received)
}
