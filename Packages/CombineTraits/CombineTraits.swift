// The umbrella module: `import CombineTraits` gives the whole API.
// It re-exports every module of the package, and defines nothing.

@_exported public import AsynchronousOperation
@_exported public import CancelBag
@_exported public import CompletableTraits
@_exported public import FoundationTraits
@_exported public import ImmediateTraits
@_exported public import MaybeTraits
@_exported public import ReactiveCore
@_exported public import ReactiveCoreFoundation
@_exported public import ReactiveExtras
@_exported public import SingleTraits
@_exported public import TraitSubscriptions
@_exported public import TraitsTesting
