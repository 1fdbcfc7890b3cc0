public import AsynchronousOperation
public import Foundation
public import ReactiveCore

// The operations of SinglePublisher+Operation.swift, called on a publisher
// that is not a single: an error that names the missing trait (see
// Publisher+SingleMisuse.swift). Kept apart because they need Foundation.

extension Publisher {
  @available(
    *,
    unavailable,
    message:
      "makeOperation() requires a SinglePublisher, whose one result the operation holds, and this publisher is not one: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), or check it with checkSingle()"
  )
  public func makeOperation() -> AsynchronousOperation<Output, Failure> {
    fatalError("unavailable")
  }

  @available(
    *,
    unavailable,
    message:
      "asOperation(in:queuePriority:) requires a SinglePublisher, and this publisher is not one: make it a single with collect(), reduce(_:_:) or first().replaceEmpty(withError:), or check it with checkSingle()"
  )
  public func asOperation(
    in queue: OperationQueue,
    queuePriority: Operation.QueuePriority = .normal
  ) -> AnySinglePublisher<Output, Failure> {
    fatalError("unavailable")
  }
}
