#!/usr/bin/env python3
"""Docs/Performance.md's results block is there and well formed (issue 36): run by `make test`.

`make bench` writes its report between the two markers (Benchmarks/Scripts/report.py doc);
this checks that the markers stand once each, in order, and that the block holds the
run's date and commit, the comparison table, and the goals with their verdicts.
"""
import os
import re
import sys

PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Docs", "Performance.md")
BEGIN = "<!-- results of make bench: begin (written by Benchmarks/Scripts/report.py doc; not by hand) -->"
END = "<!-- results of make bench: end -->"

page = open(PAGE).read()
problems = []
if page.count(BEGIN) != 1 or page.count(END) != 1 or page.find(BEGIN) > page.find(END):
    problems.append("the results markers must stand once each, begin before end")
else:
    block = page[page.index(BEGIN) + len(BEGIN):page.index(END)]
    if not re.search(r"^Run: \d{4}-\d{2}-\d{2}, commit \w+", block, re.M):
        problems.append("no 'Run: <date>, commit <hash>' line")
    if not re.search(r"^```text\n.*^```$", block, re.M | re.S):
        problems.append("no ```text block")
    if not re.search(r"^workload\s+time ns RC", block, re.M):
        problems.append("no comparison table (its 'workload  time ns RC' header)")
    verdicts = re.findall(r"\[(met|NOT MET)\]", block)
    if not verdicts:
        problems.append("no goal with its verdict ([met] or [NOT MET])")
for problem in problems:
    print(f"Docs/Performance.md, results block: {problem}; run make bench to write it")
if problems:
    sys.exit(1)
print(f"Docs/Performance.md: the results block of make bench is there ({len(verdicts)} goals)")
