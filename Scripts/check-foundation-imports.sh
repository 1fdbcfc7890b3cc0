#!/usr/bin/env bash
# Pay for what you use (issue 34): a program that depends on ReactiveCore, the
# trait modules or ReactiveExtras links no more of Foundation than
# FoundationEssentials — no FoundationNetworking (libcurl and its TLS
# libraries) and no ICU data. On Linux every import of Foundation in a linked
# module loads them, so none of these modules may import Foundation or
# FoundationNetworking: what needs them lives in ReactiveCoreFoundation and
# FoundationTraits. `make adoption` measures the result with ldd.
# Run by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
lean="ReactiveCore SharedMachinery CancelBag MaybeTraits SingleTraits CompletableTraits ImmediateTraits ReactiveExtras"
status=0
for module in $lean; do
  if found=$(grep -rnE '^\s*(@_exported )?(public |package |internal )?import (Foundation|FoundationNetworking|FoundationInternationalization)\b' \
    "Packages/$module" --include='*.swift'); then
    echo "$found"
    echo "Packages/$module imports Foundation: move that code to ReactiveCoreFoundation or FoundationTraits (issue 34)"
    status=1
  fi
done
[ $status -eq 0 ] && echo "Foundation imports: none in $lean (FoundationEssentials only)"
exit $status
