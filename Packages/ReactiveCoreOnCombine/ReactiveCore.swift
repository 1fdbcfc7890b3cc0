// ReactiveCore where the builder has Apple's Combine (see Package.swift): the
// module is Combine itself, so that `Just`, `@Published`, `URLSession`'s
// `dataTaskPublisher` and every publisher an app already has are the very types
// the trait modules extend. It compiles no publisher machinery of its own.
//
// AppleSwitch/ (a separate package) compiles this same file against OpenCombine,
// a stand-in with Combine's API, to prove the trait modules on Linux.

#if canImport(Combine)
@_exported public import Combine
#elseif canImport(OpenCombine)
@_exported public import OpenCombine
@_exported public import OpenCombineDispatch
@_exported public import OpenCombineFoundation
#else
#error("ReactiveCore on Combine: the target platform has no Combine (cross-compiling from a Mac is not supported yet)")
#endif
