public import Dispatch
public import ReactiveCore

extension AnyScheduler
where SchedulerTimeType == DispatchQueue.SchedulerTimeType, SchedulerOptions == DispatchQueue.SchedulerOptions {
  /// A ``VirtualTimeScheduler`` seen on DispatchQueue's clock, so that a
  /// service that takes an `AnyDispatchQueueScheduler` (ReactiveExtras) runs on virtual
  /// time in tests.
  ///
  /// ```swift
  /// let scheduler = VirtualTimeScheduler()
  /// let dispatch = AnyDispatchQueueScheduler.virtual(scheduler)
  /// let recorder = Just(1).delay(for: .seconds(2), scheduler: dispatch).record()
  /// scheduler.advance(by: .seconds(2))
  /// #expect(recorder.events == [.subscription, .value(1), .finished])
  /// ```
  ///
  /// The two clocks count nanoseconds: virtual time `t` reads as the
  /// dispatch time of uptime `t + 1` (uptime 0 means "now" to Dispatch, so
  /// the clock starts at 1), and strides are the same number of nanoseconds.
  /// Virtual times before zero read as uptime 1; a date past what the
  /// virtual clock counts (`DispatchTime.distantFuture`) is scheduled at its
  /// largest time. Every call goes to `scheduler`: its clock, its FIFO order,
  /// its rules. Dispatch options (QoS, flags, group) mean nothing on a
  /// virtual clock, and are ignored.
  ///
  /// - Parameter scheduler: The virtual time scheduler that runs the actions.
  /// - Returns: The scheduler on DispatchQueue's clock.
  public static func virtual(_ scheduler: VirtualTimeScheduler) -> Self {
    AnyScheduler(
      now: { dispatchTime(scheduler.now) },
      minimumTolerance: { .nanoseconds(scheduler.minimumTolerance.nanoseconds) },
      schedule: { _, action in scheduler.schedule(action) },
      scheduleAfter: { date, tolerance, _, action in
        scheduler.schedule(after: virtualTime(date), tolerance: .nanoseconds(tolerance.magnitude), action)
      },
      scheduleRepeating: { date, interval, tolerance, _, action in
        scheduler.schedule(
          after: virtualTime(date),
          interval: .nanoseconds(interval.magnitude),
          tolerance: .nanoseconds(tolerance.magnitude),
          action
        )
      }
    )
  }

  private static func dispatchTime(_ time: VirtualTimeScheduler.SchedulerTimeType) -> SchedulerTimeType {
    SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(max(time.nanoseconds, 0)) + 1))
  }

  private static func virtualTime(_ time: SchedulerTimeType) -> VirtualTimeScheduler.SchedulerTimeType {
    VirtualTimeScheduler.SchedulerTimeType(Int(clamping: time.dispatchTime.uptimeNanoseconds) - 1)
  }
}
