// swift-tools-version: 6.2
import PackageDescription

// Module graph (a module imports only what is to its left; the build checks it):
//
//   SharedMachinery <- ReactiveCore (today's implementation), and <- every trait module and TraitsTesting
//   ReactiveCore <- CancelBag <- MaybeTraits (the original CombineTraits' CancelBag product)
//   ReactiveCore <- ReactiveCoreFoundation (Combine's Foundation integrations: URLSession, NotificationCenter,
//     Timer, the RunLoop and OperationQueue schedulers; the only core module that links Foundation)
//   SharedMachinery <- AsynchronousOperation (Foundation's Operation only; the original's product)
//   ReactiveCore <- MaybeTraits <- SingleTraits;  MaybeTraits <- TraitSubscriptions (NSObject subclasses: Foundation)
//   ReactiveCoreFoundation, MaybeTraits, SingleTraits, AsynchronousOperation <- FoundationTraits (the traits of
//     the Foundation publishers, HTTP status validation, single publishers as operations)
//   ReactiveCore, MaybeTraits, SingleTraits <- CompletableTraits (andThen can give a single)
//   ReactiveCore <- ImmediateTraits
//   ReactiveCore, MaybeTraits, SingleTraits <- ReactiveExtras (API beyond Combine that services need,
//     written against Combine's public API only; the traits it keeps are declared beside it)
//   ReactiveCore, MaybeTraits, SingleTraits, ImmediateTraits, ReactiveExtras <- TraitsTesting
//   everything <- CombineTraits (umbrella: re-exports only)
//   ReactiveCore, SharedMachinery, MaybeTraits, SingleTraits, CompletableTraits, TraitsTesting <- TestSupport
//     (not a product: what the test targets share; only they depend on it)
//
// SharedMachinery is the internal toolbox that the core, the traits and ReactiveExtras
// share, naming no Combine type: `Lock`, the subscriber registry, the reentrant delivery
// lock, `FIFOQueue`, `APIViolation` and `MisuseDiagnostics`. Apart from it the modules
// beside the core use only Combine's public API, so that they build unchanged on Apple's
// Combine (below).
//
// ReactiveCore is Apple's Combine where Combine exists. The manifest is compiled for
// the machine that runs the build, so `canImport(Combine)` here asks whether the
// builder is an Apple machine:
// - No (Linux, Windows…): ReactiveCore is today's implementation, Packages/ReactiveCore.
// - Yes: ReactiveCore is the one file of Packages/ReactiveCoreOnCombine, which
//   re-exports Combine and compiles no publisher machinery of its own.
//   ReactiveCoreTests, which pin our implementation, are not built there.
//   (A Mac cross-compiling for Linux with a Swift SDK is not supported yet: the
//   target platform has no Combine. The fix, a platform-conditioned dependency on
//   the implementation built under another module name, needs the five files that
//   write `ReactiveCore.Publisher` to stop naming their module.)
// The AppleSwitch package (beside this one) builds the same switch file against
// OpenCombine, a stand-in with Combine's API, and runs the trait suites on it.
//
// REACTIVECORE_IS_COMBINE is defined where ReactiveCore is a foreign Combine (Apple's
// platforms here; always in AppleSwitch/): it marks the few places, listed in
// Docs/Migration.md, where the traits or their tests must differ.

let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .define("REACTIVECORE_IS_COMBINE", .when(platforms: applePlatforms)),
]

// What the library modules cost a user's build on Linux (issue 34; `make adoption`
// measures it against OpenCombine, Docs/Performance.md has the figures). All are
// compiler flags SwiftPM calls unsafe; since Swift 6.2 it accepts them in a dependency
// whose manifest says tools version 6.2 or later, hence this manifest's first line.
// - Debug: the modules write no index data for the system modules they import
//   (Synchronization, FoundationEssentials, Dispatch, Glibc); a user's own modules still
//   index whatever they import. Indexing these four, which OpenCombine does not import,
//   took about a quarter of a clean debug build's CPU time.
// - Release: optimised for size. The code that runs per event is inlinable, so it is
//   optimised for speed in the user's module; what stays here runs once per subscription
//   or less, and `make bench` meets every goal with it. 15 to 20% less compiler time and
//   a 5% smaller binary.
// - Release: each function in a section of its own (`-function-sections`), and public
//   symbols not kept alive for their own sake (`-internalize-at-link`; without LTO it
//   only stops marking them "used"). The user's linker (SwiftPM links with
//   --gc-sections) then drops what the program never reaches: without them every public
//   function of the library, used or not, reached the executable. Type metadata,
//   conformances and what they reach stay; a shared library still exports every public
//   symbol.
// - Both: the compiler does not re-check the LLVM IR it generated for these modules
//   (`-disable-llvm-verify`). The check finds bugs in the compiler, not in the code it
//   compiles, and the machine code is the same without it; it took about 3% of the
//   release compile of ReactiveCore.
// - Release: debug information of line tables only (`-gline-tables-only`, passed to the
//   frontend: SwiftPM's own `-g` comes after the flags here and would win in the
//   driver). Backtraces and a debugger still show the library's functions, files and
//   lines; a debugger shows no variables in its frames (optimised code has lost most of
//   them anyway; the user's own modules keep full debug information). The machine code
//   is the same to the byte; it takes about 2.5% off ReactiveCore's release compile job.
let libraryBuildCosts: [SwiftSetting] = [
  .unsafeFlags(
    ["-index-ignore-system-modules", "-Xfrontend", "-disable-llvm-verify"],
    .when(platforms: [.linux], configuration: .debug)
  ),
  .unsafeFlags(
    [
      "-Osize", "-Xfrontend", "-internalize-at-link", "-Xfrontend", "-function-sections",
      "-Xfrontend", "-disable-llvm-verify", "-Xfrontend", "-gline-tables-only",
    ],
    .when(platforms: [.linux], configuration: .release)
  ),
]

