#!/usr/bin/python3
"""Reference values for issue 33 (comparisons of stored runs), written from METRICS.md §3 and §6,
independently of the TypeScript code (src/core/audit/compare/):

two `fairground run` results on the bundled twins dataset (BM25 and TF-IDF, task briefs, B = 1000,
seed 0; test/fixtures/reference/compare-runs.json, made by scripts/reference/compareInputs.mjs) keep
each model's per-query values (`perUnit.columns`, one value per audited query, null where the query
defines none). Their difference per metric is a paired bootstrap over the same resamples: every
resample draws the same n query indices for both runs, the statistic is recomputed on each side and
theta* = TF-IDF - BM25; the CI is the 2.5th and 97.5th percentiles of theta* (numpy's linear method,
written out below), p = min(1, 2 min(share theta* <= 0, share theta* >= 0)), and q the
Benjamini-Hochberg adjustment over the compared metrics of the pair.

The statistics of the per-query values (METRICS.md §3, "then macro average"):
- a mean over the queries that define the value: NDCG@10, P@10, MRR@10, IoU@10, Dropout@10, rank
  shift, Kendall tau, Pearson r, Cohen's d, Std MAD and the per-query RBC;
- |RBC| = |mean per-query RBC|;
- pooled RBC = (sum W_F - sum W_M) / (sum W_F + sum W_M) over the queries with pairs, 0 when both
  sums are 0;
- OddsRatio@10 = exp(mean of ln OddsRatio@10 where defined) (geometric mean).

Resamples: Fairground draws them from xoshiro128** seeded through splitmix32 (src/core/stats/rng.ts,
after Blackman & Vigna 2018 and Steele et al. 2014), implemented here from the published algorithms
with 32-bit integer arithmetic: each resample is n draws of a uniform integer in [0, n) by rejection
of the top partial block, then x mod n.

Python's standard library only (NumPy is not installed on this machine; the percentile is numpy's
`linear` method, Hyndman & Fan type 7).

Run:  /usr/bin/python3 scripts/reference/compare.py
Writes test/fixtures/reference/compare.json (checked by test/unit/core/reference-compare.test.ts to
1e-9).
"""
import json
import math
import os

HERE = os.path.dirname(__file__)
IN = os.path.join(HERE, '..', '..', 'test', 'fixtures', 'reference', 'compare-runs.json')
OUT = os.path.join(HERE, '..', '..', 'test', 'fixtures', 'reference', 'compare.json')
M32 = 0xFFFFFFFF


def rotl(x, k):
    return ((x << k) | (x >> (32 - k))) & M32


class Xoshiro128ss:
    """xoshiro128** 1.0 with its 128-bit state expanded from a 32-bit seed by splitmix32."""

    def __init__(self, seed):
        s = seed & M32
        state = []
        for _ in range(4):
            s = (s + 0x9E3779B9) & M32
            z = s
            z = ((z ^ (z >> 16)) * 0x85EBCA6B) & M32
            z = ((z ^ (z >> 13)) * 0xC2B2AE35) & M32
            state.append((z ^ (z >> 16)) & M32)
        if not any(state):
            state[0] = 1
        self.a, self.b, self.c, self.d = state

    def uint32(self):
        result = (rotl((self.b * 5) & M32, 7) * 9) & M32
        t = (self.b << 9) & M32
        self.c ^= self.a
        self.d ^= self.b
        self.b ^= self.c
        self.a ^= self.d
        self.c ^= t
        self.d = rotl(self.d, 11)
        return result

    def int(self, n):
        limit = 2 ** 32 - (2 ** 32 % n)
        x = self.uint32()
        while x >= limit:
            x = self.uint32()
        return x % n


def resamples(n, b, seed):
    g = Xoshiro128ss(seed)
    return [[g.int(n) for _ in range(n)] for _ in range(b)]


