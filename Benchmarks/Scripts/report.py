#!/usr/bin/env python3
"""The reporting half of `make bench`.

  report.py callgrind FILE          "instructions mallocs atomics" of one callgrind output
  report.py checksums TSV           fails if the sides of a workload disagree
  report.py table TSV RESULTS_DIR   the comparison table and the goals of issues 8, 16, 25 and 35
  report.py doc REPORT PAGE         writes REPORT (what `table` printed) into PAGE's results
                                    block, between its two RESULTS markers, with the date and commit

TSV is what Scripts/instructions.sh writes; RESULTS_DIR holds package-benchmark's
metricP90AbsoluteThresholds export (one JSON file per benchmark, named
"Comparison.<workload>_<side>.p90.json" or close to it) and memory.tsv
(InstructionProbe --memory: kind, side, bytes per idle subscription) and
elapsed.tsv (InstructionProbe --elapsed: workload, side, seconds, checksum).

Workloads named "<family>@<size>" are the size families of issue 25
(Shared/Scaling.swift; and the ends of issue 35 that reach many subscribers,
in Shared/Workloads.swift): they get a table of their own, one row per family.

A row of TSV that is not whole (an empty line, missing or extra fields, a
figure that is not a number, an unknown side) is refused with a message on
stderr that names the file, the line and the row; the well-formed rows are
still reported, and `checksums` then exits 1.
"""
import json
import os
import re
import sys

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}


def fail(message):
    """Stops with a message on stderr and status 1 (no traceback)."""
    print(f"report.py: {message}", file=sys.stderr)
    sys.exit(1)


def callgrind(path):
    """Total instructions, calls to the allocator, and atomic instructions
    (global bus events, when callgrind ran with --collect-bus=yes) in one
    callgrind output."""
    names = {}
    instructions = None
    atomics = 0
    mallocs = 0
    target = None
    try:
        f = open(path)
    except OSError as error:
        fail(f"no callgrind output: {error}")
    with f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                counts = line.split()[1:]
                if not counts or not all(c.isdigit() for c in counts):
                    fail(f"{path}: malformed counts: {line.strip()!r}")
                instructions = int(counts[0])
                atomics = int(counts[1]) if len(counts) > 1 else 0
            elif line.startswith("fn=") or line.startswith("cfn="):
                # Names are compressed: "(id) name" the first time, "(id)" after,
                # in one id space shared by fn= and cfn= lines.
                key, _, rest = line.strip().partition("=")
                m = re.match(r"\((\d+)\)(?: (.*))?", rest)
                name = rest
                if m:
                    if m.group(2):
                        names[m.group(1)] = m.group(2)
                    name = names.get(m.group(1), "")
                target = name if key == "cfn" else None
            elif line.startswith("calls=") and target is not None:
                name = re.sub(r"'\d+$", "", target)
                if name in ALLOCATORS:
                    mallocs += int(line.split("=")[1].split()[0])
                target = None
    if instructions is None:
        fail(f"{path}: no totals (callgrind did not finish writing it?)")
    return instructions, mallocs, atomics


SIDES = ["reactivecore", "opencombine", "baseline"]

# The columns of instructions.sh's TSV; atomics_per_op came later and may be
# missing from an older one.
TSV_COLUMNS = ["workload", "side", "instructions_per_op", "mallocs_per_op", "checksum"]
NUMERIC_COLUMNS = ["instructions_per_op", "mallocs_per_op", "atomics_per_op"]

# Rows refused by read_tsv, memory and elapsed: "file, line n: why, left out: row".
malformed = []


