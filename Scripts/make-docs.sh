#!/usr/bin/env bash
# make docs: one browsable DocC archive per module, built with the toolchain's
# own `docc` (no plugin, so the root package keeps no dependency).
#
# 1. `swift package dump-symbol-graph` extracts the public symbols of every module.
# 2. Each module's catalog (Packages/<Module>/<Module>.docc) is copied to a work
#    folder with its guides from Docs/ added as articles (<Guide>-Guide.md);
#    the copies are generated, never committed.
# 3. `docc convert` writes .build/docs/<Module>/, ready for static hosting;
#    .build/docs/index.html links them all.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
DOCC=${DOCC:-docc}
out=.build/docs
work=.build/docs-work

# The guides of Docs/ that belong to each module's archive.
guides_of() {
  case "$1" in
    ReactiveCore) echo "ReactiveCore" ;;
    MaybeTraits) echo "MaybePublisher TraitPublishers" ;;
    SingleTraits) echo "SinglePublisher" ;;
    CompletableTraits) echo "CompletablePublisher AsyncAwait" ;;
    ImmediateTraits) echo "ImmediatePublisher" ;;
    TraitSubscriptions) echo "TraitSubscriptions" ;;
    TraitsTesting) echo "Testing" ;;
    CombineTraits) echo "TraitOperators Migration" ;;
  esac
}
modules="ReactiveCore MaybeTraits SingleTraits CompletableTraits ImmediateTraits TraitSubscriptions TraitsTesting CombineTraits"

echo "Extracting symbol graphs…"
"$SWIFT" package dump-symbol-graph --minimum-access-level public --skip-synthesized-members --emit-extension-block-symbols >"$work.log" 2>&1 || {
  cat "$work.log"
  exit 1
}
graphs=$(find .build -maxdepth 3 -type d -name symbolgraph | head -n 1)
[ -n "$graphs" ] || { echo "no symbol graphs found under .build" >&2; exit 1; }

rm -rf "$out" "$work"
mkdir -p "$out" "$work"
{
  echo '<!doctype html><meta charset="utf-8"><title>CombineTraits documentation</title>'
  echo '<h1>CombineTraits documentation</h1><ul>'
} >"$out/index.html"

for module in $modules; do
  catalog="$work/$module/$module.docc"
  mkdir -p "$work/$module/symbols"
  cp -R "Packages/$module/$module.docc" "$catalog"
  for guide in $(guides_of "$module"); do
    cp "Docs/$guide.md" "$catalog/$guide-Guide.md"
  done
  # The module's own graph and its extensions of other modules' types.
  find "$graphs" -maxdepth 1 \( -name "$module.symbols.json" -o -name "$module@*.symbols.json" \) \
    -exec cp {} "$work/$module/symbols/" \;
  "$DOCC" convert "$catalog" \
    --additional-symbol-graph-dir "$work/$module/symbols" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.combinetraits.$module" \
    --transform-for-static-hosting \
    --hosting-base-path "$module" \
    --output-path "$out/$module" >"$work/$module.log" 2>&1 || {
    cat "$work/$module.log"
    exit 1
  }
  lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
  echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>" >>"$out/index.html"
  echo "  $module: $(grep -c 'warning:' "$work/$module.log" || true) docc warnings (log: $work/$module.log)"
done
echo '</ul>' >>"$out/index.html"

echo "Documentation in $out. Browse it with:"
echo "  python3 -m http.server --directory $out 8000   # then open http://localhost:8000/"
