// swift-tools-version: 6.1
import PackageDescription

// Module graph (a module imports only what is to its left; the build checks it):
//
//   ReactiveCore <- MaybeTraits <- SingleTraits <- TraitSubscriptions
//   ReactiveCore, MaybeTraits, SingleTraits <- CompletableTraits (andThen can give a single)
//   ReactiveCore <- ImmediateTraits
//   ReactiveCore, MaybeTraits, SingleTraits, ImmediateTraits <- TraitsTesting
//   everything <- CombineTraits (umbrella: re-exports only)
//   ReactiveCore, MaybeTraits, SingleTraits, CompletableTraits, TraitsTesting <- TestSupport
//     (not a product: what the test targets share; only they depend on it)

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

func library(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
  .target(name: name, dependencies: dependencies, path: "Packages/\(name)", swiftSettings: swiftSettings)
}

func tests(_ name: String, dependencies: [Target.Dependency]) -> Target {
  .testTarget(
    name: "\(name)Tests",
    dependencies: dependencies + ["TestSupport"],
    path: "Tests/\(name)Tests",
    swiftSettings: swiftSettings
  )
}

let modules = [
  "ReactiveCore", "MaybeTraits", "SingleTraits", "CompletableTraits", "ImmediateTraits", "TraitSubscriptions",
  "TraitsTesting", "CombineTraits",
]

let package = Package(
  name: "CombineTraits",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: modules.map { .library(name: $0, targets: [$0]) },
  targets: [
    library("ReactiveCore"),
    library("MaybeTraits", dependencies: ["ReactiveCore"]),
    library("SingleTraits", dependencies: ["ReactiveCore", "MaybeTraits"]),
    library("CompletableTraits", dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits"]),
    library("ImmediateTraits", dependencies: ["ReactiveCore"]),
    library("TraitSubscriptions", dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits"]),
    library("TraitsTesting", dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits", "ImmediateTraits"]),
    library(
      "CombineTraits",
      dependencies: [
        "ReactiveCore", "MaybeTraits", "SingleTraits", "CompletableTraits", "ImmediateTraits", "TraitSubscriptions",
        "TraitsTesting",
      ]
    ),
    // What the test targets share (errors, tokens, probes, the contract
    // checker, the thread race, the reliability kit); it may import Testing.
    .target(
      name: "TestSupport",
      dependencies: [
        "ReactiveCore", "MaybeTraits", "SingleTraits", "CompletableTraits", "TraitsTesting",
      ],
      path: "Tests/TestSupport",
      swiftSettings: swiftSettings
    ),
    tests("ReactiveCore", dependencies: ["ReactiveCore", "TraitsTesting"]),
    tests("MaybeTraits", dependencies: ["ReactiveCore", "MaybeTraits", "TraitsTesting"]),
    tests("SingleTraits", dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits", "TraitsTesting"]),
    tests(
      "CompletableTraits",
      dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits", "CompletableTraits", "TraitsTesting"]
    ),
    tests("ImmediateTraits", dependencies: ["ReactiveCore", "ImmediateTraits", "TraitsTesting"]),
    tests(
      "TraitSubscriptions",
      dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits", "TraitSubscriptions", "TraitsTesting"]
    ),
    tests("TraitsTesting", dependencies: ["ReactiveCore", "MaybeTraits", "SingleTraits", "TraitsTesting"]),
    tests("CombineTraits", dependencies: ["CombineTraits"]),
  ],
  swiftLanguageModes: [.v6]
)
