import Foundation
import ReactiveCore
import Testing

/// Random interleavings of send, request, cancel and complete from several
/// threads, against every concurrency-sensitive type of the core. Each round
/// checks the contract from inside the subscriber and that everything is
/// released (see `stress` in ReliabilityKit.swift). Bounded in rounds and
/// time: about 150 rounds each in `make test`, up to 20,000 or 2 s each in
/// `make check`.
@Suite(.tags(.reliability)) struct CoreStressTests {
  typealias Subject = PassthroughSubject<Int, TestError>

  @Test func passthroughSubject() {
    #expect(
      stress("PassthroughSubject", threads: 3) { (_: Token) -> StressSystem<Int, TestError> in
        let subject = Subject()
        return .subjects([subject], witnesses: 2, publisher: subject)
      } > 0
    )
  }

  @Test func currentValueSubject() {
    #expect(
      stress("CurrentValueSubject", threads: 3) { (_: Token) -> StressSystem<Int, TestError> in
        let subject = CurrentValueSubject<Int, TestError>(-1)
        return .subjects([subject], witnesses: 2, publisher: subject)
      } > 0
    )
  }

  @Test func future() {
    #expect(
      stress("Future", threads: 3) { (_: Token) -> StressSystem<Int, TestError> in
        var promise: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { promise = $0 }
        let fulfil = promise!
        return StressSystem(
          sources: 1,
          witnesses: 2,
          send: { _, value in fulfil(.success(value)) },
          complete: { _, failure in fulfil(failure ? .failure(TestError(code: 1)) : .success(-1)) },
          subscribe: { for witness in $0 { future.subscribe(witness) } }
        )
      } > 0
    )
  }

  @Test func flatMap() {
    #expect(
      stress("FlatMap") { (token: Token) -> StressSystem<Int, TestError> in
        let outer = Subject()
        let inners = [Subject(), Subject()]
        let flat = outer.flatMap(maxPublishers: .max(2)) { value in
          withExtendedLifetime(token) { inners[abs(value) % 2] }
        }
        return StressSystem(
          sources: 3,
          send: { source, value in source == 0 ? outer.send(value) : inners[source - 1].send(value) },
          complete: { source, failure in
            (source == 0 ? outer : inners[source - 1]).send(completion: completion(failure))
          },
          subscribe: { flat.subscribe($0[0]) }
        )
      } > 0
    )
  }

  @Test func merge() {
    #expect(
      stress("Merge", threads: 3) { (_: Token) -> StressSystem<Int, TestError> in
        let subjects = [Subject(), Subject(), Subject()]
        let merged = subjects[0].merge(with: subjects[1], subjects[2])
        return .subjects(subjects, publisher: merged)
      } > 0
    )
  }

  @Test func zip() {
    #expect(
      stress("Zip") { (token: Token) -> StressSystem<Int, TestError> in
        let subjects = [Subject(), Subject()]
        let zipped = subjects[0].zip(subjects[1]) { left, right in withExtendedLifetime(token) { left + right } }
        return .subjects(subjects, publisher: zipped)
      } > 0
    )
  }

  @Test func combineLatest() {
    #expect(
      stress("CombineLatest") { (token: Token) -> StressSystem<Int, TestError> in
        let subjects = [Subject(), Subject()]
        let combined = subjects[0].combineLatest(subjects[1]) { left, right in
          withExtendedLifetime(token) { left + right }
        }
        return .subjects(subjects, publisher: combined)
      } > 0
    )
  }

  @Test func switchToLatest() {
    #expect(
      stress("SwitchToLatest") { (_: Token) -> StressSystem<Int, TestError> in
        let outer = PassthroughSubject<Subject, TestError>()
        let inners = [Subject(), Subject()]
        let latest = outer.switchToLatest()
        return StressSystem(
          sources: 3,
          send: { source, value in
            if source == 0 { outer.send(inners[abs(value) % 2]) } else { inners[source - 1].send(value) }
          },
          complete: { source, failure in
            if source == 0 {
              outer.send(completion: completion(failure))
            } else {
              inners[source - 1].send(completion: completion(failure))
            }
          },
          subscribe: { latest.subscribe($0[0]) }
        )
      } > 0
    )
  }

  @Test func share() {
    #expect(
      stress("Share", threads: 3) { (token: Token) -> StressSystem<Int, TestError> in
        let subject = Subject()
        let shared = subject.map { value in withExtendedLifetime(token) { value } }.share()
        return .subjects([subject], witnesses: 2, publisher: shared)
      } > 0
    )
  }

  @Test func receiveOnAConcurrentQueue() {
    let queue = DispatchQueue(label: "reliability.receive-on", attributes: .concurrent)
    #expect(
      stress("ReceiveOn", light: 100) { (token: Token) -> StressSystem<Int, TestError> in
        let subject = Subject()
        let received = subject.map { value in withExtendedLifetime(token) { value } }.receive(on: queue)
        return .subjects([subject], publisher: received)
      } > 0
    )
  }
}

/// `.finished`, or a failure.
private func completion(_ failure: Bool) -> Subscribers.Completion<TestError> {
  failure ? .failure(TestError(code: 1)) : .finished
}
