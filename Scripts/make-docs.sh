#!/usr/bin/env bash
# make docs: one browsable DocC archive per module, built with the toolchain's
# own `docc` (no plugin, so the root package keeps no dependency).
#
# 1. `swift package dump-symbol-graph` extracts the public symbols of every module.
# 2. Each module's catalog (Packages/<Module>/<Module>.docc) is copied to a work
#    folder with its guides from Docs/ added as articles (<Guide>-Guide.md);
#    the copies are generated, never committed. In the copies, a link to
#    another guide (Docs/<Guide>.md) becomes a link to its article, in
#    whichever archive holds it, and a link to a file of the repository
#    (../Tests/…) becomes its path in code voice, since the archives do not
#    hold the sources. Every root page gets a "Modules" section that links
#    every archive, so that one can move from module to module.
# 3. `docc convert` writes .build/docs/<Module>/, ready for static hosting;
#    .build/docs/index.html links them all. The links between archives are
#    root-relative: serve .build/docs itself (as below), not a parent folder.
# 4. Any DocC warning fails the build (the warnings are printed).
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
    ReactiveExtras) echo "ReactiveExtras" ;;
    TraitsTesting) echo "Testing" ;;
    CombineTraits) echo "TraitOperators Migration Concurrency Performance Reliability Internals" ;;
  esac
}
modules="ReactiveCore ReactiveCoreFoundation CancelBag AsynchronousOperation MaybeTraits SingleTraits CompletableTraits ImmediateTraits FoundationTraits TraitSubscriptions ReactiveExtras TraitsTesting CombineTraits"

echo "Extracting symbol graphs…"
"$SWIFT" package dump-symbol-graph --minimum-access-level public --skip-synthesized-members --emit-extension-block-symbols >"$work.log" 2>&1 || {
  cat "$work.log"
  exit 1
}
graphs=$(find .build -maxdepth 3 -type d -name symbolgraph | head -n 1)
[ -n "$graphs" ] || { echo "no symbol graphs found under .build" >&2; exit 1; }

rm -rf "$out" "$work"
mkdir -p "$out" "$work"

# Where each guide's article lives: "Guide=Module …", for the link rewriting.
guide_homes=""
for module in $modules; do
  for guide in $(guides_of "$module"); do guide_homes="$guide_homes $guide=$module"; done
done
for page in Docs/*.md; do
  guide=$(basename "$page" .md)
  case " $guide_homes" in *" $guide="*) ;; *) echo "make docs: $page belongs to no archive (guides_of)" >&2; exit 1 ;; esac
done

# The guide's links, made to work inside the archives (see 2. above).
rewrite_links() {
  GUIDE_HOMES="$guide_homes" perl -pe '
    BEGIN { %home = map { split /=/ } split " ", $ENV{GUIDE_HOMES} }
    s{\]\((?:\.\./)?(?:Docs/)?(\w+)\.md(?:#[^)]*)?\)}{
      exists $home{$1} ? "](/$home{$1}/documentation/" . lc($home{$1}) . "/" . lc($1) . "-guide)"
                       : die "make docs: a link to $1.md, which is in no archive\n"
    }ge;
    s{\[([^\]]*)\]\(\.\./([^)]+)\)}{
      my ($t, $p) = ($1, $2); $p =~ s{/$}{}; (my $n = $t) =~ s{[`/]}{}g;
      ($t =~ /`/ || $p =~ m{(^|/)\Q$n\E$}) ? "`$p`" : "$t (`$p`)"
    }ge;
  ' "$1"
}

# The "Modules" section appended to every root page.
modules_section() {
  echo
  echo "## Modules"
  echo
  echo "Every module of the package has its own archive ([all of them](/index.html)):"
  echo
  for other in $modules; do
    lower=$(echo "$other" | tr '[:upper:]' '[:lower:]')
    echo "- [$other](/$other/documentation/$lower)"
  done
}
{
  echo '<!doctype html><meta charset="utf-8"><title>CombineTraits documentation</title>'
  echo '<h1>CombineTraits documentation</h1><ul>'
} >"$out/index.html"

for module in $modules; do
  catalog="$work/$module/$module.docc"
  mkdir -p "$work/$module/symbols"
  cp -R "Packages/$module/$module.docc" "$catalog"
  modules_section >>"$catalog/$module.md"
  for guide in $(guides_of "$module"); do
    rewrite_links "Docs/$guide.md" >"$catalog/$guide-Guide.md"
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
  count=$(grep -c 'warning:' "$work/$module.log" || true)
  warnings=$((${warnings:-0} + count))
  echo "  $module: $count docc warnings"
  grep -A3 'warning:' "$work/$module.log" | sed 's/^/    /' || true
done
echo '</ul>' >>"$out/index.html"

# Every link between archives must land on a page that was built.
dead=0
for link in $(grep -rhoE '\]\(/[^) ]*\)' "$work"/*/*.docc/*.md | sed 's/^](//; s/)$//' | sort -u); do
  [ -e "$out$link" ] || [ -e "$out$link/index.html" ] || { echo "make docs: dead link $link" >&2; dead=$((dead + 1)); }
done
[ "$dead" -eq 0 ] || exit 1

if [ "${warnings:-0}" -gt 0 ]; then
  echo "make docs: $warnings DocC warnings (logs in $work/<Module>.log); the documentation must build without any" >&2
  exit 1
fi

echo "Documentation in $out. Browse it with:"
echo "  python3 -m http.server --directory $out 8000   # then open http://localhost:8000/"
