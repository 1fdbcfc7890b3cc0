# The two commands of the README: `make demo` and `make test`.
# Everything here uses only the Swift toolchain; nothing is installed by hand.

SWIFT ?= swift
# Warnings are errors, and the module graph of ARCHITECTURE.md is checked by
# the build: a target may import only the targets it depends on.
BUILD_FLAGS := -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error

.PHONY: all build build-tests compile-checks doc-examples test test-examples demo docs lint format check clean bench compat

all: test

build:
	$(SWIFT) build $(BUILD_FLAGS)

## make test: the doc examples check, warnings-as-errors build of the package
## and its tests, the compile-failure checks, the downstream Examples package,
## then every test (the test summary is the last line).
test: doc-examples build-tests compile-checks test-examples
	$(SWIFT) test --skip-build --disable-xctest

## Every ```swift block of README.md and Docs/ appears, byte for byte, in a
## test source or in Examples/ (which the build compiles).
doc-examples:
	./Scripts/check-doc-examples.pl

compile-checks: build-tests
	./Scripts/compile-checks.sh

build-tests:
	$(SWIFT) build --build-tests $(BUILD_FLAGS)

## The downstream package: built with the import check (each target imports
## only the products it depends on), then the demo runs as a smoke test; it
## exits non-zero if a scenario does not do what it prints.
test-examples:
	cd Examples && $(SWIFT) build $(BUILD_FLAGS)
	@cd Examples && $(SWIFT) run --skip-build Demo > .build/demo.log 2>&1 \
	  && echo "Demo: every scenario checked ($$(grep -c '^[0-9]\.' .build/demo.log) scenarios)" \
	  || { cat .build/demo.log; exit 1; }

## make demo: the demo program, from the downstream Examples package. It
## builds with the same flags as `make test`, so the two share one build of
## Examples/ instead of rebuilding each other's.
demo:
	@if [ -x Examples/.build/debug/Demo ]; then echo "Building the demo (up to date: a few seconds)…"; \
	  else echo "Building the demo and the package (the first time takes 2 to 4 minutes on two cores)…"; fi
	@cd Examples && $(SWIFT) build --quiet $(BUILD_FLAGS)
	@cd Examples && $(SWIFT) run --skip-build Demo

## make docs: one DocC archive per module in .build/docs, with the toolchain's
## own docc (Scripts/make-docs.sh says how to browse them); fails on any DocC
## warning.
docs:
	SWIFT=$(SWIFT) ./Scripts/make-docs.sh

## make bench: the benchmarks of Benchmarks/ (a separate package): every
## workload on ReactiveCore, OpenCombine and hand-written closures, then one
## comparison table (time, instructions and mallocs per operation, and the
## goals of Docs/Performance.md). Not part of `make test`.
bench:
	SWIFT=$(SWIFT) ./Benchmarks/Scripts/bench.sh

## make compat: the differential tests of Compatibility/ (a separate package,
## its own .build): every scripted scenario and seeded random operator chain
## runs on ReactiveCore and on OpenCombine 0.14.0, and their traces are
## compared. Fails on any difference that
## Compatibility/Sources/Differential/ExpectedDifferences.swift does not
## explain; Compatibility/README.md says how to read one.
##
## Then the Apple path (AppleSwitch/, a separate package): the trait modules,
## TraitsTesting and the trait test suites, built from the same sources through
## the switch that makes ReactiveCore Apple's Combine, against OpenCombine; the
## libraries warnings-as-errors, then the suites.
## The compile checks that hold on OpenCombine too (the conformance tables of
## Apple's Foundation publishers among them); the others use operators
## OpenCombine lacks (merge, combineLatest, collect(.byTime)) or pin
## ReactiveCore's Sendable annotations.
APPLE_SWITCH_BIN = $(shell cd AppleSwitch && $(SWIFT) build --show-bin-path)
APPLE_SWITCH_COMPILE_CHECKS := $(addprefix Tests/CompileChecks/,ReactiveCoreGuarantees.swift \
  RedundantConversions.swift ReexportsSingleTraits.swift ReexportsTraitModules.swift SpecialisedOverloads.swift \
  TimeAndFoundationConformances.swift TraitOperatorConformances.swift TraitProtocols.swift \
  TraitsTestingConformances.swift)

