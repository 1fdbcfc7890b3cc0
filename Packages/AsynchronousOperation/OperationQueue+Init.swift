public import Foundation

extension OperationQueue {
  /// Creates a queue with its name, quality of service and concurrency
  /// limit in one call.
  ///
  /// ```swift
  /// let downloads = OperationQueue(name: "downloads", qualityOfService: .utility, maxConcurrentOperationCount: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The queue's name; nil keeps Foundation's default name.
  ///   - qualityOfService: The quality of service of the queue's operations.
  ///   - maxConcurrentOperationCount: How many operations may run at once;
  ///     by default, as many as the system decides.
  public convenience init(
    name: String? = nil,
    qualityOfService: QualityOfService,
    maxConcurrentOperationCount: Int = OperationQueue.defaultMaxConcurrentOperationCount
  ) {
    self.init()
    if let name { self.name = name }
    self.qualityOfService = qualityOfService
    self.maxConcurrentOperationCount = maxConcurrentOperationCount
  }
}
