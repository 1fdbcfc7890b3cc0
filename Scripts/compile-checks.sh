#!/usr/bin/env bash
# Type-checks every file of Tests/CompileChecks against the built modules with
# the compiler's verifier: lines marked `expected-error {{…}}` must produce
# that error, every other line must compile. See Tests/CompileChecks/README.md.
# Run after `swift build` (make test does).
set -euo pipefail
cd "$(dirname "$0")/.."

# `make compat` checks some of the files against AppleSwitch/'s modules (the
# trait modules on OpenCombine): COMPILE_CHECKS_MODULES, COMPILE_CHECKS_FLAGS
# and the files as arguments.
modules="${COMPILE_CHECKS_MODULES:-$(swift build --show-bin-path)/Modules}"
[ -d "$modules" ] || { echo "compile checks: no built modules at $modules; run swift build first" >&2; exit 1; }
read -r -a flags <<< "${COMPILE_CHECKS_FLAGS:-}"
[ "$#" -gt 0 ] || set -- Tests/CompileChecks/*.swift

# A file is checked in Swift 6 language mode, or in each mode its
# `// compile-checks: swift-versions 5 6` line names (the same expected
# diagnostics in each).
checked=0
broken=()
for file in "$@"; do
  versions=$(sed -n 's|^// compile-checks: swift-versions ||p' "$file" | head -n 1)
  for version in ${versions:-6}; do
    if swiftc -typecheck -swift-version "$version" -module-name CompileChecks -I "$modules" ${flags[@]+"${flags[@]}"} \
      -Xfrontend -verify -Xfrontend -verify-ignore-unrelated "$file" > /tmp/compile-check.$$ 2>&1; then
      checked=$((checked + 1))
    else
      broken+=("$file (Swift $version)")
      echo "compile check FAILED: $file (Swift $version mode)"
      cat /tmp/compile-check.$$
    fi
  done
done
rm -f /tmp/compile-check.$$

if [ "${#broken[@]}" -gt 0 ]; then
  echo "compile checks: ${#broken[@]} of $((checked + ${#broken[@]})) checks (file and language mode) broke their guarantees"
  exit 1
fi
echo "compile checks: all $checked checks (file and language mode) hold their guarantees"
