public import MaybeTraits

// Which ReactiveCore publishers are single publishers: every core publisher
// type has a row, either its conformance with the weakest condition that is
// true for every upstream and every value of its stored properties, or a
// comment that says why it must not conform. A single publisher publishes one
// value then finishes, or fails, or never completes: it never finishes without
// a value. Each row's MaybePublisher conformance, under a condition at least
// as weak, is in MaybeTraits/ReactiveCore+MaybePublisher.swift. Each
// conformance is used in Tests/SingleTraitsTests/ReactiveCoreConformanceTests.swift;
// each non-conformance is a compile-failure check in
// Tests/CompileChecks/SingleConformances.swift.

// MARK: - Publishers and subjects

// AnyPublisher: not single — it erases any publisher; use eraseToAnySinglePublisher().
// CurrentValueSubject: not single — it publishes its current value, then every value sent.
extension Deferred: SinglePublisher where DeferredPublisher: SinglePublisher {}
// Empty: not single — it finishes without a value.
extension Fail: SinglePublisher {}
extension Future: SinglePublisher {}
extension Just: SinglePublisher {}
// Optional.Publisher: not single — nil finishes without a value.
// PassthroughSubject: not single — it publishes every value sent.
// Publishers.Sequence: not single — it publishes every element of its sequence.
// Record: not single — its recording may hold any number of values, or none.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's spelling of Result.Publisher
extension Result.OCombine.Publisher: SinglePublisher {}
#else
extension Result.Publisher: SinglePublisher {}
#endif
// Combine's specialised operators on Just, Optional.Publisher, Result.Publisher
// and Publishers.Sequence return one of those four types, not a Publishers.X
// type (`Just(1).filter {…}` is an Optional.Publisher: not single), so their
// traits follow from the rows above, not from the operator rows below. They are
// pinned in Tests/CompileChecks/SpecialisedOverloads.swift.

// MARK: - Mapping

// Publishers.CompactMap: not single — nil drops the value; a maybe at best.
// Publishers.Filter: not single — the predicate may drop the value; a maybe at best.
// Publishers.IgnoreOutput: not single — it never publishes a value.
extension Publishers.Map: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.MapError: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.MapKeyPath: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.MapKeyPath2: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.MapKeyPath3: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.RemoveDuplicates: SinglePublisher where Upstream: SinglePublisher {}
// ReplaceEmpty: a maybe upstream is enough — an empty one gets the replacement value.
extension Publishers.ReplaceEmpty: SinglePublisher where Upstream: MaybePublisher {}
extension Publishers.ReplaceError: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.Scan: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.SetFailureType: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.TryCompactMap: not single — nil drops the value; a maybe at best.
// Publishers.TryFilter: not single — the predicate may drop the value; a maybe at best.
extension Publishers.TryMap: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.TryRemoveDuplicates: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.TryScan: SinglePublisher where Upstream: SinglePublisher {}

// MARK: - Reducing

// Reducers publish one value when the upstream finishes (or as soon as the
// answer is known), fail when it fails, and wait when it never completes:
// single for any upstream.
extension Publishers.AllSatisfy: SinglePublisher {}
extension Publishers.Collect: SinglePublisher {}
// CollectByCount: a single upstream gives one array of one value.
extension Publishers.CollectByCount: SinglePublisher where Upstream: SinglePublisher {}
// Comparison (min, max): an empty upstream gives no value; a single gives its value.
extension Publishers.Comparison: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.Contains: SinglePublisher {}
extension Publishers.ContainsWhere: SinglePublisher {}
extension Publishers.Count: SinglePublisher {}
// Publishers.Drop: not single — dropping the value of a single leaves none; a maybe at best.
// Publishers.DropWhile: not single — the predicate may drop the value; a maybe at best.
// First, Last: an empty upstream gives no value; a single gives its value.
extension Publishers.First: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.FirstWhere: not single — no value may match; a maybe.
extension Publishers.Last: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.LastWhere: not single — no value may match; a maybe.
// Publishers.Output: not single — its range may skip the value (output(at: 1)); a maybe at best.
// Publishers.PrefixWhile: not single — the predicate may stop before the value; a maybe at best.
extension Publishers.Reduce: SinglePublisher {}
extension Publishers.TryAllSatisfy: SinglePublisher {}
extension Publishers.TryComparison: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.TryContainsWhere: SinglePublisher {}
// Publishers.TryDropWhile: not single — the predicate may drop the value; a maybe at best.
// Publishers.TryFirstWhere: not single — no value may match; a maybe.
// Publishers.TryLastWhere: not single — no value may match; a maybe.
// Publishers.TryPrefixWhile: not single — the predicate may stop before the value; a maybe at best.
extension Publishers.TryReduce: SinglePublisher {}

