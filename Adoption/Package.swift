// swift-tools-version: 6.1
import PackageDescription

// `make adoption` (Scripts/adoption.py): what adopting the package costs a user, against
// OpenCombine 0.14.0. Four minimal executables, each depending on one thing, each built
// clean: build CPU (debug and release), stripped binary size, start time and the shared
// libraries it loads. Not part of `make test`.
//
// The root package's identity is the name of its folder, which is not fixed (a clone may
// be named anything): derive it from this manifest's location.
let rootPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "main"

let package = Package(
  name: "Adoption",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .executableTarget(name: "OnOpenCombine", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")]),
    .executableTarget(name: "OnReactiveCore", dependencies: [.product(name: "ReactiveCore", package: rootPackage)]),
    // The trait modules and ReactiveExtras, without TraitsTesting or the Foundation companions.
    .executableTarget(
      name: "OnTraits",
      dependencies: [
        .product(name: "MaybeTraits", package: rootPackage),
        .product(name: "SingleTraits", package: rootPackage),
        .product(name: "CompletableTraits", package: rootPackage),
        .product(name: "ImmediateTraits", package: rootPackage),
        .product(name: "ReactiveExtras", package: rootPackage),
      ]
    ),
    .executableTarget(name: "OnUmbrella", dependencies: [.product(name: "CombineTraits", package: rootPackage)]),
  ],
  swiftLanguageModes: [.v6]
)
