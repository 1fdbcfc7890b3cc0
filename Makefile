# The two commands of the README: `make demo` and `make test`.
# Everything here uses only the Swift toolchain; nothing is installed by hand.

SWIFT ?= swift
# Warnings are errors, and the module graph of ARCHITECTURE.md is checked by
# the build: a target may import only the targets it depends on.
BUILD_FLAGS := -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error

.PHONY: all build test test-package test-examples demo lint format check clean

all: test

build:
	$(SWIFT) build $(BUILD_FLAGS)

## make test: warnings-as-errors build, every test, then the downstream Examples package.
test: test-package test-examples

test-package:
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --disable-xctest

test-examples:
	cd Examples && $(SWIFT) build -Xswiftc -warnings-as-errors

## make demo: the demo program, from the downstream Examples package.
demo:
	cd Examples && $(SWIFT) run --quiet Demo

## make lint: formatting, checked (make format fixes it).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Packages Tests Examples/Package.swift Examples/Sources

format:
	$(SWIFT) format format --in-place --recursive Package.swift Packages Tests Examples/Package.swift Examples/Sources

## make check: the whole suite under ThreadSanitizer.
check:
	$(SWIFT) test --sanitize=thread --disable-xctest

clean:
	rm -rf .build Examples/.build