// MARK: - Combining

// CombineLatest, CombineLatest3, CombineLatest4: single when every upstream is
// (rows, per arity, generated: ReactiveCore+SinglePublisher+Arities.swift).
// Publishers.Concatenate: not single — two singles give two values; and
// `prepend(_ elements: Output...)` builds one whose Publishers.Sequence
// prefix may be empty or hold many values.
// Publishers.DropUntilOutput: not single — the value may come before the other's; a maybe at best.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters Child
extension Publishers.FlatMap: SinglePublisher where Child: SinglePublisher, Upstream: SinglePublisher {}
#else
extension Publishers.FlatMap: SinglePublisher where NewPublisher: SinglePublisher, Upstream: SinglePublisher {}
#endif
// Publishers.Merge: not single — two upstreams publish two values.
// Publishers.Merge3: not single — three upstreams publish three values.
// Publishers.Merge4: not single — four upstreams publish four values.
// Publishers.Merge5: not single — five upstreams publish five values.
// Publishers.Merge6: not single — six upstreams publish six values.
// Publishers.Merge7: not single — seven upstreams publish seven values.
// Publishers.Merge8: not single — eight upstreams publish eight values.
// Publishers.MergeMany: not single — its upstreams publish a value each, or none at all.
// Publishers.PrefixUntilOutput: not single — the other may publish first; a maybe at best.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters NestedPublisher
extension Publishers.SwitchToLatest: SinglePublisher where NestedPublisher: SinglePublisher, Upstream: SinglePublisher {
}
#else
extension Publishers.SwitchToLatest: SinglePublisher where P: SinglePublisher, Upstream: SinglePublisher {}
#endif
// Zip, Zip3, Zip4: single when every upstream is (rows in ReactiveCore+SinglePublisher+Arities.swift).

// MARK: - Lifecycle

extension Publishers.AssertNoFailure: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.Autoconnect: not single — a late subscriber gets only `.finished`; a maybe at best.
extension Publishers.Breakpoint: SinglePublisher where Upstream: SinglePublisher {}
// Catch and TryCatch: a single upstream fails before any value, and the
// replacement publishes one value.
extension Publishers.Catch: SinglePublisher where Upstream: SinglePublisher, NewPublisher: SinglePublisher {}
extension Publishers.Decode: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.Encode: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.HandleEvents: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.MakeConnectable: not single — a late subscriber gets only `.finished`; a maybe at best.
// Publishers.Multicast: not single — its subject may be handed values by anyone who holds it.
extension Publishers.Print: SinglePublisher where Upstream: SinglePublisher {}
// Retry: a single upstream fails before any value, so each attempt is a single.
extension Publishers.Retry: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.Share: not single — a late subscriber gets only `.finished`; a maybe at best.
extension Publishers.TryCatch: SinglePublisher where Upstream: SinglePublisher, NewPublisher: SinglePublisher {}

// MARK: - Time and scheduling

// Publishers.Buffer: not single — `buffer(size: 0, …)` drops the value.
// CollectByTime: the one value of a single upstream goes out in one array,
// when its window ends or when the upstream finishes.
#if !REACTIVECORE_IS_OPENCOMBINE  // OpenCombine has no CollectByTime
extension Publishers.CollectByTime: SinglePublisher where Upstream: SinglePublisher {}
#endif
// Publishers.Debounce: not single — a value still waiting when the upstream finishes is dropped.
extension Publishers.Delay: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.MeasureInterval: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.ReceiveOn: SinglePublisher where Upstream: SinglePublisher {}
extension Publishers.SubscribeOn: SinglePublisher where Upstream: SinglePublisher {}
// Publishers.Throttle: not single — a value that arrives without downstream demand is dropped.
// Publishers.Timeout: not single — without a custom error, a timeout finishes without a value.
