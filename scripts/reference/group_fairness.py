#!/usr/bin/python3
"""Reference values for the group fairness of rankings (METRICS.md §12, CIs §6), written from the
papers and METRICS.md with NumPy and SciPy, independently of the TypeScript code:

- group exposure and disparate treatment: Singh & Joachims, "Fairness of Exposure in Rankings",
  KDD 2018 (exposure of rank r: 1 / log2(1 + r); a group's exposure is the mean over its members);
- AWRF: Sapiezynski et al., WWW 2019 Companion, as the TREC 2021 Fair Ranking track scored it
  (attention 1 / log2(max(r, 2)); AWRF = 1 - JS divergence, here SciPy's `jensenshannon`
  distance squared, natural logarithm); AWRF x nDCG per query;
- Skew@k (pooled over queries), MinSkew, MaxSkew and NDKL (eq. 4): Geyik, Ambler & Kenthapadi,
  KDD 2019.

Seeded random rankings with two to five groups, tied scores (the tie rule: score descending, then
identifier descending), unlabelled documents (dropped from the top K, ranks closing up), runs
shorter than K, queries without a relevant document or without judgments, a query whose top K is
all unlabelled, and a 'relevant' target that gives a ranked group a share of 0.

Point estimates are the numbers to 1e-9. The CIs are an independent percentile bootstrap over
queries (NumPy's generator, not Fairground's): B = 4000 resamples, numpy percentile (linear) at
2.5 and 97.5, with each statistic's bootstrap standard error beside it so the unit test can bound
the Monte-Carlo difference between two independent bootstraps (see the test for the tolerance).

Run:  /usr/bin/python3 scripts/reference/group_fairness.py
Writes test/fixtures/reference/group-fairness.json (checked by
test/unit/core/groupFairness/reference.test.ts).
"""
import json
import math
import os

import numpy as np
from scipy.spatial.distance import jensenshannon

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..'))
OUT = os.path.join(ROOT, 'test', 'fixtures', 'reference', 'group-fairness.json')
RESAMPLES = 4000
GROUP_NAMES = ['female', 'male', 'nonbinary', 'unstated-x', 'other']


# ---------------------------------------------------------------- one query

def ranked(run):
    """Document ids under the tie rule: score descending, then id descending (code units: the ids are ASCII)."""
    by_id = sorted(run, key=lambda pair: pair[0], reverse=True)
    return [doc for doc, _ in sorted(by_id, key=lambda pair: -pair[1])]  # sorted() is stable


def gain(grade, kind):
    g = max(grade, 0.0)
    return g if kind == 'linear' else 2.0 ** g - 1.0


def ndcg_at(order, judgments, k, kind):
    """nDCG@k (METRICS.md §1): DCG of the ranking as given over the ideal DCG of all judged grades."""
    dcg = sum(gain(judgments.get(d, 0.0), kind) / math.log2(i + 2) for i, d in enumerate(order[:k]))
    ideal = sorted((gain(g, kind) for g in judgments.values()), reverse=True)[:k]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg > 0 else 0.0


def kl(p, q):
    total = 0.0
    for a, b in zip(p, q):
        if a > 0:
            if b == 0:
                return math.inf
            total += a * math.log(a / b)
    return total


def ndkl(labels_l, groups, target):
    """Geyik et al. eq. 4: (1/Z) sum_i 1/log2(i+1) KL(D_i || t), D_i the group shares of the top i."""
    num = 0.0
    z = 0.0
    for i in range(1, len(labels_l) + 1):
        top = labels_l[:i]
        d = [top.count(g) / i for g in groups]
        w = 1.0 / math.log2(i + 1)
        num += w * kl(d, target)
        z += w
    return None if math.isinf(num) else num / z