def refuse(path, number, why, line):
    message = f"{path}, line {number}: {why}, left out: {line!r}"
    if message in malformed:
        return  # memory.tsv is read twice
    malformed.append(message)
    print(f"report.py: {message}", file=sys.stderr)


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def read_tsv(path):
    """{(workload, side): {column: text}} of the well-formed rows of an
    instructions.sh TSV; every other row is refused (see `refuse`)."""
    rows = {}
    try:
        f = open(path)
    except OSError as error:
        fail(f"cannot read the TSV: {error}")
    with f:
        header = f.readline().rstrip("\n").split("\t")
        missing = [c for c in TSV_COLUMNS if c not in header]
        if missing:
            fail(f"{path}, line 1: not an instructions.sh header (no {', '.join(missing)}): {header!r}")
        for number, line in enumerate(f, start=2):
            fields = line.rstrip("\n").split("\t")
            if fields == [""]:
                refuse(path, number, "empty line", line)
                continue
            if len(fields) != len(header):
                refuse(path, number, f"{len(fields)} fields where the header has {len(header)}", line)
                continue
            cells = dict(zip(header, fields))
            if not cells["workload"] or cells["side"] not in SIDES:
                refuse(path, number, "no workload, or an unknown side", line)
                continue
            bad = [c for c in NUMERIC_COLUMNS if c in cells and not is_number(cells[c])]
            if bad or not cells["checksum"]:
                refuse(path, number, f"not a number: {', '.join(bad)}" if bad else "no checksum", line)
                continue
            if (cells["workload"], cells["side"]) in rows:
                refuse(path, number, "a second row for this workload and side", line)
                continue
            rows[(cells["workload"], cells["side"])] = cells
    return rows


def checksums(path):
    by_workload = {}
    for (workload, side), cells in read_tsv(path).items():
        by_workload.setdefault(workload, {})[side] = cells["checksum"]
    bad = {w: s for w, s in by_workload.items() if len(set(s.values())) != 1}
    if bad:
        fail(f"the sides disagree on what they computed: {bad}")
    if malformed:
        fail(f"{len(malformed)} malformed row(s) in {path} (above); the others agree")


def read_fields(path, count):
    """The rows of a small TSV (memory.tsv, elapsed.tsv) that have `count`
    fields, the third (the figure) a number; every other row is refused."""
    rows = []
    with open(path) as f:
        for number, line in enumerate(f, start=1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) != count or not is_number(fields[2]):
                refuse(path, number, f"expected {count} fields, the third a number", line)
                continue
            rows.append(fields)
    return rows
LABELS = {"reactivecore": "ReactiveCore", "opencombine": "OpenCombine", "baseline": "baseline"}


def operations(workload):
    # As in Benchmarks/Comparison/Comparison.swift.
    return 1_000_000 if workload == "syncChain" else 100_000


def load_benchmarks(directory):
    """{(workload, side): {"ns": time per op, "mallocs": mallocs per op}}."""
    results = {}
    if not os.path.isdir(directory):
        return results
    for name in os.listdir(directory):
        m = re.match(r"Comparison\.(\w+)[_/](\w+)\.p90\.json$", name)
        if not m:
            continue
        workload, side = m.group(1), m.group(2).lower()
        with open(os.path.join(directory, name)) as f:
            metrics = json.load(f)
        n = operations(workload)
        entry = {}
        for key, value in metrics.items():
            if key.startswith("wallClock") or key == "Time (wall clock)":
                entry["ns"] = value / n
            elif key.startswith("mallocCountTotal") or key == "Malloc (total)":
                entry["mallocs"] = value / n
        results[(workload, side)] = entry
    return results


def fmt(value, digits=1):
    if value is None:
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


def ratio(a, b):
    if a is None or b in (None, 0):
        return None
    return a / b


# Issue 8's goals: (workload, metric, limit of ReactiveCore / OpenCombine).
# singleLifecycle, futureChain and subscribeCancel had 0.25x here (and
# singleLifecycle 0.1x in issue 16): issue 35 dropped those, for one honest
# list; issue 16's 0.5x still applies to them.
RATIO_GOALS = {
    "syncChain": 0.2,
    "subjectTo1": 0.5,
    "subjectTo10": 0.5,
    "contendedSend": 0.5,
}


