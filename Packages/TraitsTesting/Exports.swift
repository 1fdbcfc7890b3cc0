// What this module's public API is written in, re-exported: `import TraitsTesting` alone
// gives every type its declarations and its documentation use (README.md, "Modules").

@_exported public import ReactiveCore
// AnyScheduler moved to ReactiveExtras, where production code finds it; its
// `.virtual(_:)` stays here. Re-exported, so that tests written when it lived
// here still compile with `import TraitsTesting` alone.
@_exported public import ReactiveExtras
