import CombineTraits
import Testing

/// Only `import CombineTraits` above: everything below must come through the umbrella.
@Suite struct UmbrellaTests {
  struct Answer: SinglePublisher, ImmediatePublisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      Just(42).receive(subscriber: subscriber)
    }
  }

  @Test func importingTheUmbrellaGivesEveryModule() {
    let maybe: any MaybePublisher<Int, Never> = Answer()
    let immediate: any ImmediatePublisher<Int, Never> = Answer()
    let recorder: RecordingSubscriber<Int, Never> = maybe.eraseToAnyPublisher().record()
    let scheduler = VirtualTimeScheduler()
    #expect(recorder.values == [42])
    #expect(immediate.eraseToAnyPublisher().record().values == [42])
    #expect(scheduler.now == scheduler.now)
    #expect(MemoryLayout<TraitSubscriptions>.size == 0)
  }
}
