import Foundation
import FoundationTraits
import MaybeTraits
import ReactiveCore
import Testing
import TraitsTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The outcome of a maybe publisher whose events are scheduled on `scheduler`,
/// once virtual time has run out. Constrained to `MaybePublisher`: each call
/// uses a conformance.
private func maybeResult<P: MaybePublisher>(
  _ publisher: P,
  on scheduler: VirtualTimeScheduler
) -> MaybeResult<P.Output, P.Failure>? where P.Output: Sendable {
  let result = Shared<MaybeResult<P.Output, P.Failure>?>(nil)
  let cancellable = publisher.sinkMaybe { result.value = $0 }
  scheduler.run()
  withExtendedLifetime(cancellable) {}
  return result.value
}

/// The rows "Time and scheduling" of ReactiveCore+MaybePublisher.swift, and
/// the row of FoundationTraits/Foundation+TraitConformances.swift, used.
@Suite struct TimeAndFoundationMaybeConformanceTests {
  let scheduler = VirtualTimeScheduler()
  let one = Just(1)
  let none = Empty<Int, Never>()

  @Test func buffer() {
    #expect(maybeResult(one.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest), on: scheduler) == .success(1))
    // Size 0, values requested anyway: the value is dropped.
    #expect(maybeResult(one.buffer(size: 0, prefetch: .byRequest, whenFull: .dropNewest), on: scheduler) == .finished)
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no collect(.byTime)
  @Test func collectByTime() {
    #expect(maybeResult(one.collect(.byTime(scheduler, .seconds(1))), on: scheduler) == .success([1]))
    #expect(maybeResult(none.collect(.byTimeOrCount(scheduler, .seconds(1), 2)), on: scheduler) == .finished)
  }
  #endif

  @Test func debounceAndThrottle() {
    let later = one.delay(for: .seconds(1), scheduler: scheduler)
    #expect(maybeResult(later.debounce(for: .seconds(2), scheduler: scheduler), on: scheduler) == .finished)
    #expect(
      maybeResult(later.throttle(for: .seconds(1), scheduler: scheduler, latest: true), on: scheduler) == .success(1)
    )
    // As in Combine, throttle requests from its upstream before its
    // subscriber can: a value published at subscription finds no demand.
    #expect(maybeResult(one.throttle(for: .seconds(1), scheduler: scheduler, latest: true), on: scheduler) == .finished)
  }

  @Test func delayAndScheduling() {
    #expect(maybeResult(none.delay(for: .seconds(1), scheduler: scheduler), on: scheduler) == .finished)
    #expect(maybeResult(one.receive(on: scheduler), on: scheduler) == .success(1))
    #expect(maybeResult(one.subscribe(on: scheduler), on: scheduler) == .success(1))
    #expect(maybeResult(one.measureInterval(using: scheduler).map { _ in 0 }, on: scheduler) == .success(0))
  }

  #if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's timeout clock repeats until cancelled: run() never ends
  @Test func timeout() {
    let never = Empty<Int, Never>(completeImmediately: false)
    #expect(maybeResult(never.timeout(.seconds(1), scheduler: scheduler), on: scheduler) == .finished)
    #expect(maybeResult(one.timeout(.seconds(1), scheduler: scheduler), on: scheduler) == .success(1))
  }
  #endif

  @Test func dataTaskPublisher() async throws {
    let server = try TestHTTPServer { _ in .init(status: 200, body: Data("hello".utf8)) }
    defer { server.stop() }
    let publisher = URLSession.shared.dataTaskPublisher(for: server.url(path: "/"))
      .map { String(decoding: $0.data, as: UTF8.self) }
    let box = CancellableBox()  // keeps the subscription alive until the result
    let result = await withCheckedContinuation { continuation in
      box.cancellable = publisher.sinkMaybe { result in continuation.resume(returning: result) }
    }
    withExtendedLifetime(box) {}
    #expect(result == .success("hello"))
  }
}

/// Keeps a subscription alive until its callback runs.
private final class CancellableBox: @unchecked Sendable {
  var cancellable: AnyCancellable?
}
