public import ReactiveCore

// Every publisher type of ReactiveCore, and whether it is immediate: it
// publishes a value, or fails, synchronously, as soon as the subscriber
// demands a value. A conformance holds for every possible upstream and every
// value of the stored properties; anything less is a comment that says why
// not. Operators are grouped as in Packages/ReactiveCore/Operators/<family>;
// alphabetical within.

// MARK: - Publishers

extension Deferred: ImmediatePublisher where DeferredPublisher: ImmediatePublisher {}
// Empty: not immediate — it finishes with no value.
extension Fail: ImmediatePublisher {}
// Future: not immediate — its promise may be fulfilled later.
extension Just: ImmediatePublisher {}
// Optional.Publisher: not immediate — nil finishes with no value.
// Publishers.Sequence: not immediate — an empty sequence finishes with no value.
// Record: not immediate — an empty recording finishes with no value.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine's spelling of Result.Publisher
extension Result.OCombine.Publisher: ImmediatePublisher {}
#else
extension Result.Publisher: ImmediatePublisher {}
#endif
// Combine's specialised operators on Just, Optional.Publisher, Result.Publisher
// and Publishers.Sequence return one of those four types, not a Publishers.X
// type (`Just(1).count()` is a Just: immediate), so their traits follow from
// the rows above, not from the operator rows below. They are pinned in
// Tests/CompileChecks/SpecialisedOverloads.swift.

// MARK: - Type erasure

// AnyPublisher: not immediate — it may wrap any publisher; use AnyImmediatePublisher.

// MARK: - Subjects

// CurrentValueSubject: not immediate — once finished, a late subscriber gets only `.finished`.
// PassthroughSubject: not immediate — it publishes only what is sent after the subscription.

// MARK: - Mapping

// Publishers.CompactMap: not immediate — the first value may be mapped to nil and dropped.
// Publishers.Filter: not immediate — the first value may be filtered out.
// Publishers.IgnoreOutput: not immediate — it drops every value.
extension Publishers.Map: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.MapError: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.MapKeyPath: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.MapKeyPath2: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.MapKeyPath3: ImmediatePublisher where Upstream: ImmediatePublisher {}
// The first value always passes: there is nothing before it to duplicate.
extension Publishers.RemoveDuplicates: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.ReplaceEmpty: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.ReplaceError: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.Scan: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.SetFailureType: ImmediatePublisher where Upstream: ImmediatePublisher {}
// Publishers.TryCompactMap: not immediate — the first value may be mapped to nil and dropped.
// Publishers.TryFilter: not immediate — the first value may be filtered out.
// A throwing closure fails at once: a failure is as immediate as a value.
extension Publishers.TryMap: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.TryRemoveDuplicates: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.TryScan: ImmediatePublisher where Upstream: ImmediatePublisher {}

// MARK: - Reducing

// The reducers below wait for the upstream to finish, or drop or test the
// first value; an immediate upstream promises its first value, never its
// completion, at subscription.
// Publishers.AllSatisfy: not immediate — a satisfying first value publishes nothing until the upstream finishes.
// Publishers.Collect: not immediate — it publishes only when the upstream finishes.
// Publishers.CollectByCount: not immediate — with a count above one, the first value is buffered.
// Publishers.Comparison: not immediate — min and max publish only when the upstream finishes.
// Publishers.Contains: not immediate — a first value that does not match publishes nothing.
// Publishers.ContainsWhere: not immediate — a first value that does not match publishes nothing.
// Publishers.Count: not immediate — it publishes only when the upstream finishes.
// Publishers.Drop: not immediate — the first value may be dropped.
// Publishers.DropWhile: not immediate — the first value may be dropped.
extension Publishers.First: ImmediatePublisher where Upstream: ImmediatePublisher {}
// Publishers.FirstWhere: not immediate — the first value may not match.
// Publishers.Last: not immediate — it publishes only when the upstream finishes.
// Publishers.LastWhere: not immediate — it publishes only when the upstream finishes.
// Publishers.Output: not immediate — `prefix(0)`, or a range that starts after the first value, drops it.
// Publishers.PrefixWhile: not immediate — a first value that fails the predicate finishes with no value.
// Publishers.Reduce: not immediate — it publishes only when the upstream finishes.
// Publishers.TryAllSatisfy: not immediate — a satisfying first value publishes nothing until the upstream finishes.
// Publishers.TryComparison: not immediate — min and max publish only when the upstream finishes.
// Publishers.TryContainsWhere: not immediate — a first value that does not match publishes nothing.
// Publishers.TryDropWhile: not immediate — the first value may be dropped.
// Publishers.TryFirstWhere: not immediate — the first value may not match.
// Publishers.TryLastWhere: not immediate — it publishes only when the upstream finishes.
// Publishers.TryPrefixWhile: not immediate — a first value that fails the predicate finishes with no value.
// Publishers.TryReduce: not immediate — it publishes only when the upstream finishes.