def score_query(query, labels, options):
    groups = sorted(g for g, c in query['pool'].items() if c > 0)
    order = ranked(query['run'])
    top = order[:options['k']]
    kept = [d for d in top if d in labels]
    lab = [labels[d] for d in kept]
    judgments = query['judgments']
    n = len(lab)
    out = {'groups': groups, 'sequence': lab, 'n_unlabelled': len(top) - n}
    # target
    tau = options['threshold']
    if options['target'] == 'pool':
        counts = [query['pool'][g] for g in groups]
    elif options['target'] == 'equal':
        counts = [1.0] * len(groups)
    else:
        rel = [labels[d] for d, g in (judgments or {}).items() if g >= tau and d in labels]
        counts = [rel.count(g) for g in groups]
    target = [c / sum(counts) for c in counts] if groups and sum(counts) > 0 else None
    out['target'] = dict(zip(groups, target)) if target else None
    # exposure (Singh & Joachims): mean of 1/log2(1+r) over the group's documents in L
    exposure = None
    if n > 0:
        exposure = []
        for g in groups:
            ranks = [r for r in range(1, n + 1) if lab[r - 1] == g]
            exposure.append(float(np.mean([1 / np.log2(1 + r) for r in ranks])) if ranks else 0.0)
    out['exposure'] = dict(zip(groups, exposure)) if exposure is not None else None
    out['exposure_ratio'] = min(exposure) / max(exposure) if exposure is not None and len(groups) >= 2 else None
    # disparate treatment: ratio of min to max of Exp_g / U_g over groups with U_g > 0
    dt = None
    if exposure is not None and judgments is not None:
        ratios = []
        for gi, g in enumerate(groups):
            grades = [max(judgments.get(d, 0.0), 0.0) for d, lg in zip(kept, lab) if lg == g]
            if grades and np.mean(grades) > 0:
                ratios.append(exposure[gi] / np.mean(grades))
        dt = min(ratios) / max(ratios) if len(ratios) >= 2 else None
    out['disparate_treatment'] = dt
    # AWRF: attention 1/log2(max(r,2)), SciPy's JS distance squared (base e)
    attention = None
    fairness = None
    if n > 0:
        w = 1 / np.log2(np.maximum(np.arange(1, n + 1), 2))
        attention = [float(np.sum(w[[x == g for x in lab]]) / np.sum(w)) for g in groups]
        if target is not None:
            fairness = 1 - jensenshannon(attention, target, base=math.e) ** 2
    out['attention'] = dict(zip(groups, attention)) if attention is not None else None
    out['awrf'] = fairness
    relevant = judgments is not None and any(g >= tau for g in judgments.values())
    nd = ndcg_at(order, judgments, options['k'], options['gain']) if relevant else None
    out['ndcg'] = nd
    out['awrf_ndcg'] = fairness * nd if fairness is not None and nd is not None else None
    out['ndkl'] = ndkl(lab, groups, target) if n > 0 and target is not None else None
    out['slots'] = []
    if n > 0 and target is not None:
        for k in options['skew_ks']:
            out['slots'].append({'k': k, 'counts': {g: lab[:k].count(g) for g in groups}, 'size': min(k, n)})
    return out


# ---------------------------------------------------------------- over queries

def mean_or_none(values):
    return float(np.mean(values)) if values else None


def pooled_skew(rows, groups, j):
    """Geyik et al. Skew@k pooled: p_g = sum c_g / sum min(k,|L|); skew = ln(p_g / mean t_g); None when p_g = 0 or t = 0."""
    total = sum(r['slots'][j]['size'] for r in rows)
    skew = {}
    for g in groups:
        c = sum(r['slots'][j]['counts'].get(g, 0) for r in rows)
        t = sum((r['target'] or {}).get(g, 0.0) for r in rows) / len(rows) if rows else 0.0
        skew[g] = math.log((c / total) / t) if c > 0 and total > 0 and t > 0 else None
    numbers = [s for s in skew.values() if s is not None]
    return skew, (min(numbers) if numbers else None), (max(numbers) if numbers else None)


