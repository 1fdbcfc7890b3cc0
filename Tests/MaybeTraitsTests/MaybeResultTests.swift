import MaybeTraits
import Testing

@Suite struct MaybeResultTests {
  typealias Result = MaybeResult<Int, TestError>

  @Test func mapTransformsOnlyASuccess() {
    #expect(Result.success(1).map { $0 + 1 } == .success(2))
    #expect(Result.finished.map { $0 + 1 } == .finished)
    #expect(Result.failure(TestError(code: 1)).map { $0 + 1 } == .failure(TestError(code: 1)))
  }

  @Test func mapErrorTransformsOnlyAFailure() {
    let bump = { (error: TestError) in TestError(code: error.code + 1) }
    #expect(Result.success(1).mapError(bump) == .success(1))
    #expect(Result.finished.mapError(bump) == .finished)
    #expect(Result.failure(TestError(code: 1)).mapError(bump) == .failure(TestError(code: 2)))
  }

  @Test func flatMapReplacesOnlyASuccess() {
    #expect(Result.success(1).flatMap { _ in Result.finished } == .finished)
    #expect(Result.success(1).flatMap { Result.success($0 * 10) } == .success(10))
    #expect(Result.finished.flatMap { Result.success($0) } == .finished)
    #expect(Result.failure(TestError()).flatMap { Result.success($0) } == .failure(TestError()))
  }

  @Test func flatMapErrorReplacesOnlyAFailure() {
    #expect(Result.failure(TestError()).flatMapError { _ in Result.finished } == .finished)
    #expect(Result.failure(TestError()).flatMapError { _ in Result.success(3) } == .success(3))
    #expect(Result.success(1).flatMapError { _ in Result.finished } == .success(1))
    #expect(Result.finished.flatMapError { _ in Result.success(3) } == .finished)
  }

  @Test func getReturnsTheValueOrNilOrThrowsTheTypedError() throws {
    #expect(try Result.success(1).get() == 1)
    #expect(try Result.finished.get() == nil)
    #expect(throws: TestError(code: 4)) { try Result.failure(TestError(code: 4)).get() }
    do {
      _ = try Result.failure(TestError(code: 5)).get()
    } catch {
      // The error is typed: no cast needed.
      #expect(error.code == 5)
    }
  }

  @Test func isHashableWhenItsPartsAre() {
    let results: Set<Result> = [.finished, .success(1), .success(1), .failure(TestError())]
    #expect(results.count == 3)
  }

  @Test func isSendableWhenItsPartsAre() async {
    let result = Result.success(1)
    let copy = await Task.detached { result }.value
    #expect(copy == .success(1))
  }
}
