// swift-tools-version: 6.1
import PackageDescription

// The benchmarks of issue 8: the same workloads on ReactiveCore (the root
// package, by path), on OpenCombine 0.14.0 and on hand-written closures, in
// one run. `make bench` (in the root Makefile) runs everything and prints the
// comparison table; Docs/Performance.md explains the method.
//
// The root package's identity is the name of its folder, which is not fixed
// (a clone may be named anything): derive it from this manifest's location.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(url: "https://github.com/ordo-one/package-benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // Workloads.swift is written once (Shared/Workloads.swift) and compiled twice,
    // through a symbolic link in each of these two targets; only its imports
    // differ (OPENCOMBINE is defined for the second).
    .target(
      name: "ReactiveCoreWorkloads",
      dependencies: [.product(name: "CombineTraits", package: rootPackage)],
      swiftSettings: swiftSettings
    ),
    .target(
      name: "OpenCombineWorkloads",
      dependencies: [.product(name: "OpenCombine", package: "OpenCombine")],
      swiftSettings: swiftSettings + [.define("OPENCOMBINE")]
    ),
    // The same workloads, written by hand with closures: the floor.
    .target(name: "BaselineWorkloads", swiftSettings: swiftSettings),
    // glibc's heap statistics (mallinfo2), for the memory table.
    .target(name: "HeapStatistics"),
    // Runs one workload of one side once: what callgrind counts. Also
    // measures the heap bytes an idle subscription keeps (`--memory`).
    .executableTarget(
      name: "InstructionProbe",
      dependencies: ["ReactiveCoreWorkloads", "OpenCombineWorkloads", "BaselineWorkloads", "HeapStatistics"],
      swiftSettings: swiftSettings
    ),
    // package-benchmark's executable: time and mallocs per operation.
    .executableTarget(
      name: "Comparison",
      dependencies: [
        "ReactiveCoreWorkloads", "OpenCombineWorkloads", "BaselineWorkloads",
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/Comparison",
      swiftSettings: swiftSettings,
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