# Issue 35: the ends of subscriptions (Shared/Workloads.swift, lifecycleWorkloads),
# each against OpenCombine's (goal <= 0.5x): (workload, what one end is,
# operations per end). A family whose operation is one sink reached, or one
# inner ended, counts `size` operations per end.
ENDS = [
    ("subjectFinish@1", "a subject's completion reaching its 1 sink", 1),
    ("subjectFinish@1000", "a subject's completion reaching its 1,000 sinks", 1000),
    ("futureFulfil", "a Future with one sink fulfilled", 1),
    ("justSink", "Just completing into a sink (its whole life: subscribe, value, end)", 1),
    ("cancelBeforeValue", "subject -> map -> sink cancelled before any value", 1),
    ("cancelAfterValue", "subject -> map -> sink cancelled after one value", 1),
    ("flatMapInnerFinish@1", "a flatMap inner finishing, the only one", 1),
    ("flatMapInnerFinish@1000", "a flatMap inner finishing among 1,000 down to 1 (per inner)", 1),
    ("flatMapInnerFail@1", "a flatMap inner failing, the only one (ends the flatMap)", 1),
    ("flatMapInnerFail@1000", "a flatMap inner failing among 1,000 (ends the flatMap, 999 cancelled)", 1000),
    ("mergeFinish", "a merge upstream finishing (the other goes on)", 1),
    ("switchToLatestReplace", "switchToLatest replacing its inner (old cancelled, new subscribed)", 1),
    ("zipFinish", "a zip member finishing (ends the zip)", 1),
    ("combineLatestFinish", "a combineLatest member finishing (the other goes on)", 1),
]

# Issue 35: awaited values, each against awaiting a task's value (baseline's
# awaitTask): (workload, what one await is).
AWAITS = [
    ("awaitFuture", "await Future { $0(.success(x)) }.value"),
    ("awaitTraitValue", "try await Just(x).eraseToAnySinglePublisher().value"),
    ("awaitValuesElement", "one element of subject.values (send, then next())"),
]

# Workloads with a goal of their own (issues 25 and 35), not issue 16's 0.5x.
OWN_GOALS = {"flatMapInner", "awaitTask", "asyncSequencePublisher"}
OWN_GOALS |= {w for w, _, _ in ENDS} | {w for w, _ in AWAITS}

# Issue 25: bytes per idle subscription at k = 10,000, before issue 25.
MEMORY_BEFORE = {"subjectSubscriber": 438, "subjectMapSubscriber": 469, "zip": 1074}


