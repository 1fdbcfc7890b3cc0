// ReactiveCoreFoundation where the builder has Apple's Combine (see Package.swift):
// Foundation itself declares Combine's Foundation publishers and schedulers there
// (`URLSession.DataTaskPublisher`, `NotificationCenter.Publisher`,
// `Timer.TimerPublisher`, RunLoop and OperationQueue as schedulers), so this module
// only re-exports Foundation and ReactiveCore (Combine).
//
// AppleSwitch/ (a separate package) compiles this same file against OpenCombine,
// whose ReactiveCore switch re-exports OpenCombineFoundation.

@_exported public import Foundation
@_exported public import ReactiveCore

// URLSession is in FoundationNetworking where Foundation is swift-corelibs'
// (AppleSwitch on Linux); Apple's Foundation has it itself.
#if canImport(FoundationNetworking)
@_exported public import FoundationNetworking
#endif
