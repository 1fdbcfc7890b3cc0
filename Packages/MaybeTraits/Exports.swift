// What this module's public API is written in, re-exported: `import MaybeTraits` alone
// gives every type its declarations and its documentation use (README.md, "Modules").

@_exported public import CancelBag
@_exported public import ReactiveCore
