import CombineTraits
import Testing

/// Only `import CombineTraits` above: every name below comes through the
/// umbrella, one or more from each module.
@Suite struct UmbrellaTests {
  struct Answer: SinglePublisher, ImmediatePublisher {
    typealias Output = Int
    typealias Failure = Never

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      Just(42).receive(subscriber: subscriber)
    }
  }

  /// TraitSubscriptions: an open class to subclass.
  final class Immediately<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Int>, @unchecked Sendable
  where Downstream.Input == Int, Downstream.Failure == Never {
    override func start(with context: Int) { receive(.success(context)) }
  }

  struct Wrapped: SinglePublisher {
    typealias Output = Int
    typealias Failure = Never
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
      subscriber.receive(subscription: Immediately(downstream: subscriber, context: 7))
    }
  }

  @Test func reactiveCore() async {
    let subject = PassthroughSubject<Int, Never>()
    let scheduler = ImmediateScheduler.shared
    var received: [Int] = []
    let cancellable = subject.receive(on: scheduler).sink { received.append($0) }
    subject.send(1)
    #expect(received == [1])
    withExtendedLifetime(cancellable) {}
    var values: [Int] = []
    for await value in [1, 2].publisher.values { values.append(value) }
    #expect(values == [1, 2])
  }

  @Test func maybeTraits() {
    let maybe: AnyMaybePublisher<Int, Never> = .empty()
    let result = Shared<MaybeResult<Int, Never>?>(nil)
    _ = maybe.sinkMaybe { result.value = $0 }
    #expect(result.value == .finished)
    #expect([1, 2].publisher.checkMaybe().record().completion == .failure(.tooManyElements))
  }

  @Test func singleTraits() {
    let single: AnySinglePublisher<[Int], Never> = [Just(1), Just(2)].zipSingle()
    #expect(single.record().values == [[1, 2]])
    #expect(Answer().eraseToAnySinglePublisher().record().values == [42])
  }

  @Test func immediateTraits() {
    let immediate: AnyImmediatePublisher<Int, Never> = Answer().eraseToAnyImmediatePublisher()
    #expect(immediate.record().values == [42])
    #expect(PassthroughSubject<Int, Never>().prepend(0).eraseToAnyImmediatePublisher().record().values == [0])
  }

  @Test func traitSubscriptions() {
    #expect(Wrapped().record().events == [.subscription, .value(7), .finished])
  }

  @Test func traitsTesting() {
    let scheduler = VirtualTimeScheduler()
    let result = scheduler.compareMarbles(of: scheduler.cold("-a|", values: ["a": 1]), with: "-a|", values: ["a": 1])
    #expect(result.matches, "\(result)")
    let upstream = TestPublisher<Int, Never>()
    _ = upstream.record()
    #expect(upstream.requests == [.unlimited])
  }
}