def table(tsv, directory):
    instructions = read_tsv(tsv)
    timing = load_benchmarks(directory)
    workloads = []
    for workload, _ in instructions:
        if workload not in workloads and "@" not in workload:
            workloads.append(workload)

    def get(workload, side):
        cells = instructions.get((workload, side))
        bench = timing.get((workload, side), {})
        return {
            "instr": float(cells["instructions_per_op"]) if cells else None,
            "cg_mallocs": float(cells["mallocs_per_op"]) if cells else None,
            "atomics": float(cells["atomics_per_op"]) if cells and cells.get("atomics_per_op") else None,
            "ns": bench.get("ns"),
            "mallocs": bench.get("mallocs"),
        }

    print()
    print("Per operation. time: package-benchmark wall clock (p90 of the iterations) / operations;")
    print("mallocs: package-benchmark's malloc counter / operations; instructions: callgrind (Scripts/instructions.sh).")
    print("RC = ReactiveCore, OC = OpenCombine 0.14.0, base = hand-written closures; x = RC / OC (instructions).")
    print()
    header = (
        f"{'workload':<18} {'time ns RC':>10} {'OC':>9} {'base':>7}  "
        f"{'instr RC':>9} {'OC':>9} {'base':>6}  {'mallocs RC':>10} {'OC':>6} {'base':>5}  "
        f"{'x OC':>6} {'x base':>7}  {'atomics RC':>10} {'OC':>6}"
    )
    print(header)
    print("-" * len(header))
    for w in workloads:
        rc, oc, base = (get(w, s) for s in SIDES)
        print(
            f"{w:<18} {fmt(rc['ns']):>10} {fmt(oc['ns']):>9} {fmt(base['ns']):>7}  "
            f"{fmt(rc['instr']):>9} {fmt(oc['instr']):>9} {fmt(base['instr']):>6}  "
            f"{fmt(rc['mallocs'], 2):>10} {fmt(oc['mallocs'], 2):>6} {fmt(base['mallocs'], 2):>5}  "
            f"{fmt(ratio(rc['instr'], oc['instr']), 2):>6} {fmt(ratio(rc['instr'], base['instr']), 1):>7}  "
            f"{fmt(rc['atomics']):>10} {fmt(oc['atomics']):>6}"
        )

    print()
    print("Goals of issue 8 (instructions are the measure; time ratios beside them):")
    met_all = True

    def report(ok, text):
        nonlocal met_all
        met_all = met_all and ok
        print(f"  [{'met' if ok else 'NOT MET'}] {text}")

    for w, limit in RATIO_GOALS.items():
        rc, oc = get(w, "reactivecore"), get(w, "opencombine")
        r = ratio(rc["instr"], oc["instr"])
        t = ratio(rc["ns"], oc["ns"])
        report(
            r is not None and r <= limit,
            f"{w}: instructions {fmt(r, 3)}x OpenCombine (time {fmt(t, 2)}x), goal <= {limit}x",
        )
    rc, base = get("syncChain", "reactivecore"), get("syncChain", "baseline")
    r = ratio(rc["instr"], base["instr"])
    report(r is not None and r <= 10, f"syncChain: {fmt(r, 1)}x the hand-written loop, goal <= 10x")
    m = get("singleLifecycle", "reactivecore")["mallocs"]
    report(m is not None and m <= 4, f"singleLifecycle: {fmt(m, 2)} mallocs, goal <= 4")
    for w in workloads:
        rc, oc = get(w, "reactivecore"), get(w, "opencombine")
        if oc["mallocs"] is None or rc["mallocs"] is None:
            continue
        # Counts are per operation, over 100k operations: below 0.01 is a
        # first-use allocation, not one per operation.
        mine, theirs = round(rc["mallocs"], 2), round(oc["mallocs"], 2)
        both_none = " (neither allocates)" if mine == 0 and theirs == 0 else ""
        report(
            mine < theirs or mine == 0,
            f"{w}: {fmt(rc['mallocs'], 2)} mallocs against OpenCombine's {fmt(oc['mallocs'], 2)}, goal: fewer{both_none}",
        )
    bare, unchecked = get("bareMaybe", "reactivecore"), get("uncheckedSingle", "reactivecore")
    if bare["instr"] is not None and unchecked["instr"] is not None:
        same_instr = abs(unchecked["instr"] - bare["instr"]) <= 0.01 * bare["instr"] + 1
        same_malloc = unchecked["cg_mallocs"] == bare["cg_mallocs"]
        report(
            same_instr and same_malloc,
            f"uncheckedSingle: {fmt(unchecked['instr'])} instructions and {fmt(unchecked['cg_mallocs'], 2)} mallocs "
            f"against {fmt(bare['instr'])} and {fmt(bare['cg_mallocs'], 2)} without the wrapper, goal: the same",
        )
    met_all = issue16(workloads, get, directory, report) and met_all
    met_all = issue25(instructions, get, directory, report) and met_all
    met_all = issue35(get, report) and met_all
    print()
    if malformed:
        met_all = False
        print(f"{len(malformed)} malformed row(s) left out, their figures missing:")
        for message in malformed:
            print(f"  {message}")
    print("All goals met." if met_all else "Some goals are not met: see Docs/Performance.md.")


def memory(directory):
    """{(kind, side): bytes per idle subscription} from memory.tsv."""
    path = os.path.join(directory, "memory.tsv")
    results = {}
    if os.path.exists(path):
        for kind, side, value in read_fields(path, 3):
            results[(kind, side)] = float(value)
    return results


