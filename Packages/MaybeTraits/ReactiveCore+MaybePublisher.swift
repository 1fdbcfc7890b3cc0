public import ReactiveCore

// Which ReactiveCore publishers are maybe publishers: every core publisher
// type has a row, either its conformance with the weakest condition that is
// true for every upstream and every value of its stored properties, or a
// comment that says why it must not conform. A maybe publisher never publishes
// two values and never fails after a value. Each conformance is used in
// Tests/MaybeTraitsTests/ReactiveCoreConformanceTests.swift; each
// non-conformance is a compile-failure check in
// Tests/CompileChecks/MaybeConformances.swift.

// MARK: - Publishers and subjects

// AnyPublisher: a maybe only when its Output is Never — it can then only finish,
// fail or never end (`ignoreOutput().eraseToAnyPublisher()` keeps the trait);
// otherwise it erases any publisher: use eraseToAnyMaybePublisher().
extension AnyPublisher: MaybePublisher where Output == Never {}
// CurrentValueSubject: not maybe — it publishes its current value, then every value sent.
extension Deferred: MaybePublisher where DeferredPublisher: MaybePublisher {}
extension Empty: MaybePublisher {}
extension Fail: MaybePublisher {}
extension Future: MaybePublisher {}
extension Just: MaybePublisher {}
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's spelling of Optional.Publisher
extension Optional.OCombine.Publisher: MaybePublisher {}
#else
extension Optional.Publisher: MaybePublisher {}
#endif
// PassthroughSubject: not maybe — it publishes every value sent.
// Publishers.Sequence: not maybe — it publishes every element of its sequence.
// Record: not maybe — its recording may hold any number of values.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's spelling of Result.Publisher
extension Result.OCombine.Publisher: MaybePublisher {}
#else
extension Result.Publisher: MaybePublisher {}
#endif
// Combine's specialised operators on Just, Optional.Publisher, Result.Publisher
// and Publishers.Sequence return one of those four types, not a Publishers.X
// type (`Just(1).filter {…}` is an Optional.Publisher: a maybe), so their
// traits follow from the rows above, not from the operator rows below. They are
// pinned in Tests/CompileChecks/SpecialisedOverloads.swift.

// MARK: - Mapping

extension Publishers.CompactMap: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Filter: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.IgnoreOutput: MaybePublisher {}
extension Publishers.Map: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.MapError: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.MapKeyPath: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.MapKeyPath2: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.MapKeyPath3: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.RemoveDuplicates: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.ReplaceEmpty: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.ReplaceError: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Scan: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.SetFailureType: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryCompactMap: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryFilter: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryMap: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryRemoveDuplicates: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryScan: MaybePublisher where Upstream: MaybePublisher {}

// MARK: - Reducing

// Reducers publish once, when the upstream finishes or (contains, allSatisfy,
// first) as soon as the answer is known, and then finish at once: maybe for
// any upstream. Truncating operators publish a subset of the upstream values:
// maybe when the upstream is.
extension Publishers.AllSatisfy: MaybePublisher {}
extension Publishers.Collect: MaybePublisher {}
// CollectByCount: a maybe upstream gives at most one array (the buffer is
// dropped on failure, and a maybe never fails after its value).
extension Publishers.CollectByCount: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Comparison: MaybePublisher {}
extension Publishers.Contains: MaybePublisher {}
extension Publishers.ContainsWhere: MaybePublisher {}
extension Publishers.Count: MaybePublisher {}
extension Publishers.Drop: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.DropWhile: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.First: MaybePublisher {}
extension Publishers.FirstWhere: MaybePublisher {}
extension Publishers.Last: MaybePublisher {}
extension Publishers.LastWhere: MaybePublisher {}
// Output: only a maybe upstream — its range may select two values or more.
extension Publishers.Output: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.PrefixWhile: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Reduce: MaybePublisher {}
extension Publishers.TryAllSatisfy: MaybePublisher {}
extension Publishers.TryComparison: MaybePublisher {}
extension Publishers.TryContainsWhere: MaybePublisher {}
extension Publishers.TryDropWhile: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryFirstWhere: MaybePublisher {}
extension Publishers.TryLastWhere: MaybePublisher {}
extension Publishers.TryPrefixWhile: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryReduce: MaybePublisher {}

// MARK: - Combining