def summarise(per_query, options):
    groups = sorted({g for r in per_query for g in r['groups']})
    fair = [r for r in per_query if r['awrf'] is not None]
    held = [r for r in per_query if r['slots']]
    k = options['k']
    col = lambda key: [r[key] for r in per_query if r[key] is not None]
    s = {
        'groups': groups,
        'n_queries': len(per_query),
        'n_unlabelled': sum(r['n_unlabelled'] for r in per_query),
        'n_skipped': {
            'exposure': sum(r['exposure'] is None for r in per_query),
            'exposure_ratio': sum(r['exposure_ratio'] is None for r in per_query),
            'disparate_treatment': sum(r['disparate_treatment'] is None for r in per_query),
            'target': sum(r['target'] is None for r in per_query),
            'awrf': sum(r['awrf'] is None for r in per_query),
            'awrf_ndcg': sum(r['awrf_ndcg'] is None for r in per_query),
            'ndkl': sum(r['ndkl'] is None for r in per_query),
            'skew': sum(not r['slots'] for r in per_query),
        },
        'exposure': {g: mean_or_none([r['exposure'][g] for r in per_query if r['exposure'] is not None and g in r['groups']]) for g in groups},
        'exposure_ratio': mean_or_none(col('exposure_ratio')),
        'disparate_treatment': mean_or_none(col('disparate_treatment')),
        'target_share': {g: (mean_or_none([r['target'].get(g, 0.0) for r in fair]) or 0.0) for g in groups},
        'attention_share': {g: mean_or_none([r['attention'].get(g, 0.0) for r in fair]) for g in groups},
        f'awrf@{k}': mean_or_none(col('awrf')),
        f'awrf_ndcg@{k}': mean_or_none(col('awrf_ndcg')),
        f'ndkl@{k}': mean_or_none(col('ndkl')),
    }
    for j, cut in enumerate(options['skew_ks']):
        skew, lo, hi = pooled_skew(held, groups, j)
        s[f'skew@{cut}'] = skew
        s[f'absent@{cut}'] = [g for g in groups if held and all(r['slots'][j]['counts'].get(g, 0) == 0 for r in held)]
        s[f'min_skew@{cut}'] = lo
        s[f'max_skew@{cut}'] = hi
    return s


def bootstrap(per_query, options, seed):
    """Independent percentile bootstrap (NumPy's PCG64): every macro mean over its own queries, pooled skew over the slot-holding queries."""
    rng = np.random.default_rng(seed)
    k = options['k']
    groups = sorted({g for r in per_query for g in r['groups']})
    fair = [r for r in per_query if r['awrf'] is not None]
    held = [r for r in per_query if r['slots']]
    columns = {
        'exposure_ratio': [r['exposure_ratio'] for r in per_query if r['exposure_ratio'] is not None],
        f'awrf@{k}': [r['awrf'] for r in per_query if r['awrf'] is not None],
        f'awrf_ndcg@{k}': [r['awrf_ndcg'] for r in per_query if r['awrf_ndcg'] is not None],
        f'ndkl@{k}': [r['ndkl'] for r in per_query if r['ndkl'] is not None],
        'disparate_treatment': [r['disparate_treatment'] for r in per_query if r['disparate_treatment'] is not None],
    }
    for g in groups:
        columns[f'exposure.{g}'] = [r['exposure'][g] for r in per_query if r['exposure'] is not None and g in r['groups']]
        columns[f'attention_share.{g}'] = [r['attention'].get(g, 0.0) for r in fair]
    out = {}
    for key, values in columns.items():
        if not values:
            continue
        x = np.array(values)
        idx = rng.integers(0, len(x), size=(RESAMPLES, len(x)))
        means = x[idx].mean(axis=1)
        out[key] = {'ci': [float(v) for v in np.percentile(means, [2.5, 97.5])], 'se': float(np.std(means, ddof=1))}
    if held:
        for j, cut in enumerate(options['skew_ks']):
            draws = {f'{name}@{cut}': [] for name in ['min_skew', 'max_skew']}
            draws.update({f'skew@{cut}.{g}': [] for g in groups})
            for _ in range(RESAMPLES):
                sample = [held[i] for i in rng.integers(0, len(held), size=len(held))]
                skew, lo, hi = pooled_skew(sample, groups, j)
                for g in groups:
                    draws[f'skew@{cut}.{g}'].append(skew[g])
                draws[f'min_skew@{cut}'].append(lo)
                draws[f'max_skew@{cut}'].append(hi)
            for key, values in draws.items():
                v = np.array([x for x in values if x is not None])
                if len(v) > 1:
                    out[key] = {'ci': [float(a) for a in np.percentile(v, [2.5, 97.5])], 'se': float(np.std(v, ddof=1))}
    return out


# ---------------------------------------------------------------- seeded inputs