def issue16(workloads, get, directory, report):
    """Prints the goals of issue 16, each with its figure; True if all are met."""
    met_all = True

    def goal(ok, text):
        nonlocal met_all
        met_all = met_all and ok
        report(ok, text)

    print()
    print("Goals of issue 16 (RC = ReactiveCore, OC = OpenCombine, same run):")
    for w in workloads:
        rc, oc = get(w, "reactivecore"), get(w, "opencombine")
        if oc["instr"] is None or w == "contendedSend" or w in OWN_GOALS:
            continue  # contendedSend: callgrind serialises its threads; judged on time below
        r, t = ratio(rc["instr"], oc["instr"]), ratio(rc["ns"], oc["ns"])
        goal(
            r is not None and r <= 0.5 and t is not None and t < 1,
            f"{w}: instructions {fmt(r, 2)}x OC (goal <= 0.5x), time {fmt(rc['ns'])} ns against "
            f"{fmt(oc['ns'])} ns (goal: faster)",
        )
    rc, oc = get("contendedSend", "reactivecore"), get("contendedSend", "opencombine")
    t = ratio(rc["ns"], oc["ns"])
    goal(t is not None and t < 1, f"contendedSend: time {fmt(t, 2)}x OC (goal: faster)")
    for w in ("zip", "combineLatest"):
        rc = get(w, "reactivecore")
        goal(
            rc["instr"] is not None and rc["instr"] <= 1500 and rc["cg_mallocs"] == 0,
            f"{w}: {fmt(rc['instr'])} instructions and {fmt(rc['cg_mallocs'], 2)} mallocs per pair "
            "(goal <= 1,500 and 0)",
        )
    rc = get("singleLifecycle", "reactivecore")
    goal(
        rc["cg_mallocs"] is not None and rc["cg_mallocs"] <= 3,
        f"singleLifecycle: {fmt(rc['cg_mallocs'], 2)} mallocs (goal <= 3)",
    )
    for w in ("traitSubscription", "traitSingle"):
        rc, oc = get(w, "reactivecore"), get(w, "opencombine")
        r = ratio(rc["instr"], oc["instr"])
        goal(r is not None and r <= 0.5, f"{w}: instructions {fmt(r, 2)}x OC's closest equivalent (goal <= 0.5x)")
    bare = get("bareMaybe", "reactivecore")
    for w in ("checkSingle", "checkMaybe"):
        r = ratio(get(w, "reactivecore")["instr"], bare["instr"])
        goal(r is not None and r <= 2, f"{w}: {fmt(r, 2)}x the same chain unchecked (goal <= 2x)")
    sizes = memory(directory)
    kinds = []
    for kind, _ in sizes:
        if kind not in kinds:
            kinds.append(kind)
    print()
    print("Heap bytes kept per idle subscription (InstructionProbe --memory; reported, no limit):")
    for kind in kinds:
        rc, oc = sizes.get((kind, "reactivecore")), sizes.get((kind, "opencombine"))
        print(f"  {kind:<18} RC {fmt(rc):>7}   OC {fmt(oc):>7}   x OC {fmt(ratio(rc, oc), 2)}")
    goal(bool(kinds), "memory per idle subscription reported beside OpenCombine's")
    return met_all


def families(instructions):
    """{family: {side: {size: instructions per operation}}} of the "<family>@<size>" workloads."""
    result = {}
    for (workload, side), cells in instructions.items():
        if "@" not in workload:
            continue
        family, size = workload.split("@")
        per_op = float(cells["instructions_per_op"])
        if family.startswith("stages"):
            per_op /= int(size)  # per stage
        result.setdefault(family, {}).setdefault(side, {})[int(size)] = per_op
    return result


def elapsed(directory):
    """{(workload, side): seconds} from elapsed.tsv."""
    path = os.path.join(directory, "elapsed.tsv")
    results = {}
    if os.path.exists(path):
        for workload, side, seconds, _ in read_fields(path, 4):
            results[(workload, side)] = float(seconds)
    return results


