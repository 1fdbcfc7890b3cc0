#!/usr/bin/env bash
# Examples/ is a downstream package written as a Swift 6 user would write it:
# the concurrency design of Docs/Concurrency.md must leave it no reason to
# escape the compiler's checks. Fails on any `nonisolated(unsafe)` or
# `@unchecked Sendable` in its manifest, sources, tests or refused snippet, comments
# included. Run by `make test-examples`.
set -euo pipefail
cd "$(dirname "$0")/../Examples"

pattern='nonisolated[[:space:]]*\([[:space:]]*unsafe[[:space:]]*\)|@unchecked[[:space:]]+Sendable'
if grep -rnE "$pattern" --include='*.swift' Package.swift Sources Tests Refused; then
  echo "Examples: the lines above escape concurrency checking; the downstream package must need no escape" >&2
  exit 1
fi
echo "Examples: no nonisolated(unsafe), no @unchecked Sendable"

# Production targets never need test support: TraitsTesting is imported only
# by test targets (and by the Demo, through the CombineTraits umbrella).
if grep -rnE '^[[:space:]]*(@testable[[:space:]]+)?(public[[:space:]]+|package[[:space:]]+|internal[[:space:]]+)?import[[:space:]]+TraitsTesting' \
  --include='*.swift' Sources; then
  echo "Examples: the lines above import TraitsTesting outside a test target" >&2
  exit 1
fi
echo "Examples: no production target imports TraitsTesting"