// MARK: - Combining

// CombineLatest and Zip: every upstream is subscribed to, and asked for the
// downstream's demand, during the subscription; each immediate one delivers
// its first value or fails there, so the first combination is there too.
// (Their rows, per arity, are generated: ReactiveCore+ImmediatePublisher+Arities.swift.)
// The prefix comes first. `prepend(1, 2)` builds a `Publishers.Sequence`
// prefix, which may be empty (`prepend()`): it is not covered. `prepend(x)`
// with one value builds a `Result.Publisher` prefix (Publisher+PrependValue.swift),
// so it is covered, as is `prepend(Just(x))`.
extension Publishers.Concatenate: ImmediatePublisher where Prefix: ImmediatePublisher {}
// The other publisher is subscribed to first, and asked for one value: an
// immediate one opens the gate (or fails) before the upstream is subscribed to.
extension Publishers.DropUntilOutput: ImmediatePublisher
where Upstream: ImmediatePublisher, Other: ImmediatePublisher {}
// Publishers.FlatMap: not immediate — with `maxPublishers: .none` it never asks the upstream for a value
// (with one or more, an immediate upstream and immediate inner publishers would do; the type cannot say so).
// Only `a` needs to be immediate (`Just(0).merge(with: subject)` is): it is
// subscribed to first with the downstream's demand, and every later demand
// reaches it, so it delivers a value or fails whatever the others do.
// (Merge to Merge8: rows generated in ReactiveCore+ImmediatePublisher+Arities.swift.)
// Publishers.MergeMany: not immediate — merging no publisher at all finishes with no value.
// Publishers.PrefixUntilOutput: not immediate — the other publisher is subscribed to first, and may end it with no value.
// The upstream is asked for every value at subscription; the latest inner
// publisher gets the downstream's demand.
#if REACTIVECORE_IS_OPENCOMBINE  // OpenCombine names the generic parameters NestedPublisher
extension Publishers.SwitchToLatest: ImmediatePublisher
where Upstream: ImmediatePublisher, NestedPublisher: ImmediatePublisher {}
#else
extension Publishers.SwitchToLatest: ImmediatePublisher where Upstream: ImmediatePublisher, P: ImmediatePublisher {}
#endif
// Zip: see CombineLatest.

// MARK: - Lifecycle

extension Publishers.AssertNoFailure: ImmediatePublisher where Upstream: ImmediatePublisher {}
// Publishers.Autoconnect: not immediate — once the upstream finished, a late subscriber gets only `.finished`.
extension Publishers.Breakpoint: ImmediatePublisher where Upstream: ImmediatePublisher {}
// A failure of the upstream is replaced at once by the new publisher's first value or failure.
extension Publishers.Catch: ImmediatePublisher where Upstream: ImmediatePublisher, NewPublisher: ImmediatePublisher {}
extension Publishers.Decode: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.Encode: ImmediatePublisher where Upstream: ImmediatePublisher {}
extension Publishers.HandleEvents: ImmediatePublisher where Upstream: ImmediatePublisher {}
// Publishers.MakeConnectable: not immediate — nothing is published before `connect()`.
// Publishers.Multicast: not immediate — nothing is published before `connect()`.
extension Publishers.Print: ImmediatePublisher where Upstream: ImmediatePublisher {}
// Publishers.Retry: not immediate — retrying without limit an upstream that always fails never delivers anything.
// Publishers.Share: not immediate — once the upstream finished, a late subscriber gets only `.finished`.
extension Publishers.TryCatch: ImmediatePublisher
where Upstream: ImmediatePublisher, NewPublisher: ImmediatePublisher {}

// MARK: - Time and scheduling

// Publishers.Buffer: not immediate — `buffer(size: 0, …)` drops the first value.
// Publishers.CollectByTime: not immediate — an array goes out when its window ends.
// Publishers.Debounce: not immediate — a value goes out after a quiet interval.
// Publishers.Delay: not immediate — every event goes out after the interval.
// Publishers.MeasureInterval: not immediate — it publishes an interval per value; the
//   first value of an immediate upstream may also fail to arrive synchronously on its scheduler.
// Publishers.ReceiveOn: not immediate — events go out on the scheduler, later.
// Publishers.SubscribeOn: not immediate — the subscription happens on the scheduler, later.
// Publishers.Throttle: not immediate — it may hold its value until the end of a window.
// Publishers.Timeout: not immediate — events go out on the scheduler.
