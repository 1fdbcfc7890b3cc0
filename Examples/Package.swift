// swift-tools-version: 6.1
import PackageDescription

// A downstream package, as a user would write it: it depends on CombineTraits
// by path and picks only the products each target needs.
let package = Package(
  name: "CombineTraitsExamples",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    .package(name: "CombineTraits", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "Demo",
      dependencies: [
        .product(name: "ReactiveCore", package: "CombineTraits")
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