// CombineLatest and Zip: every upstream must be a maybe. With one maybe
// upstream only, the others could still fail after the combined value.
// (Their rows, per arity, are generated: ReactiveCore+MaybePublisher+Arities.swift.)
// Publishers.Concatenate: not maybe — the prefix and the suffix may each publish a value,
// even for two maybes; and `prepend(_ elements: Output...)` builds one whose
// Publishers.Sequence prefix may hold any number of values.
// DropUntilOutput: the other publisher is cancelled after its first value,
// and fails the result only before any upstream value passes.
extension Publishers.DropUntilOutput: MaybePublisher where Upstream: MaybePublisher {}
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters Child
extension Publishers.FlatMap: MaybePublisher where Child: MaybePublisher, Upstream: MaybePublisher {}
#else
extension Publishers.FlatMap: MaybePublisher where NewPublisher: MaybePublisher, Upstream: MaybePublisher {}
#endif
// Publishers.Merge: not maybe — two upstreams may each publish a value.
// Publishers.Merge3: not maybe — three upstreams may each publish a value.
// Publishers.Merge4: not maybe — four upstreams may each publish a value.
// Publishers.Merge5: not maybe — five upstreams may each publish a value.
// Publishers.Merge6: not maybe — six upstreams may each publish a value.
// Publishers.Merge7: not maybe — seven upstreams may each publish a value.
// Publishers.Merge8: not maybe — eight upstreams may each publish a value.
// Publishers.MergeMany: not maybe — its upstreams may each publish a value.
extension Publishers.PrefixUntilOutput: MaybePublisher where Upstream: MaybePublisher {}
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters NestedPublisher
extension Publishers.SwitchToLatest: MaybePublisher where NestedPublisher: MaybePublisher, Upstream: MaybePublisher {}
#else
extension Publishers.SwitchToLatest: MaybePublisher where P: MaybePublisher, Upstream: MaybePublisher {}
#endif
// Zip, Zip3, Zip4: as CombineLatest (rows in ReactiveCore+MaybePublisher+Arities.swift).

// MARK: - Lifecycle

extension Publishers.AssertNoFailure: MaybePublisher where Upstream: MaybePublisher {}
// Autoconnect, MakeConnectable, Share: each subscriber gets a part of the
// upstream's events (a late one only `.finished`): maybe when the upstream is,
// never single.
extension Publishers.Autoconnect: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Breakpoint: MaybePublisher where Upstream: MaybePublisher {}
// Catch and TryCatch: a maybe upstream fails before any value, so the
// replacement publishes at most one value.
extension Publishers.Catch: MaybePublisher where Upstream: MaybePublisher, NewPublisher: MaybePublisher {}
extension Publishers.Decode: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Encode: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.HandleEvents: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.MakeConnectable: MaybePublisher where Upstream: MaybePublisher {}
// Publishers.Multicast: not maybe — its subject may be handed values by anyone who holds it.
extension Publishers.Print: MaybePublisher where Upstream: MaybePublisher {}
// Retry: a maybe upstream fails before any value, so a new attempt follows no value.
extension Publishers.Retry: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Share: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.TryCatch: MaybePublisher where Upstream: MaybePublisher, NewPublisher: MaybePublisher {}

// MARK: - Time and scheduling

// Buffer: a maybe upstream gives at most one value to keep.
extension Publishers.Buffer: MaybePublisher where Upstream: MaybePublisher {}
// CollectByTime: a maybe upstream fills at most one window; empty windows publish nothing.
#if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no CollectByTime
extension Publishers.CollectByTime: MaybePublisher where Upstream: MaybePublisher {}
#endif
// Debounce: at most one value of a maybe upstream, delivered or dropped.
extension Publishers.Debounce: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.Delay: MaybePublisher where Upstream: MaybePublisher {}
// MeasureInterval: one interval per upstream value.
extension Publishers.MeasureInterval: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.ReceiveOn: MaybePublisher where Upstream: MaybePublisher {}
extension Publishers.SubscribeOn: MaybePublisher where Upstream: MaybePublisher {}
// Throttle: at most one value of a maybe upstream, delivered or dropped.
extension Publishers.Throttle: MaybePublisher where Upstream: MaybePublisher {}
// Timeout: the upstream's value, or none and a finish (or the custom error).
extension Publishers.Timeout: MaybePublisher where Upstream: MaybePublisher {}
