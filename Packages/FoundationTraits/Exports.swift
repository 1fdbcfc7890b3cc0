// FoundationTraits: the parts of the trait modules that need Foundation, kept out of
// them so that a program using only the traits links neither Foundation's networking
// stack nor its ICU data: which Foundation publishers are maybe, single or immediate
// publishers, HTTP status validation, and single publishers as Foundation operations.
//
// What this module's public API is written in, re-exported: `import FoundationTraits`
// alone gives every type its declarations use.

@_exported public import AsynchronousOperation
@_exported public import MaybeTraits
@_exported public import ReactiveCoreFoundation
@_exported public import SingleTraits
