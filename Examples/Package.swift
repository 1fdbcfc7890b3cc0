// swift-tools-version: 6.1
import PackageDescription

// A downstream package, as a user would write it: it depends on CombineTraits
// by path and picks only the products each target needs.
//
// - QuoteService imports SingleTraits (and ReactiveCore) only;
// - ContactsCache imports MaybeTraits (and ReactiveCore) only;
// - Demo, the `make demo` program, imports the CombineTraits umbrella;
// - Swift6Service is a Swift 6 service that uses every part of the
//   concurrency design (Docs/Concurrency.md) with no unsafe escape from
//   concurrency checking (Scripts/check-examples-escapes.sh, run by `make
//   test-examples`, fails on one anywhere in this package), and
//   Swift6ServiceTests tests it with TraitsTesting;
// - RequestLoop is a server-shaped service (a request loop over tasks, no web
//   framework): cancelled requests stop their work, broadcasts reach async
//   listeners without loss, and ReactiveExtras' building blocks in use;
//   RequestLoopTests tests it. Like every production target here, it does not
//   import TraitsTesting (Scripts/check-examples-escapes.sh checks it);
// - ReadmeExample is the README's first example, byte for byte (its main.swift
//   is checked against README.md by Scripts/check-doc-examples.pl): built by
//   `make test` as a user would build it, never run (it would reach the
//   network);
// - DocExample<Page>, declared at the end: each page of Docs/ as one program,
//   with only the products the page imports (built, never run).
//
// `make test` builds this package with the import check on, so a target that
// imported a module it does not depend on would fail the build.
let package = Package(
  name: "CombineTraitsExamples",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    .package(name: "CombineTraits", path: "..")
  ],
  targets: [
    .target(
      name: "QuoteService",
      dependencies: [
        .product(name: "ReactiveCore", package: "CombineTraits"),
        .product(name: "SingleTraits", package: "CombineTraits"),
      ]
    ),
    .target(
      name: "ContactsCache",
      dependencies: [
        .product(name: "ReactiveCore", package: "CombineTraits"),
        .product(name: "MaybeTraits", package: "CombineTraits"),
      ]
    ),
    .target(
      name: "Swift6Service",
      dependencies: [
        .product(name: "ReactiveCore", package: "CombineTraits"),
        .product(name: "MaybeTraits", package: "CombineTraits"),
        .product(name: "SingleTraits", package: "CombineTraits"),
        .product(name: "TraitSubscriptions", package: "CombineTraits"),
        // URLSession's data task publisher, and its single trait (Reports.swift).
        .product(name: "ReactiveCoreFoundation", package: "CombineTraits"),
        .product(name: "FoundationTraits", package: "CombineTraits"),
        // AnyScheduler: production code, not test support.
        .product(name: "ReactiveExtras", package: "CombineTraits"),
      ]
    ),
    // A server-shaped target: requests are tasks that await the service's
    // publishers; production code, so no TraitsTesting.
    .target(
      name: "RequestLoop",
      dependencies: [
        .product(name: "ReactiveCore", package: "CombineTraits"),
        .product(name: "MaybeTraits", package: "CombineTraits"),
        .product(name: "SingleTraits", package: "CombineTraits"),
        .product(name: "CompletableTraits", package: "CombineTraits"),
        .product(name: "ReactiveExtras", package: "CombineTraits"),
      ]
    ),
    .testTarget(
      name: "RequestLoopTests",
      dependencies: [
        "RequestLoop",
        .product(name: "ReactiveCore", package: "CombineTraits"),
      ]
    ),
    .testTarget(
      name: "Swift6ServiceTests",
      dependencies: [
        "Swift6Service",
        .product(name: "ReactiveCore", package: "CombineTraits"),
        .product(name: "FoundationTraits", package: "CombineTraits"),
        .product(name: "MaybeTraits", package: "CombineTraits"),
        .product(name: "SingleTraits", package: "CombineTraits"),
        .product(name: "TraitsTesting", package: "CombineTraits"),
      ]
    ),
    .executableTarget(
      name: "Demo",
      dependencies: [
        .product(name: "CombineTraits", package: "CombineTraits"),
        "QuoteService",
        "ContactsCache",
      ]
    ),
    .executableTarget(
      name: "ReadmeExample",
      dependencies: [
        .product(name: "CombineTraits", package: "CombineTraits")
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The examples of Docs/, one program per page: the page's swift blocks in
// order, generated into DocExamples/<Page>/main.swift by
// Scripts/generate-doc-examples.py (`make test` checks they are current).
// Each depends only on the library products its page imports, so no test
// helper is in scope: the examples compile as a reader's code would. Built by
// `make test`, never run (some reach the network or wait for input).
let docPages: [(page: String, products: [String])] = [
  // BEGIN doc pages: generated by Scripts/generate-doc-examples.py
  ("AsyncAwait", ["CompletableTraits", "MaybeTraits", "ReactiveCore", "SingleTraits"]),
  ("CompletablePublisher", ["CompletableTraits", "ReactiveCore"]),
  ("Concurrency", ["MaybeTraits", "ReactiveCore", "SingleTraits", "TraitSubscriptions"]),
  ("ImmediatePublisher", ["ImmediateTraits", "ReactiveCore"]),
  ("MaybePublisher", ["MaybeTraits", "ReactiveCore"]),
  ("Migration", ["ReactiveCore", "SingleTraits"]),
  ("ReactiveCore", ["FoundationTraits", "ReactiveCoreFoundation", "SingleTraits"]),
  ("ReactiveExtras", ["ReactiveCore", "ReactiveExtras", "TraitsTesting"]),
  ("SinglePublisher", ["MaybeTraits", "ReactiveCore", "SingleTraits"]),
  ("Testing", ["ReactiveCore", "ReactiveCoreFoundation", "SingleTraits", "TraitsTesting"]),
  ("TraitOperators", ["FoundationTraits", "ImmediateTraits", "MaybeTraits", "ReactiveCore", "SingleTraits"]),
  ("TraitPublishers", ["ReactiveCore", "SingleTraits"]),
  ("TraitSubscriptions", ["ReactiveCore", "SingleTraits", "TraitSubscriptions"]),
  // END doc pages
]
package.targets += docPages.map { page in
  .executableTarget(
    name: "DocExample\(page.page)",
    dependencies: page.products.map { .product(name: $0, package: "CombineTraits") },
    path: "DocExamples/\(page.page)"
  )
}
