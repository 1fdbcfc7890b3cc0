// What this module's public API is written in, re-exported: `import SingleTraits` alone
// gives every type its declarations and its documentation use (README.md, "Modules").

@_exported public import MaybeTraits
@_exported public import ReactiveCore