def make_scenario(rng, name, kind, n_groups, n_queries, options, with_qrels, unlabelled_share, seed=None, full_pools=False, unranked_group=None):
    groups = GROUP_NAMES[:n_groups]
    weights = rng.dirichlet(np.ones(n_groups) * 2)
    queries = []
    labels = {}
    if kind == 'retrieval':
        corpus = [f'd{i:03d}' for i in range(60)]
        for d in corpus:
            if rng.random() >= unlabelled_share:
                labels[d] = str(rng.choice(groups, p=weights))
        pool = {g: sum(1 for d in corpus if labels.get(d) == g) for g in groups}
        if unranked_group is not None:  # a group of the pool that no run retrieves (exposure 0, absent from Skew)
            labels.update({f'x{i:02d}': groups[unranked_group] for i in range(4)})
            pool[groups[unranked_group]] = sum(1 for d in labels.values() if d == groups[unranked_group])
            corpus = [d for d in corpus if labels.get(d) != groups[unranked_group]]
    for q in range(n_queries):
        if kind == 'retrieval':
            length = int(rng.integers(1, 2 * options['k'] + 1))
            docs = list(rng.choice(corpus, size=min(length, len(corpus)), replace=False))
            query_pool = pool
        else:  # screening: each job's own pool of CVs, every one scored
            size = int(rng.integers(3, 16))
            docs = [f'j{q:02d}c{i:02d}' for i in range(size)]
            for d in docs:
                if full_pools or rng.random() >= unlabelled_share:
                    labels[d] = str(rng.choice(groups, p=weights))
            query_pool = {g: sum(1 for d in docs if labels.get(d) == g) for g in groups}
        # ties: scores from a few values
        run = [[str(d), float(rng.integers(0, 6))] for d in docs]
        if q == 1 and not full_pools:  # a top K that is all unlabelled
            run = [[d, s] for d, s in run if d not in labels][:3] or [['zz-unlabelled', 1.0]]
        judgments = None
        if with_qrels and q % 7 != 3:  # some queries have no judgments at all
            judged = list(rng.choice(docs, size=int(rng.integers(1, len(docs) + 1)), replace=False))
            top_grade = 1 if full_pools else 3
            judgments = {str(d): float(rng.integers(-1 if not full_pools else 0, top_grade + 1)) for d in judged}
            if q % 5 == 2:  # no relevant document
                judgments = {d: min(g, options['threshold'] - 1) for d, g in judgments.items()}
        queries.append({'id': f'q{q:02d}', 'run': run, 'pool': query_pool, 'judgments': judgments})
    per_query = [score_query(q, labels, options) for q in queries]
    return {
        'name': name,
        'options': options,
        'bootstrap': {'resamples': RESAMPLES, 'seed': seed} if seed is not None else None,
        'labels': labels,
        'queries': queries,
        'expected': {
            'per_query': per_query,
            'summary': summarise(per_query, options),
            'bootstrap': bootstrap(per_query, options, seed) if seed is not None else None,
        },
    }


def main():
    rng = np.random.default_rng(20260050)
    opt = lambda k, target, threshold, skew_ks, gain='linear': {'k': k, 'target': target, 'threshold': threshold, 'skew_ks': skew_ks, 'gain': gain}
    scenarios = [
        make_scenario(rng, 'retrieval, 2 groups, pool target, qrels', 'retrieval', 2, 14, opt(10, 'pool', 1, [5, 10]), True, 0.2),
        make_scenario(rng, 'retrieval, 3 groups, relevant target (tau 2), exp gain', 'retrieval', 3, 14, opt(20, 'relevant', 2, [3, 20], 'exp'), True, 0.15),
        make_scenario(rng, 'screening, 4 groups, pool target, whole pools ranked, binary grades', 'screening', 4, 12, opt(100, 'pool', 1, [10]), True, 0.0, full_pools=True),
        make_scenario(rng, 'screening, 5 groups, equal target, K 6', 'screening', 5, 12, opt(6, 'equal', 1, [2, 6]), True, 0.25),
        make_scenario(rng, 'retrieval, 3 groups, 80 queries, bootstrap', 'retrieval', 3, 80, opt(10, 'pool', 1, [10]), True, 0.1, seed=7),
        make_scenario(rng, 'retrieval, 3 groups, one never retrieved, equal target', 'retrieval', 3, 10, opt(10, 'equal', 1, [5]), False, 0.1, unranked_group=2),
        make_scenario(rng, 'screening, 2 groups, 60 jobs, relevant target, bootstrap', 'screening', 2, 60, opt(8, 'relevant', 1, [4, 8]), True, 0.1, seed=11),
    ]
    fixture = {
        'generator': 'scripts/reference/group_fairness.py (NumPy, SciPy jensenshannon), independent of the TypeScript',
        'resamples': RESAMPLES,
        'scenarios': scenarios,
    }
    with open(OUT, 'w') as f:
        json.dump(fixture, f, separators=(',', ':'))
        f.write('\n')
    print(f'wrote {OUT}: {os.path.getsize(OUT)} bytes, {len(scenarios)} scenarios, {sum(len(s["queries"]) for s in scenarios)} queries')


if __name__ == '__main__':
    main()
