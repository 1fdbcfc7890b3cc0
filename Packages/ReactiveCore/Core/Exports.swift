// `Lock` lives in the SharedMachinery target, shared with the trait modules (which
// must not use anything of ReactiveCore but Combine's public API: on Apple
// platforms ReactiveCore is Apple's Combine). An `@_exported` import reaches
// every file of this module, so the state machines keep using `Lock` without an
// import each. SharedMachinery has no public declaration: clients outside the
// package see nothing more through this re-export.
@_exported import SharedMachinery