def percentile(sorted_values, q):
    """numpy.percentile(v, q) with method='linear' on ascending values."""
    n = len(sorted_values)
    h = (n - 1) * q / 100.0
    lo = math.floor(h)
    if lo >= n - 1:
        return sorted_values[-1]
    t = h - lo
    return sorted_values[lo] + t * (sorted_values[lo + 1] - sorted_values[lo])


def defined(x):
    return x is not None and not (isinstance(x, float) and math.isnan(x))


def mean_defined(col, idx):
    vals = [col[i] for i in idx if defined(col[i])]
    return float('nan') if not vals else sum(vals) / len(vals)


def statistic(metric, cols, idx):
    if metric == 'rbc_abs':
        return abs(mean_defined(cols['rbc'], idx))
    if metric == 'rbc_pooled':
        wf = [cols['wins_first'][i] for i in idx if defined(cols['wins_first'][i])]
        ws = [cols['wins_second'][i] for i in idx if defined(cols['wins_first'][i])]
        if not wf:
            return float('nan')
        a, b = sum(wf), sum(ws)
        return 0.0 if a + b == 0 else (a - b) / (a + b)
    if metric.startswith('odds_ratio@'):
        return math.exp(mean_defined(cols['log_odds_ratio@' + metric.split('@')[1]], idx))
    return mean_defined(cols[metric], idx)


def boot_p(v):
    return min(1.0, 2 * min(sum(1 for x in v if x <= 0), sum(1 for x in v if x >= 0)) / len(v))


def bh(p):
    m = len(p)
    order = sorted(range(m), key=lambda i: (p[i], i))
    q = [None] * m
    running = 1.0
    for r in range(m - 1, -1, -1):
        i = order[r]
        running = min(running, m * p[i] / (r + 1))
        q[i] = running
    return q


def none_if_nan(x):
    return None if not defined(x) else float(x)


METRICS = ['ndcg@10', 'p@10', 'mrr@10', 'iou@10', 'rank_shift', 'rbc', 'rbc_abs', 'rbc_pooled', 'kendall_tau',
           'dropout@10', 'pearson', 'cohens_d', 'odds_ratio@10', 'std_mad']


def reported(results, metric):
    m = results['subsets'][0]['models'][0]
    if metric in m.get('effectiveness', {}):
        return m['effectiveness'][metric]['mean']
    return m['robustness']['overall'][metric]['mean']


def case(runs, metrics, b, seed):
    base = runs['bm25']['subsets'][0]['models'][0]['perUnit']
    cand = runs['tfidf']['subsets'][0]['models'][0]['perUnit']
    assert base['units'] == cand['units'] and base['unitsSha256'] == cand['unitsSha256']
    n = base['units']
    draws = resamples(n, b, seed)
    full = list(range(n))
    out, ps = [], []
    for metric in metrics:
        theta = [statistic(metric, cand['columns'], idx) - statistic(metric, base['columns'], idx) for idx in draws]
        v = sorted(x for x in theta if defined(x))
        p = boot_p(v)
        ps.append(p)
        out.append({
            'metric': metric,
            'mean': statistic(metric, cand['columns'], full) - statistic(metric, base['columns'], full),
            'ci': [percentile(v, 2.5), percentile(v, 97.5)],
            'p': p,
            'baseline_full': statistic(metric, base['columns'], full),
            'candidate_full': statistic(metric, cand['columns'], full),
            'baseline_reported': none_if_nan(reported(runs['bm25'], metric)),
            'candidate_reported': none_if_nan(reported(runs['tfidf'], metric)),
        })
    for row, q in zip(out, bh(ps)):
        row['q'] = q
    return {'resamples': b, 'seed': seed, 'units': n, 'metrics': metrics, 'differences': out}


def main():
    with open(IN) as f:
        runs = json.load(f)
    cases = [
        case(runs, METRICS, 1000, 0),
        case(runs, ['ndcg@10', 'iou@10', 'rank_shift', 'rbc'], 500, 7),
    ]
    with open(OUT, 'w') as f:
        json.dump({'generated_by': 'scripts/reference/compare.py', 'cases': cases}, f, indent=1)
        f.write('\n')


if __name__ == '__main__':
    main()
