import LockSupport
import MaybeTraits
import ReactiveCore
import SingleTraits
import Testing

/// `TraitPublishers.Single` under random interleavings of promise calls,
/// requests and cancels from several threads (see `stress` in
/// ReliabilityKit.swift): one value then finished, or one failure, never
/// without demand, nothing after a cancel returned, everything released.
@Suite(.tags(.reliability)) struct SingleStressTests {
  @Test func traitPublishersSingle() {
    #expect(
      stress("TraitPublishers.Single", threads: 3) { (token: Token) -> StressSystem<Int, TestError> in
        let promises = StressPromises<Result<Int, TestError>>()
        let single = TraitPublishers.Single<Int, TestError> { promise in
          promises.add(promise)
          return AnyCancellable { withExtendedLifetime(token) {} }
        }
        return StressSystem(
          sources: 1,
          witnesses: 2,
          send: { _, value in promises.fulfil(.success(value)) },
          complete: { _, failure in promises.fulfil(failure ? .failure(TestError(code: 1)) : .success(-1)) },
          subscribe: { for witness in $0 { single.subscribe(witness) } }
        )
      } > 0
    )
  }

  @Test func checkSingleOverASubject() {
    #expect(
      stress("checkSingleRace", threads: 3) { (_: Token) -> StressSystem<Int, SingleError<TestError>> in
        let subject = PassthroughSubject<Int, TestError>()
        let checked = subject.checkSingle()
        return StressSystem(
          sources: 1,
          send: { _, value in subject.send(value) },
          complete: { _, failure in subject.send(completion: failure ? .failure(TestError(code: 1)) : .finished) },
          subscribe: { checked.subscribe($0[0]) }
        )
      } > 0
    )
  }
}

/// The promises a trait publisher handed out, kept for the threads to call.
final class StressPromises<Result>: @unchecked Sendable {
  // @unchecked Sendable: the promises are under the lock, and called after it.
  private let promises = Lock<[(Result) -> Void]>([])

  func add(_ promise: @escaping (Result) -> Void) {
    let carried = UncheckedSendable(promise)
    promises.withLock { $0.append(carried.value) }
  }

  func fulfil(_ result: Result) {
    for promise in promises.withLock({ $0 }) {
      promise(result)
    }
  }
}
