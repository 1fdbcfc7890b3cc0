import Foundation
import FoundationTraits
import ReactiveCore
import SingleTraits
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The result of a single publisher whose events are scheduled on
/// `scheduler`, once virtual time has run out. Constrained to
/// `SinglePublisher`: each call uses a conformance.
private func singleResult<P: SinglePublisher>(
  _ publisher: P,
  on scheduler: VirtualTimeScheduler
) -> Result<P.Output, P.Failure>? where P.Output: Sendable {
  let result = Shared<Result<P.Output, P.Failure>?>(nil)
  let cancellable = publisher.sinkSingle { result.value = $0 }
  scheduler.run()
  withExtendedLifetime(cancellable) {}
  return result.value
}

/// The rows "Time and scheduling" of ReactiveCore+SinglePublisher.swift, and
/// the row of FoundationTraits/Foundation+TraitConformances.swift, used.
@Suite struct TimeAndFoundationSingleConformanceTests {
  let scheduler = VirtualTimeScheduler()
  let one = Just(1)
  let failure = Fail<Int, TestError>(error: TestError(code: 2))

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no collect(.byTime)
  @Test func collectByTime() {
    #expect(singleResult(one.collect(.byTime(scheduler, .seconds(1))), on: scheduler) == .success([1]))
    #expect(singleResult(one.collect(.byTimeOrCount(scheduler, .seconds(1), 5)), on: scheduler) == .success([1]))
  }
  #endif

  @Test func delay() {
    #expect(singleResult(one.delay(for: .seconds(1), scheduler: scheduler), on: scheduler) == .success(1))
    #expect(
      singleResult(failure.delay(for: .seconds(1), scheduler: scheduler), on: scheduler) == .failure(TestError(code: 2))
    )
  }

  @Test func measureInterval() {
    let interval = one.delay(for: .seconds(3), scheduler: scheduler).measureInterval(using: scheduler)
    #expect(singleResult(interval, on: scheduler) == .success(.seconds(3)))
  }

  @Test func receiveOnAndSubscribeOn() {
    #expect(singleResult(one.receive(on: scheduler), on: scheduler) == .success(1))
    #expect(singleResult(failure.subscribe(on: scheduler), on: scheduler) == .failure(TestError(code: 2)))
  }

  @Test func dataTaskPublisherGivesOneResponseWhateverItsStatus() async throws {
    let server = try TestHTTPServer { _ in .init(status: 404, body: Data("missing".utf8)) }
    defer { server.stop() }
    let publisher = URLSession.shared.dataTaskPublisher(for: server.url(path: "/gone"))
      .map { ($0.response as? HTTPURLResponse)?.statusCode ?? 0 }
    let box = CancellableBox()  // keeps the subscription alive until the result
    let result = await withCheckedContinuation { continuation in
      box.cancellable = publisher.sinkSingle { result in continuation.resume(returning: result) }
    }
    withExtendedLifetime(box) {}
    #expect(result == .success(404))
  }
}

/// Keeps a subscription alive until its callback runs.
private final class CancellableBox: @unchecked Sendable {
  var cancellable: AnyCancellable?
}
