// swift-tools-version: 6.1
import PackageDescription

// The differential tests of the "Combine fidelity" issue: the same scripted
// scenarios run on ReactiveCore (the root package, by path) and on
// OpenCombine 0.14.0, and the runner compares their traces event by event.
// `make compat` (in the root Makefile) builds and runs it; README.md beside
// this file explains how to read a difference and how to add a scenario.
//
// The root package's identity is the name of its folder, which is not fixed
// (a clone may be named anything): derive it from this manifest's location.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Compatibility",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
  ],
  targets: [
    // The scenarios are written once, in Shared/, and compiled twice: each of
    // these two targets holds a symbolic link `Shared -> ../../Shared`, so the
    // very same files build against ReactiveCore and against OpenCombine. Only
    // the import differs (OPENCOMBINE is defined for the second target).
    .target(
      name: "ReactiveCoreScenarios",
      dependencies: [.product(name: "ReactiveCore", package: rootPackage)],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "OpenCombineScenarios",
      dependencies: [.product(name: "OpenCombine", package: "OpenCombine")],
      swiftSettings: swiftSettings + [.define("OPENCOMBINE")]
    ),
    // Runs both sides, compares the traces, prints the differences; exits
    // non-zero on any difference that ExpectedDifferences.swift does not explain.
    .executableTarget(
      name: "Differential",
      dependencies: ["ReactiveCoreScenarios", "OpenCombineScenarios"],
      swiftSettings: swiftSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)
