import Foundation
import ReactiveCore
import SharedMachinery
import Synchronization
import Testing
import TraitsTesting

/// How a subject delivers, as in Combine: on the sender's thread, at once
/// (nested) for a send made from inside a subscriber's `receive`, and a
/// `send` returns once its value reached every subscriber with demand.
@Suite struct SubjectDeliveryTests {
  // MARK: Nested sends

  @Test func aNestedSendReachesEverySubscriberBeforeItReturns() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let first = subject.record { value, _ in
      log.append("first \(value)")
      if value == 1 {
        subject.send(2)
        log.append("first: send(2) returned")
      }
      return .none
    }
    let second = subject.record { value, _ in
      log.append("second \(value)")
      if value == 2 {
        subject.send(3)
        log.append("second: send(3) returned")
      }
      return .none
    }

    subject.send(1)

    #expect(
      log == [
        "first 1",
        "first 2",
        "second 2",
        "first 3",
        "second 3",
        "second: send(3) returned",
        "first: send(2) returned",
        "second 1",
      ]
    )
    #expect(first.events == [.subscription, .value(1), .value(2), .value(3)])
    #expect(second.events == [.subscription, .value(2), .value(3), .value(1)])
  }

  @Test func aNestedSendConsumesTheDemandOfTheSubscriberItReaches() {
    let subject = PassthroughSubject<Int, Never>()
    let limited = subject.record(demand: .max(2))
    _ = subject.record { value, _ in
      if value == 1 {
        subject.send(2)
        subject.send(3)  // the limited subscriber has no demand left
      }
      return .none
    }

    subject.send(1)

    #expect(limited.values == [1, 2])
  }

  // MARK: Reentrant cancel and request

  @Test func aSubscriberThatCancelsDuringANestedDeliveryMissesTheOuterValue() {
    let subject = PassthroughSubject<Int, Never>()
    let first = subject.record { value, _ in
      if value == 1 { subject.send(2) }
      return .none
    }
    let second = subject.record { value, recorder in
      if value == 2 { recorder.cancel() }
      return .none
    }

    subject.send(1)
    subject.send(3)

    #expect(first.values == [1, 2, 3])
    #expect(second.events == [.subscription, .value(2)])
  }

  @Test func aRequestFromInsideReceiveServesANestedSendAtOnce() {
    let subject = PassthroughSubject<Int, Never>()
    var log: [String] = []
    let recorder = subject.record(demand: .max(1)) { value, recorder in
      log.append("received \(value)")
      if value == 1 {
        recorder.request(.max(1))
        subject.send(2)
        log.append("send(2) returned")
      }
      return .none
    }

    subject.send(1)
    subject.send(3)  // no demand left

    #expect(log == ["received 1", "received 2", "send(2) returned"])
    #expect(recorder.values == [1, 2])
  }

  @Test func aCancelFromInsideANestedDeliveryStopsTheRestOfTheOuterOne() {
    let subject = CurrentValueSubject<Int, Never>(0)
    var log: [String] = []
    let recorder = subject.record { value, recorder in
      log.append("received \(value)")
      if value == 1 { subject.send(2) }
      if value == 2 { recorder.cancel() }
      return .none
    }

    subject.send(1)
    subject.send(3)

    #expect(log == ["received 0", "received 1", "received 2"])
    #expect(recorder.events == [.subscription, .value(0), .value(1), .value(2)])
  }

  // MARK: Sends from several threads

  @Test func aSendFromAnotherThreadReturnsOnlyOnceItsValueIsDelivered() {
    let subject = PassthroughSubject<Int, Never>()
    let busyIsInside = DispatchSemaphore(value: 0)
    let secondSendBegan = DispatchSemaphore(value: 0)
    // Subscribed first: it sees thread 1's value before the busy subscriber can.
    let marker = subject.record { value, _ in
      if value == 2 { secondSendBegan.signal() }
      return .none
    }
    // Busy with 1 until thread 1's send of 2 has begun.
    let busy = subject.record { value, _ in
      if value == 1 {
        busyIsInside.signal()
        _ = secondSendBegan.wait(timeout: .now() + 10)
      }
      return .none
    }
    let seenWhenSendReturned = Lock<[Int]?>(nil)

    Race(threads: 2).run { thread, _ in
      if thread == 0 {
        subject.send(1)
      } else {
        _ = busyIsInside.wait(timeout: .now() + 10)
        subject.send(2)
        seenWhenSendReturned.withLock { $0 = busy.values }
      }
    }

    #expect(seenWhenSendReturned.withLock { $0 } == [1, 2])
    #expect(marker.values == [1, 2])
  }

  @Test func aSubscriberReceivesOneCallAtATimeFromSeveralThreads() {
    let subject = PassthroughSubject<Int, Never>()
    let inside = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    let recorder = subject.record { _, _ in
      if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
        overlaps.add(1, ordering: .relaxed)
      }
      inside.subtract(1, ordering: .acquiringAndReleasing)
      return .none
    }

    Race(threads: 3).run { thread, race in
      for index in 0..<300 {
        if index % 50 == 0 { race.meet() }
        subject.send(thread * 1_000 + index)
      }
    }

    #expect(overlaps.load(ordering: .relaxed) == 0)
    #expect(recorder.values.count == 900)
  }
}