def issue25(instructions, get, directory, report):
    """Prints the size curves and the goals of issue 25; True if all are met."""
    met_all = True

    def goal(ok, text):
        nonlocal met_all
        met_all = met_all and ok
        report(ok, text)

    curves = families(instructions)
    print()
    print("Size families (issues 25, 33, 35): instructions per operation at each size (per stage for stages*;")
    print("per sink reached for subjectFinish, per inner ended for flatMapInner*),")
    print("RC and OC; flat = RC at the largest size / RC at the smallest (goal <= 1.5).")
    for family in sorted(curves):
        sides = curves[family]
        sizes = sorted(sides.get("reactivecore", {}))
        cells = []
        for size in sizes:
            rc = sides["reactivecore"].get(size)
            oc = sides.get("opencombine", {}).get(size)
            cells.append(f"{size}: {fmt(rc)}" + (f" (OC {fmt(oc)})" if oc is not None else ""))
        print(f"  {family:<30} " + ", ".join(cells))
    print()
    print("Goals of issue 25 (RC = ReactiveCore, OC = OpenCombine, same run):")
    for family in sorted(curves):
        rc = curves[family].get("reactivecore", {})
        if len(rc) < 2:
            continue
        small, large = min(rc), max(rc)
        r = ratio(rc[large], rc[small])
        goal(
            r is not None and r <= 1.5,
            f"{family}: {fmt(rc[large])} at {large:,} against {fmt(rc[small])} at {small:,}: {fmt(r, 2)}x (goal <= 1.5x)",
        )

    def added_per_stage(side):
        cells = {w: instructions.get((w, side)) for w in ("stagesValue@1", "stagesValue@16")}
        if None in cells.values():
            return None
        return (float(cells["stagesValue@16"]["instructions_per_op"]) - float(cells["stagesValue@1"]["instructions_per_op"])) / 15

    mine, theirs = added_per_stage("reactivecore"), added_per_stage("opencombine")
    goal(
        mine is not None and theirs is not None and mine <= theirs,
        f"per added map/filter stage, per value: {fmt(mine)} instructions against OC's {fmt(theirs)} (goal: at most OC's)",
    )
    rc, oc = get("flatMapInner", "reactivecore"), get("flatMapInner", "opencombine")
    goal(
        rc["instr"] is not None and oc["instr"] is not None and rc["instr"] <= oc["instr"],
        f"flatMapInner: {fmt(rc['instr'])} instructions per inner against OC's {fmt(oc['instr'])} (goal: at most OC's)",
    )
    times = elapsed(directory)
    for (workload, side), seconds in sorted(times.items()):
        if side != "reactivecore":
            continue
        if workload == "foldedMerge@1000":
            goal(seconds < 0.1, f"{workload}: built and run in {seconds:.3f} s (goal < 0.1 s)")
        else:
            print(f"  [info] {workload}: built and run in {seconds:.3f} s")
    sizes = memory(directory)
    for kind, before in MEMORY_BEFORE.items():
        rc, oc = sizes.get((kind, "reactivecore")), sizes.get((kind, "opencombine"))
        goal(
            rc is not None and rc <= before,
            f"memory, {kind}: {fmt(rc)} bytes per idle subscription (OC {fmt(oc)}; goal <= {before}, before issue 25)",
        )
    return met_all