func library(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
  .target(
    name: name,
    dependencies: dependencies,
    path: "Packages/\(name)",
    swiftSettings: swiftSettings + libraryBuildCosts
  )
}

func tests(_ name: String, dependencies: [Target.Dependency]) -> Target {
  .testTarget(
    name: "\(name)Tests",
    dependencies: dependencies + ["TestSupport"],
    path: "Tests/\(name)Tests",
    swiftSettings: swiftSettings
  )
}

#if canImport(Combine)
let reactiveCore = [
  Target.target(name: "ReactiveCore", path: "Packages/ReactiveCoreOnCombine", swiftSettings: swiftSettings),
  Target.target(
    name: "ReactiveCoreFoundation",
    dependencies: ["ReactiveCore"],
    path: "Packages/ReactiveCoreFoundationOnCombine",
    swiftSettings: swiftSettings
  ),
]
let reactiveCoreTests: [Target] = []
#else
let reactiveCore = [
  library("ReactiveCore", dependencies: ["SharedMachinery"]),
  library("ReactiveCoreFoundation", dependencies: ["ReactiveCore", "SharedMachinery"]),
]
let reactiveCoreTests = [
  tests("ReactiveCore", dependencies: ["ReactiveCore", "ReactiveCoreFoundation", "SharedMachinery", "TraitsTesting"])
]
#endif

let modules = [
  "ReactiveCore", "ReactiveCoreFoundation", "CancelBag", "AsynchronousOperation", "MaybeTraits", "SingleTraits",
  "CompletableTraits", "ImmediateTraits", "FoundationTraits", "TraitSubscriptions",
  "ReactiveExtras", "TraitsTesting", "CombineTraits",
]

let package = Package(
  name: "CombineTraits",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: modules.map { .library(name: $0, targets: [$0]) },
  targets: reactiveCore + reactiveCoreTests + [
    library("SharedMachinery"),
    library("CancelBag", dependencies: ["ReactiveCore", "SharedMachinery"]),
    library("AsynchronousOperation", dependencies: ["SharedMachinery"]),
    library("MaybeTraits", dependencies: ["ReactiveCore", "SharedMachinery", "CancelBag"]),
    library("SingleTraits", dependencies: ["ReactiveCore", "SharedMachinery", "MaybeTraits"]),
    library("CompletableTraits", dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits"]),
    library("ImmediateTraits", dependencies: ["ReactiveCore", "SharedMachinery"]),
    library(
      "FoundationTraits",
      dependencies: [
        "ReactiveCore", "ReactiveCoreFoundation", "SharedMachinery", "MaybeTraits", "SingleTraits",
        "AsynchronousOperation",
      ]
    ),
    library("TraitSubscriptions", dependencies: ["ReactiveCore", "SharedMachinery", "MaybeTraits"]),
    library("ReactiveExtras", dependencies: ["ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits"]),
    library(
      "TraitsTesting",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "ImmediateTraits", "ReactiveExtras",
      ]
    ),
    library(
      "CombineTraits",
      dependencies: [
        "ReactiveCore", "ReactiveCoreFoundation", "CancelBag", "AsynchronousOperation", "MaybeTraits",
        "SingleTraits", "CompletableTraits", "ImmediateTraits", "FoundationTraits", "TraitSubscriptions",
        "ReactiveExtras", "TraitsTesting",
      ]
    ),
    // What the test targets share (errors, tokens, probes, the contract
    // checker, the thread race, the reliability kit); it may import Testing.
    .target(
      name: "TestSupport",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "CompletableTraits", "TraitsTesting",
      ],
      path: "Tests/TestSupport",
      swiftSettings: swiftSettings
    ),
    tests("CancelBag", dependencies: ["ReactiveCore", "SharedMachinery", "CancelBag", "TraitsTesting"]),
    tests("AsynchronousOperation", dependencies: ["SharedMachinery", "AsynchronousOperation", "TraitsTesting"]),
    tests(
      "MaybeTraits",
      dependencies: ["ReactiveCore", "SharedMachinery", "MaybeTraits", "FoundationTraits", "TraitsTesting"]
    ),
    tests(
      "SingleTraits",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "FoundationTraits", "TraitsTesting",
      ]
    ),
    tests(
      "CompletableTraits",
      dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits", "CompletableTraits", "TraitsTesting"]
    ),
    tests("ImmediateTraits", dependencies: ["ReactiveCore", "SharedMachinery", "ImmediateTraits", "TraitsTesting"]),
    tests(
      "TraitSubscriptions",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "TraitSubscriptions", "TraitsTesting",
      ]
    ),
    tests(
      "TraitsTesting",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "FoundationTraits", "TraitsTesting",
      ]
    ),
    tests(
      "ReactiveExtras",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "ReactiveExtras", "TraitsTesting",
      ]
    ),
    tests("CombineTraits", dependencies: ["CombineTraits"]),
  ],
  swiftLanguageModes: [.v6]
)
