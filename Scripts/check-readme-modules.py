#!/usr/bin/env python3
"""README's module table against Package.swift (issue 36): run by `make lint` and `make test`.

Every library product of Package.swift has a row in README.md's table ("| Product |
Sources | What it holds | Depends on |"), and no row names a product that does not
exist; the row's sources are `Packages/<name>`; its "Depends on" cell names the
target's package dependencies, SharedMachinery (the internal toolbox, not a product)
left out, or "—" for none. The umbrella's row says "all of the above" and the
umbrella must depend on every other product. Prints each disagreement; exits 1 if any.
"""
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
INTERNAL = {"SharedMachinery"}
UMBRELLA = "CombineTraits"


def package_targets():
    text = open(os.path.join(ROOT, "Package.swift")).read()
    modules = re.search(r"let modules = \[(.*?)\]", text, re.S)
    products = re.findall(r'"(\w+)"', modules.group(1))
    targets = {}
    # library("Name") or library("Name", dependencies: [...]), on one line or several;
    # the Linux declaration of ReactiveCore is the one that uses `library(`.
    for match in re.finditer(r'library\(\s*"(\w+)"(?:\s*,\s*dependencies:\s*\[(.*?)\])?\s*\)', text, re.S):
        name, deps = match.group(1), match.group(2) or ""
        targets[name] = [d for d in re.findall(r'"(\w+)"', deps) if d not in INTERNAL]
    return products, targets


def readme_rows():
    rows = {}
    for line in open(os.path.join(ROOT, "README.md")):
        m = re.match(r"\| `(\w+)` \| `([^`]+)` \| .* \| ([^|]+) \|\s*$", line)
        if m:
            name, sources, deps = m.group(1), m.group(2), m.group(3).strip()
            rows[name] = (sources, deps)
    return rows


def main():
    products, targets = package_targets()
    rows = readme_rows()
    problems = []
    for name in products:
        if name not in rows:
            problems.append(f"README.md: no row for the product {name}")
            continue
        sources, deps = rows[name]
        if sources != f"Packages/{name}":
            problems.append(f"README.md: {name}'s sources are Packages/{name}, the table says {sources}")
        if name not in targets:
            problems.append(f"Package.swift: no library(\"{name}\") declaration found")
            continue
        wanted = targets[name]
        if name == UMBRELLA:
            missing = [p for p in products if p != UMBRELLA and p not in wanted]
            if deps != "all of the above":
                problems.append(f"README.md: the umbrella's row should say \"all of the above\", not {deps!r}")
            if missing:
                problems.append(f"Package.swift: the umbrella does not depend on {', '.join(missing)}")
            continue
        listed = [] if deps == "—" else [d.strip() for d in deps.split(",")]
        if sorted(listed) != sorted(wanted):
            problems.append(
                f"README.md: {name} depends on {', '.join(wanted) or '—'} in Package.swift; "
                f"the table says {deps}"
            )
    for name in rows:
        if name not in products:
            problems.append(f"README.md: a row for {name}, which is not a product of Package.swift")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"README module table: {len(products)} products, each row as in Package.swift")


if __name__ == "__main__":
    main()
