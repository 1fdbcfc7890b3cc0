// swift-tools-version: 6.1
import PackageDescription

// The Apple path of the root package, proved on Linux: the trait modules,
// CancelBag, AsynchronousOperation, ReactiveExtras, TraitsTesting and the trait test suites, built from the root's own sources
// (every folder under Sources/ and Tests/ holds a symbolic link into ../Packages
// or ../Tests) against OpenCombine 0.14.0 instead of ReactiveCore's
// implementation. OpenCombine is a stand-in with Apple's Combine API.
//
// ReactiveCore here is the root's switch file, Packages/ReactiveCoreOnCombine:
// the very file that makes ReactiveCore Apple's Combine on Apple platforms,
// re-exporting OpenCombine where Combine does not exist. Nothing else is
// compiled in its place, so a trait module that used anything of ReactiveCore
// beyond Combine's public API would not build here. `make compat` builds this
// package and runs its tests; on a Mac the same switch picks Apple's Combine.
//
// REACTIVECORE_IS_COMBINE marks the places where the traits or their tests
// differ on a foreign Combine; the root defines it on Apple platforms.
// REACTIVECORE_IS_OPENCOMBINE marks the few places where OpenCombine is not
// Apple's Combine (a type it lacks, another spelling): defined here only.

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .define("REACTIVECORE_IS_COMBINE"),
  .define("REACTIVECORE_IS_OPENCOMBINE"),
]

func library(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
  .target(name: name, dependencies: dependencies, swiftSettings: swiftSettings)
}

/// Test files not built here, each because OpenCombine's own operators differ
/// from Combine where the file looks (the differential tests of Compatibility/
/// list these differences).
let excluded: [String: [String]] = [
  "SingleTraits": [
    // Seeded chains of Combine operators (zip, prefix…) checked event by
    // event: OpenCombine's zip delivers a failure before the subscription.
    "SingleTraitsTests/Reliability/SinglePropertyTests.swift",
    // Misbehaving upstreams under Combine operators: OpenCombine's zip
    // crashes on a value after completion.
    "SingleTraitsTests/Reliability/SingleMisbehavingUpstreamTests.swift",
    // zipSingle() and TraitPublishers.zip are chains of Combine's zip:
    // OpenCombine's zip crashes (an unowned reference read after release)
    // when an upstream ends before the others.
    "SingleTraitsTests/ZipSingleTests.swift",
    "SingleTraitsTests/TraitPublishersZipTests.swift",
  ]
]

func tests(_ name: String, dependencies: [Target.Dependency]) -> Target {
  // Swift 5 mode: the test sources lean on ReactiveCore's Sendable annotations
  // (its subjects, schedulers and erased publishers are Sendable), which Apple's
  // Combine and OpenCombine do not declare; the trait modules themselves build
  // in Swift 6 mode above.
  .testTarget(
    name: "\(name)Tests",
    dependencies: dependencies + ["TestSupport"],
    exclude: excluded[name] ?? [],
    swiftSettings: swiftSettings + [.swiftLanguageMode(.v5)]
  )
}

let package = Package(
  name: "AppleSwitch",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0")
  ],
  targets: [
    library(
      "ReactiveCore",
      dependencies: [
        .product(name: "OpenCombine", package: "OpenCombine"),
        .product(name: "OpenCombineDispatch", package: "OpenCombine"),
        .product(name: "OpenCombineFoundation", package: "OpenCombine"),
      ]
    ),
    library("ReactiveCoreFoundation", dependencies: ["ReactiveCore"]),
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
    // OpenCombine itself: Publishers.Create+StateMachine.swift names its types
    // in package declarations (see there).
    library(
      "ReactiveExtras",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ]
    ),
    library(
      "TraitsTesting",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "ImmediateTraits", "ReactiveExtras",
      ]
    ),
    // What the root's test targets share, from the same sources.
    .target(
      name: "TestSupport",
      dependencies: [
        "ReactiveCore", "SharedMachinery", "MaybeTraits", "SingleTraits", "CompletableTraits", "TraitsTesting",
      ],
      path: "Tests/TestSupport",
      swiftSettings: swiftSettings + [.swiftLanguageMode(.v5)]
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
  ],
  swiftLanguageModes: [.v6]
)
