import Dispatch
import MaybeTraits
import ReactiveCore
import SharedMachinery
import SingleTraits
import Testing
import TraitSubscriptions

/// A subclass that wraps a callback API whose completion handler is
/// `@Sendable` builds with warnings as errors and no Sendable annotation
/// (`promise`), and keeps its per-subscription state in its `Context`.
@Suite struct SendableCallbackTests {
  /// A Swift 6 callback API: the completion handler is @Sendable. Seat 0
  /// is never answered (a booking that only a cancel ends).
  final class Tickets: Sendable {
    private let queue = DispatchQueue(label: "Tickets")
    private let cancelled = Lock<Set<Int>>([])

    func book(_ seat: Int, completion: @escaping @Sendable (Result<String, TestError>) -> Void) -> Int {
      if seat != 0 { queue.async { completion(.success("seat \(seat)")) } }
      return seat
    }

    func cancel(_ ticket: Int) { _ = cancelled.withLock { $0.insert(ticket) } }
    var cancellations: Set<Int> { cancelled.withLock { $0 } }
  }

  /// Per-subscription state: what `start(with:)` learns, `didCancel(with:)` needs.
  final class Booking: Sendable {
    let tickets: Tickets
    let seat: Int
    let ticket = Lock<Int?>(nil)
    init(tickets: Tickets, seat: Int) {
      self.tickets = tickets
      self.seat = seat
    }
  }

  struct BookingPublisher: SinglePublisher {
    typealias Output = String
    typealias Failure = TestError
    let tickets: Tickets
    let seat: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == TestError {
      subscriber.receive(
        subscription: Subscription(downstream: subscriber, context: Booking(tickets: tickets, seat: seat))
      )
    }

    // No Sendable annotation: the base class is not Sendable; `promise` crosses threads.
    final class Subscription<Downstream: Subscriber>: TraitSubscriptions.Single<Downstream, Booking>
    where Downstream.Input == String, Downstream.Failure == TestError {
      override func start(with booking: Booking) {
        let ticket = booking.tickets.book(booking.seat, completion: promise)
        booking.ticket.withLock { $0 = ticket }
      }

      override func didCancel(with booking: Booking) {
        if let ticket = booking.ticket.withLock({ $0 }) { booking.tickets.cancel(ticket) }
      }
    }
  }

  @Test func aSendableCompletionHandlerCompletesTheSubscription() async throws {
    let value = try await BookingPublisher(tickets: Tickets(), seat: 12).value
    #expect(value == "seat 12")
  }

  @Test func theContextCarriesStateFromStartToDidCancel() {
    let tickets = Tickets()
    let cancellable = BookingPublisher(tickets: tickets, seat: 0).sinkSingle { _ in }
    cancellable.cancel()
    #expect(tickets.cancellations == [0])
  }

  /// A maybe subscription hands its `promise` to a @Sendable handler too.
  struct LookupPublisher: MaybePublisher {
    typealias Output = String
    typealias Failure = TestError
    let name: String?

    func receive<S: Subscriber>(subscriber: S) where S.Input == String, S.Failure == TestError {
      subscriber.receive(subscription: Subscription(downstream: subscriber, context: name))
    }

    // No Sendable annotation, as above.
    final class Subscription<Downstream: Subscriber>: TraitSubscriptions.Maybe<Downstream, String?>
    where Downstream.Input == String, Downstream.Failure == TestError {
      override func start(with name: String?) {
        let promise = promise
        DispatchQueue.global().async { promise(name.map { .success($0) } ?? .finished) }
      }
    }
  }

  @Test func aMaybeSubscriptionsPromiseCompletesItFromAnotherThread() async throws {
    #expect(try await LookupPublisher(name: "Ada").value == "Ada")
    #expect(try await LookupPublisher(name: nil).value == nil)
  }
}