compat:
	cd Compatibility && $(SWIFT) build $(BUILD_FLAGS)
	cd Compatibility && ./.build/debug/Differential
	cd AppleSwitch && $(SWIFT) build --explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors
	cd AppleSwitch && $(SWIFT) build --build-tests --explicit-target-dependency-import-check error
	cd AppleSwitch && $(SWIFT) test --skip-build --disable-xctest
	COMPILE_CHECKS_MODULES=$(APPLE_SWITCH_BIN)/Modules \
	  COMPILE_CHECKS_FLAGS="-Xcc -fmodule-map-file=$(APPLE_SWITCH_BIN)/COpenCombineHelpers.build/module.modulemap" \
	  ./Scripts/compile-checks.sh $(APPLE_SWITCH_COMPILE_CHECKS)

## make lint: formatting, checked (make format fixes it).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Packages Tests Examples/Package.swift Examples/Sources \
	  Compatibility/Package.swift Compatibility/Shared Compatibility/Sources/Differential AppleSwitch/Package.swift

format:
	$(SWIFT) format format --in-place --recursive Package.swift Packages Tests Examples/Package.swift Examples/Sources \
	  Compatibility/Package.swift Compatibility/Shared Compatibility/Sources/Differential AppleSwitch/Package.swift

## make check: the whole suite under ThreadSanitizer (in its own build folder,
## so that it does not invalidate the normal build), then the reliability
## suites again, alone, in their heavy mode (RELIABILITY_CHECK=1: up to 2 s
## and thousands of rounds or cases each, instead of a few hundred; alone, so
## that their load does not slow the real-time tests of the first run). Tests
## run one at a time (--no-parallel): under ThreadSanitizer, blocking stress
## tests running beside async tests starve Swift's two cooperative threads
## for tens of seconds on a 2-core machine. It
## must report no race and no failure, and ends with the number of rounds and
## cases each reliability suite ran. A failing seed reruns alone with
## RELIABILITY_SEED=<seed> (Docs/Reliability.md).
RELIABILITY_SUITES := CoreStressTests|MisbehavingUpstreamTests|OperatorLeakTests|ReliabilityKitTests|SinglePropertyTests|SingleStressTests|MaybeReliabilityTests|TraitSubscriptionStressTests
TSAN_TEST := $(SWIFT) test --skip-build --sanitize=thread --disable-xctest --no-parallel --scratch-path .build-tsan

check:
	@for kit in Tests/*/Reliability/ReliabilityKit.swift; do \
	  [ "$$kit" = Tests/ReactiveCoreTests/Reliability/ReliabilityKit.swift ] || [ -L "$$kit" ] \
	  || { echo "$$kit must be a symbolic link to Tests/ReactiveCoreTests/Reliability/ReliabilityKit.swift"; exit 1; }; \
	done
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	@$(TSAN_TEST) > .build-tsan/check.log 2>&1; status=$$?; cat .build-tsan/check.log; \
	  if grep -q "WARNING: ThreadSanitizer" .build-tsan/check.log; then echo "ThreadSanitizer reported races"; exit 1; fi; \
	  exit $$status
	@rm -f .build-tsan/reliability-tally.txt
	@RELIABILITY_CHECK=1 RELIABILITY_TALLY=$(CURDIR)/.build-tsan/reliability-tally.txt \
	  $(TSAN_TEST) --filter '$(RELIABILITY_SUITES)' > .build-tsan/reliability.log 2>&1; status=$$?; \
	  grep -E "✘|WARNING: ThreadSanitizer|seed|Test run" .build-tsan/reliability.log | grep -v KitSelfTest; \
	  if grep -q "WARNING: ThreadSanitizer" .build-tsan/reliability.log; then \
	    cat .build-tsan/reliability.log; echo "ThreadSanitizer reported races"; exit 1; \
	  fi; \
	  echo "Reliability rounds and cases (heavy mode, under ThreadSanitizer):"; \
	  awk '$$1 != "KitSelfTest" { runs[$$1] += $$2 } END { for (name in runs) printf "  %-28s %d\n", name, runs[name] }' \
	    .build-tsan/reliability-tally.txt 2>/dev/null | sort; \
	  exit $$status

clean:
	rm -rf .build .build-tsan Examples/.build Compatibility/.build AppleSwitch/.build
