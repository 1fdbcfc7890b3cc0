public import MaybeTraits

// Which ReactiveCore publishers are completable publishers: every core
// publisher type has a row, either its conformance with the weakest condition
// that is true for every upstream, or a comment that says why it must not
// conform. A completable publisher is a maybe publisher whose Output is Never,
// so each row's condition implies its MaybePublisher condition (in
// MaybeTraits/ReactiveCore+MaybePublisher.swift) and `Output == Never`; a type
// whose Output is never Never (Count, Contains, Collect, Zip, …) cannot conform.
// Rows whose Output comes from the upstream are completable when the upstream
// is. Each conformance is used in
// Tests/CompletableTraitsTests/ReactiveCoreConformanceTests.swift; each
// non-conformance is a compile-failure check in
// Tests/CompileChecks/CompletableConformances.swift.
//
// A publisher that is not a maybe (a subject, a merge) publishes no value
// either when its Output is Never, but it does not conform here: use
// `ignoreOutput()`, which is completable for any upstream. AnyPublisher is the
// exception, so that an erased `ignoreOutput()` keeps the trait.

// MARK: - Publishers and subjects

// AnyPublisher: completable when its Output is Never — it can only finish, fail or
// never end; otherwise use eraseToAnyCompletablePublisher().
extension AnyPublisher: CompletablePublisher where Output == Never {}
// CurrentValueSubject: not completable — not a maybe publisher (and it needs a current value).
extension Deferred: CompletablePublisher where DeferredPublisher: CompletablePublisher {}
extension Empty: CompletablePublisher where Output == Never {}
extension Fail: CompletablePublisher where Output == Never {}
// Future, Result.Publisher: a single with no possible value can only fail (or wait).
extension Future: CompletablePublisher where Output == Never {}
// Just: not completable — it publishes its value, and Just<Never> cannot be built.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's spelling of Optional.Publisher
extension Optional.OCombine.Publisher: CompletablePublisher where Output == Never {}
#else
extension Optional.Publisher: CompletablePublisher where Output == Never {}
#endif
// PassthroughSubject: not completable — not a maybe publisher.
// Publishers.Sequence: not completable — not a maybe publisher.
// Record: not completable — not a maybe publisher.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's spelling of Result.Publisher
extension Result.OCombine.Publisher: CompletablePublisher where Output == Never {}
#else
extension Result.Publisher: CompletablePublisher where Output == Never {}
#endif
// Combine's specialised operators on Just, Optional.Publisher, Result.Publisher
// and Publishers.Sequence return one of those four types, not a Publishers.X
// type (`Just(1).ignoreOutput()` is an Empty<Int, Never>: not completable; use
// asCompletable()), so their traits follow from the rows above, not from the
// operator rows below. They are pinned in
// Tests/CompileChecks/SpecialisedOverloads.swift.

// MARK: - Mapping

// Mapping to Never: the closure (or key path) can never give a value.
extension Publishers.CompactMap: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
extension Publishers.Filter: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.IgnoreOutput: CompletablePublisher {}
extension Publishers.Map: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
extension Publishers.MapError: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.MapKeyPath: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
// MapKeyPath2, MapKeyPath3: not completable — they publish tuples.
extension Publishers.RemoveDuplicates: CompletablePublisher where Upstream: CompletablePublisher {}
// Publishers.ReplaceEmpty: not completable — it publishes its replacement value; a single.
// Publishers.ReplaceError: not completable — its replacement would be a value of Never, which cannot be built.
// Scan, TryScan: not completable — they need an initial result, and Never has no value.
extension Publishers.SetFailureType: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryCompactMap: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
extension Publishers.TryFilter: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryMap: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
extension Publishers.TryRemoveDuplicates: CompletablePublisher where Upstream: CompletablePublisher {}

// MARK: - Reducing

// AllSatisfy, TryAllSatisfy, Contains, ContainsWhere, TryContainsWhere: not completable — they publish a Bool.
// Collect, CollectByCount: not completable — they publish an array.
// Count: not completable — it publishes an Int.
// Reduce, TryReduce: not completable — they need an initial result, and Never has no value.
extension Publishers.Comparison: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Drop: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.DropWhile: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.First: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.FirstWhere: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Last: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.LastWhere: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Output: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.PrefixWhile: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryComparison: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryDropWhile: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryFirstWhere: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryLastWhere: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryPrefixWhile: CompletablePublisher where Upstream: CompletablePublisher {}

// MARK: - Combining

// CombineLatest, CombineLatest3, CombineLatest4, Zip, Zip3, Zip4: not completable — they publish tuples.
// Publishers.Concatenate: not completable — not a maybe publisher (two completables in a row
// are completable in fact: write `first.andThen(second)`).
extension Publishers.DropUntilOutput: CompletablePublisher where Upstream: CompletablePublisher {}
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters Child
extension Publishers.FlatMap: CompletablePublisher where Child: CompletablePublisher, Upstream: MaybePublisher {}
#else
extension Publishers.FlatMap: CompletablePublisher where NewPublisher: CompletablePublisher, Upstream: MaybePublisher {}
#endif
// Merge, Merge3 … Merge8, MergeMany: not completable — not maybe publishers.
extension Publishers.PrefixUntilOutput: CompletablePublisher where Upstream: CompletablePublisher {}
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters NestedPublisher
extension Publishers.SwitchToLatest: CompletablePublisher
where NestedPublisher: CompletablePublisher, Upstream: MaybePublisher {}
#else
extension Publishers.SwitchToLatest: CompletablePublisher where P: CompletablePublisher, Upstream: MaybePublisher {}
#endif

// MARK: - Lifecycle

extension Publishers.AssertNoFailure: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Autoconnect: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Breakpoint: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Catch: CompletablePublisher
where Upstream: CompletablePublisher, NewPublisher: CompletablePublisher {}
// Decode, Encode: decoding to Never always fails; an encoder whose Output is Never never encodes.
extension Publishers.Decode: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
extension Publishers.Encode: CompletablePublisher where Upstream: MaybePublisher, Output == Never {}
extension Publishers.HandleEvents: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.MakeConnectable: CompletablePublisher where Upstream: CompletablePublisher {}
// Publishers.Multicast: not completable — not a maybe publisher.
extension Publishers.Print: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Retry: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Share: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.TryCatch: CompletablePublisher
where Upstream: CompletablePublisher, NewPublisher: CompletablePublisher {}

// MARK: - Time and scheduling

extension Publishers.Buffer: CompletablePublisher where Upstream: CompletablePublisher {}
// CollectByTime: not completable — it publishes arrays.
extension Publishers.Debounce: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Delay: CompletablePublisher where Upstream: CompletablePublisher {}
// MeasureInterval: not completable — it publishes intervals.
extension Publishers.ReceiveOn: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.SubscribeOn: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Throttle: CompletablePublisher where Upstream: CompletablePublisher {}
extension Publishers.Timeout: CompletablePublisher where Upstream: CompletablePublisher {}
