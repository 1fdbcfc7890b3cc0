import ReactiveCore
import ReactiveExtras
import TestSupport
import Testing
import TraitsTesting

/// Code written against CombineExt's `Event`, as an app and a service share it.
private func describe(_ event: Event<Int, TestError>) -> String {
  switch event {
  case let .value(value): "value \(value)"
  case .finished: "finished"
  case let .failure(error): "failure \(error.code)"
  }
}

@Suite struct EventSpellingTests {
  @Test func eventIsSignal() {
    #expect(Event<Int, TestError>.self == Signal<Int, TestError>.self)
    let event: Event<Int, TestError> = .value(1)
    let signal: Signal<Int, TestError> = event
    #expect(signal == .value(1))
  }

  @Test func materializePublishesEvents() {
    let upstream = PassthroughSubject<Int, TestError>()
    let events: AnyPublisher<Event<Int, TestError>, Never> = upstream.materialize().eraseToAnyPublisher()
    let recorder = events.map(describe).record()

    upstream.send(1)
    upstream.send(completion: .failure(TestError(code: 2)))

    #expect(recorder.events == [.subscription, .value("value 1"), .value("failure 2"), .finished])
  }

  @Test func dematerializeTakesEvents() {
    let events = PassthroughSubject<Event<Int, TestError>, Never>()
    let recorder: RecordingSubscriber<Int, TestError> = events.dematerialize().record()

    events.send(.value(1))
    events.send(.failure(TestError(code: 3)))

    #expect(recorder.events == [.subscription, .value(1), .failure(TestError(code: 3))])
  }
}
