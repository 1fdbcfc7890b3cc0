// ReactiveCoreFoundation: Combine's Foundation integrations on Linux, kept out of
// ReactiveCore so that a program that never uses them links neither Foundation's
// networking stack (FoundationNetworking, libcurl and its TLS libraries) nor its ICU
// data. On Apple platforms the same API comes with Foundation itself.
//
// What this module's public API is written in, re-exported: `import
// ReactiveCoreFoundation` alone gives `URLSession.dataTaskPublisher(for:)`,
// `NotificationCenter.publisher(for:object:)`, `Timer.publish(every:on:in:)` and the
// RunLoop and OperationQueue schedulers, with the types they name.

@_exported public import Foundation
@_exported public import ReactiveCore

#if canImport(FoundationNetworking)
@_exported public import FoundationNetworking
#endif
