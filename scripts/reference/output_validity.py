#!/usr/bin/python3
"""Reference values for output validity (issue 49; src/core/llm/outputValidity.ts).

The 95% Wilson score interval of k valid answers in n, from SciPy's own implementation
(`scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method='wilson')`), for a
seeded grid of (k, n) including the edges k = 0 and k = n. Written independently of the
TypeScript (which uses the closed form of Wilson 1927).

Usage: /usr/bin/python3 scripts/reference/output_validity.py   (writes test/fixtures/reference/output-validity.json)
"""
import json
import os

import numpy as np
from scipy.stats import binomtest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "test", "fixtures", "reference", "output-validity.json")

rng = np.random.default_rng(49)
cases = [(0, 1), (1, 1), (0, 5), (5, 5), (8, 10), (1320, 1320), (1, 1320)]
for _ in range(60):
    n = int(rng.integers(1, 5000))
    cases.append((int(rng.integers(0, n + 1)), n))

rows = []
for k, n in cases:
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    rows.append({"k": k, "n": n, "low": float(ci.low), "high": float(ci.high)})

with open(OUT, "w") as f:
    json.dump({"source": "scipy.stats.binomtest(k, n).proportion_ci(method='wilson')", "scipy": __import__("scipy").__version__, "cases": rows}, f, indent=1)
print(f"wrote {len(rows)} cases to {os.path.relpath(OUT, ROOT)}")