def issue35(get, report):
    """Prints the ends of subscriptions, the awaits and the AsyncSequence
    bridge of issue 35 with their goals; True if all are met."""
    met_all = True

    def goal(ok, text):
        nonlocal met_all
        met_all = met_all and ok
        report(ok, text)

    def per_end(workload, side, operations):
        instr = get(workload, side)["instr"]
        return None if instr is None else instr * operations

    print()
    print("Life-cycle ends (issue 35): instructions per end, RC against OC (lifecycleWorkloads in")
    print("Shared/Workloads.swift: what ends is set up beforehand and only the end is counted, unless")
    print("the line says otherwise); goal: at most 0.5x OpenCombine's instructions each.")
    for workload, what, operations in ENDS:
        rc, oc = per_end(workload, "reactivecore", operations), per_end(workload, "opencombine", operations)
        if get(workload, "opencombine")["instr"] is None and workload in ("mergeFinish", "combineLatestFinish"):
            print(f"  [info] {workload}: {what}: {fmt(rc)} (OpenCombine 0.14.0 has none: no goal)")
            continue
        r = ratio(rc, oc)
        goal(
            r is not None and r <= 0.5,
            f"{workload}: {what}: {fmt(rc)} against OC's {fmt(oc)}: {fmt(r, 2)}x (goal <= 0.5x)",
        )

    print()
    print("Awaited values (issue 35): instructions per await, in one task, against awaiting a task's")
    print("value (baseline's awaitTask: await Task { x }.value); goal: at most awaitTask's.")
    task = get("awaitTask", "baseline")["instr"]
    print(f"  [info] awaitTask: await Task {{ x }}.value: {fmt(task)}")
    for workload, what in AWAITS:
        rc, oc = get(workload, "reactivecore")["instr"], get(workload, "opencombine")["instr"]
        theirs = f" (OC {fmt(oc)})" if oc is not None else ""
        goal(
            rc is not None and task is not None and rc <= task,
            f"{workload}: {what}: {fmt(rc)}{theirs} against awaitTask's {fmt(task)}: "
            f"{fmt(ratio(rc, task), 2)}x (goal <= 1x)",
        )

    print()
    print("AsyncSequence.publisher (issue 35): instructions per element of an AsyncStream into a sink,")
    print("against the same stream consumed by a bare for-await loop (baseline); goal: at most 3x.")
    rc = get("asyncSequencePublisher", "reactivecore")["instr"]
    base = get("asyncSequencePublisher", "baseline")["instr"]
    r = ratio(rc, base)
    goal(
        r is not None and r <= 3,
        f"asyncSequencePublisher: {fmt(rc)} per element against the loop's {fmt(base)}: {fmt(r, 2)}x (goal <= 3x)",
    )
    return met_all


BEGIN_MARKER = "<!-- results of make bench: begin (written by Benchmarks/Scripts/report.py doc; not by hand) -->"
END_MARKER = "<!-- results of make bench: end -->"


def write_doc(report_path, page_path):
    """Replaces the results block of `page_path` (Docs/Performance.md) with the
    report of this run, so that the page shows one set of figures, from one run."""
    import datetime
    import subprocess

    report = open(report_path).read().strip("\n")
    page = open(page_path).read()
    if page.count(BEGIN_MARKER) != 1 or page.count(END_MARKER) != 1:
        sys.exit(f"report.py doc: {page_path} must hold the results markers once each")
    before, rest = page.split(BEGIN_MARKER)
    _, after = rest.split(END_MARKER)
    root = os.path.dirname(os.path.abspath(page_path))
    commit = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True)
    revision = (commit.stdout.strip() or "unknown") + (" with uncommitted changes" if dirty.stdout.strip() else "")
    day = datetime.date.today().isoformat()
    block = (
        f"{BEGIN_MARKER}\n"
        f"Run: {day}, commit {revision}, `make bench` on the machine described under Method.\n\n"
        f"```text\n{report}\n```\n"
        f"{END_MARKER}"
    )
    open(page_path, "w").write(before + block + after)
    print(f"report.py doc: {page_path}'s results block now holds this run ({day}, {revision})")


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else None
    if command == "callgrind" and len(sys.argv) == 3:
        i, m, a = callgrind(sys.argv[2])
        print(i, m, a)
    elif command == "checksums" and len(sys.argv) == 3:
        checksums(sys.argv[2])
    elif command == "table" and len(sys.argv) == 4:
        table(sys.argv[2], sys.argv[3])
    elif command == "doc" and len(sys.argv) == 4:
        write_doc(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
