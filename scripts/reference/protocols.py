#!/usr/bin/python3
"""Reference values for the statistics of issue 14 ("the published protocols, exactly"), written
from METRICS.md with NumPy, SciPy and scikit-learn, independently of the TypeScript code:

- twins (METRICS.md §3): RBC per query then averaged, the pooled RBC, Cohen's d of s(F) - s(M),
  OddsRatio@k (Haldane-Anscombe, geometric mean over queries), Std MAD, beside IoU@k, rank shift,
  Dropout@k, Kendall tau-b and Pearson r, for all twins, per language and per direction, each with
  its percentile bootstrap CI over queries;
- screening bias (§4, §6): the effect rows and the reference-group rows, every statistic with its
  CI, its two-sided paired-bootstrap p and the Benjamini-Hochberg q over the model's family (every
  effect test and every reference-row test); the noise floor with its CIs;
- validity (§2, §6): AUC, balanced accuracy, macro-F1, Precision@5 and its random baseline with
  CIs over jobs, which of them exclude chance, and Delta-AUC with its CI, p and mark (CI excludes 0).

Bootstrap resamples. Fairground draws them from xoshiro128** seeded through splitmix32
(src/core/stats/rng.ts, after Blackman & Vigna 2018 and Steele et al. 2014); both algorithms are
published and use 32-bit integer arithmetic only, so this script implements them from their
definitions (below) and draws the same unit indices: each resample is n draws of a uniform integer
in [0, n) by rejection of the top partial block (x >= 2^32 - 2^32 mod n is redrawn), then x mod n.
Every statistic is then recomputed here on the rows a resample selects; CIs are numpy's linear
percentiles at 2.5 and 97.5 of the resamples where the statistic is defined.

Run:  /usr/bin/python3 scripts/reference/protocols.py
Writes test/fixtures/reference/protocols.json (checked by test/unit/core/reference-protocols.test.ts
to 1e-9).
"""
import json
import math
import os

import numpy as np
from scipy.stats import kendalltau, pearsonr
from sklearn.metrics import balanced_accuracy_score, f1_score, roc_auc_score

SEED = 20260114
rng = np.random.default_rng(SEED)
OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'fixtures', 'reference', 'protocols.json')
M32 = 0xFFFFFFFF


# ------------------------------------------------------------- the seeded generator (rng.ts)
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
    """B rows of n unit indices, as forEachResample draws them."""
    g = Xoshiro128ss(seed)
    return np.array([[g.int(n) for _ in range(n)] for _ in range(b)], dtype=np.int64).reshape(b, n)


def ci_of(values):
    v = np.array([x for x in values if x is not None and not (isinstance(x, float) and math.isnan(x))], dtype=float)
    if len(v) == 0:
        return None, v
    return [float(np.percentile(v, 2.5)), float(np.percentile(v, 97.5))], v


def boot_p(v):
    """Two-sided bootstrap p of theta = 0 (METRICS.md §6)."""
    if len(v) == 0:
        return None
    return float(min(1.0, 2 * min(np.sum(v <= 0), np.sum(v >= 0)) / len(v)))


def bh(p):
    """Benjamini-Hochberg q-values; None (an undefined test) stays None and is left out of m."""
    idx = [i for i, x in enumerate(p) if x is not None]
    m = len(idx)
    q = [None] * len(p)
    order = sorted(idx, key=lambda i: (p[i], i))
    running = 1.0
    for r in range(m - 1, -1, -1):
        i = order[r]
        running = min(running, m * p[i] / (r + 1))
        q[i] = running
    return q


def none_if_nan(x):
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


# ------------------------------------------------------------- the tie rule (METRICS.md conventions)
def code_unit_rank(ids):
    order = sorted(range(len(ids)), key=lambda i: ids[i])
    key = np.empty(len(ids), dtype=np.int64)
    key[order] = np.arange(len(ids))
    return key


def above(s_x, k_x, s, k):
    return (s_x > s) | ((s_x == s) & (k_x > k))


def ranks(scores, key):
    s = np.asarray(scores, dtype=float)
    return np.array([1 + int(np.sum(above(s, key, s[i], key[i]))) for i in range(len(s))])


def random_ids(n, prefix):
    ids = set()
    while len(ids) < n:
        ids.add(prefix + str(int(rng.integers(0, 10 * n))))
    ids = sorted(ids)
    rng.shuffle(ids)
    return ids


# ---------------------------------------------------------------- §3 twins over queries
def twin_query(scores, key, pairs, k):
    """One query's metrics for the pairs given (each: index, twin score, F side, lang, direction)."""
    n = len(scores)
    if not pairs:
        return None
    rank_o = ranks(scores, key)
    rank_t, shifts = [], []
    for p in pairs:
        d = p['index']
        others = np.arange(n) != d
        rt = 1 + int(np.sum(above(scores[others], key[others], p['twin'], key[d])))
        rank_t.append(rt)
        shifts.append(abs(int(rank_o[d]) - rt))
    world = scores.copy()
    for p in pairs:
        world[p['index']] = p['twin']
    kk = min(k, n)
    top_a = set(np.nonzero(rank_o <= kk)[0].tolist())
    top_b = set(np.nonzero(ranks(world, key) <= kk)[0].tolist())
    members = [p['index'] for p in pairs]
    s_in_a = [d for d in members if d in top_a]
    orig = np.array([scores[p['index']] for p in pairs])
    twin = np.array([p['twin'] for p in pairs])
    tau = None
    if not (np.all(world == world[0]) or np.all(scores == scores[0])):
        tau = float(kendalltau(scores, world, variant='b')[0])
    r = None
    if len(pairs) >= 2 and not np.all(orig == orig[0]) and not np.all(twin == twin[0]):
        r = float(pearsonr(orig, twin)[0])
    w_f = w_m = n_f = n_m = 0
    diffs = []
    for p, rt in zip(pairs, rank_t):
        ro = int(rank_o[p['index']])
        if p['first'] == 'neither':
            continue
        rf, rm = (ro, rt) if p['first'] == 'original' else (rt, ro)
        w_f += rf < rm
        w_m += rm < rf
        n_f += rf <= k
        n_m += rm <= k
        sf, sm = (scores[p['index']], p['twin']) if p['first'] == 'original' else (p['twin'], scores[p['index']])
        diffs.append(sf - sm)
    n_pairs = len(diffs)
    d = None
    if n_pairs >= 2:
        sd = float(np.std(diffs, ddof=1))
        if sd > 0:
            d = float(np.mean(diffs) / sd)
    odds = None
    if n_f + n_m > 0:
        odds = ((n_f + 0.5) / (n_pairs - n_f + 0.5)) / ((n_m + 0.5) / (n_pairs - n_m + 0.5))
    absdiff = np.abs(orig - twin)
    return {
        'iou': len(top_a & top_b) / len(top_a | top_b),
        'rank_shift': float(np.mean(shifts)),
        'dropout': 0.0 if not s_in_a else sum(x not in top_b for x in s_in_a) / len(s_in_a),
        'kendall_tau': tau,
        'pearson': r,
        'rbc': 0.0 if w_f + w_m == 0 else (w_f - w_m) / (w_f + w_m),
        'wins': (w_f, w_m),
        'cohens_d': d,
        'odds_ratio': odds,
        'std_mad': float(np.std(absdiff, ddof=1)) if len(pairs) >= 2 else None,
        'pairs': len(pairs),
    }


def summarize(per_query, idx):
    """The reported statistics of one scope over the units at idx (repeats count)."""
    chosen = [per_query[i] for i in idx if per_query[i] is not None]
    out = {}
    for key in ['iou', 'rank_shift', 'dropout', 'kendall_tau', 'pearson', 'cohens_d', 'std_mad']:
        v = [m[key] for m in chosen if m[key] is not None]
        out[key] = float(np.mean(v)) if v else None
    out['rbc'] = float(np.mean([m['rbc'] for m in chosen])) if chosen else None
    wf = sum(m['wins'][0] for m in chosen)
    wm = sum(m['wins'][1] for m in chosen)
    out['rbc_pooled'] = (0.0 if wf + wm == 0 else (wf - wm) / (wf + wm)) if chosen else None
    logs = [math.log(m['odds_ratio']) for m in chosen if m['odds_ratio'] is not None]
    out['odds_ratio'] = math.exp(np.mean(logs)) if logs else None
    return out


TWIN_KEYS = ['iou', 'rank_shift', 'dropout', 'kendall_tau', 'pearson', 'rbc', 'rbc_pooled', 'cohens_d', 'odds_ratio', 'std_mad']


def scope_stats(per_query, n_queries, matrix):
    """Means over the queries defining each metric, percentile CIs over the resamples, counts."""
    full = summarize(per_query, range(n_queries))
    boot = [summarize(per_query, row) for row in matrix]
    stats = {}
    for key_name in TWIN_KEYS:
        ci, _ = ci_of([x[key_name] for x in boot])
        stats[key_name] = {'mean': none_if_nan(full[key_name]), 'ci': ci}
    stats['n_queries'] = sum(m is not None for m in per_query)
    stats['n_pairs'] = sum(m['pairs'] for m in per_query if m is not None)
    return stats


def twins_case(n_docs, n_twins, n_queries, k, grid, b, seed):
    doc_ids = ['d%03d' % i for i in range(n_docs)]
    langs = ['en' if i % 3 else 'nl' for i in range(n_docs)]
    members = sorted(rng.choice(n_docs, size=n_twins, replace=False).tolist())
    twins = []
    for j, d in enumerate(members):
        group = 'female' if rng.random() < 0.5 else 'male'
        other = 'male' if group == 'female' else 'female'
        if rng.random() < 0.1:
            group, other = 'x', 'y'  # a pair with no first-group member
        twins.append({'id': doc_ids[d], 'twin_id': doc_ids[d] + '-twin', 'group': group, 'twin_group': other, 'lang': langs[d]})
    key = code_unit_rank(doc_ids)
    corpus_scores, twin_scores = [], []
    for _ in range(n_queries):
        s = np.round(rng.uniform(0, 1, n_docs) * grid) / grid
        t = np.clip(s[members] + np.round(rng.normal(0, 0.1, n_twins) * grid) / grid, 0, 1)
        same = rng.random(n_twins) < 0.25
        t[same] = s[members][same]
        corpus_scores.append(s.tolist())
        twin_scores.append(t.tolist())
    # scopes: all twins, per language, per direction
    scopes = {'all': lambda tw: True}
    for lang in sorted(set(t['lang'] for t in twins)):
        scopes['lang:' + lang] = (lambda l: lambda tw: tw['lang'] == l)(lang)
    for direction in sorted(set('%s->%s' % (t['group'], t['twin_group']) for t in twins)):
        scopes['direction:' + direction] = (lambda dr: lambda tw: '%s->%s' % (tw['group'], tw['twin_group']) == dr)(direction)
    matrix = resamples(n_queries, b, seed)
    # The queries' languages (no draw from rng: the other cases' inputs stay as they were).
    qlangs = ['nl' if q % 3 == 0 else 'en' for q in range(n_queries)]
    expected = {}
    # The per-language subsets (METRICS.md §3): the queries of L, the twins of L, in the whole
    # corpus ('sublang:') or among L's documents only ('subpool:', a dataset whose pool is per language).
    for lang in sorted(set(t['lang'] for t in twins)):
        for name, own_pool in (('sublang:' + lang, False), ('subpool:' + lang, True)):
            members_l = [i for i in range(n_docs) if langs[i] == lang] if own_pool else list(range(n_docs))
            position = {d: i for i, d in enumerate(members_l)}
            per_query = []
            for q in range(n_queries):
                if qlangs[q] != lang:
                    per_query.append(None)
                    continue
                s = np.array(corpus_scores[q])[members_l]
                pairs = []
                for j, tw in enumerate(twins):
                    if tw['lang'] != lang or members[j] not in position:
                        continue
                    first = 'original' if tw['group'] == 'female' else 'twin' if tw['twin_group'] == 'female' else 'neither'
                    pairs.append({'index': position[members[j]], 'twin': twin_scores[q][j], 'first': first})
                per_query.append(twin_query(s, key[members_l], pairs, k))
            expected[name] = scope_stats(per_query, n_queries, matrix)
    for name, keep in scopes.items():
        per_query = []
        for q in range(n_queries):
            s = np.array(corpus_scores[q])
            pairs = []
            for j, tw in enumerate(twins):
                if not keep(tw):
                    continue
                first = 'original' if tw['group'] == 'female' else 'twin' if tw['twin_group'] == 'female' else 'neither'
                pairs.append({'index': members[j], 'twin': twin_scores[q][j], 'first': first})
            per_query.append(twin_query(s, key, pairs, k))
        expected[name] = scope_stats(per_query, n_queries, matrix)
    return {
        'k': k, 'bootstrap': b, 'seed': seed, 'firstResample': matrix[0].tolist(), 'docIds': doc_ids, 'docLangs': langs, 'queryLangs': qlangs, 'twins': twins,
        'corpusScores': corpus_scores, 'twinScores': twin_scores, 'expected': expected,
    }


twins = [
    twins_case(14, 6, 9, 3, 10, 200, 11),
    twins_case(30, 12, 14, 5, 20, 300, 12),
    twins_case(22, 9, 12, 4, 1000, 250, 13),
    twins_case(9, 5, 7, 2, 5, 150, 14),
]


# ---------------------------------------------------------------- §4 screening bias
NAMES = {('gender', 'female'): ['Anna', 'Maria'], ('gender', 'male'): ['Jan', 'Peter'],
         ('ethnicity', 'black'): ['Darnell', 'Keisha'], ('ethnicity', 'white'): ['Greg', 'Emily'], ('ethnicity', 'asian'): ['Wei', 'Mei']}
GROUPS = {'gender': ['female', 'male'], 'ethnicity': ['asian', 'black', 'white']}
REFERENCE = {'gender': 'male', 'ethnicity': 'white'}


def screening_case(n_pools, b, seed, bias):
    pools = []
    for p in range(n_pools):
        n = int(rng.integers(4, 12))
        ids = random_ids(n, 'cv')
        scores = rng.integers(30, 80, n).astype(float)
        cvs = []
        for i in range(n):
            variants = []
            for attribute, groups in GROUPS.items():
                for g in groups:
                    shift = bias.get((attribute, g), 0)
                    variants.append({'attribute': attribute, 'group': g, 'signal': 'explicit', 'name': '',
                                     'score': float(np.clip(scores[i] + shift + rng.integers(-4, 5), 0, 100))})
                    for nm in NAMES[(attribute, g)]:
                        if rng.random() < 0.15:
                            continue  # a name not scored for this CV
                        variants.append({'attribute': attribute, 'group': g, 'signal': 'implicit', 'name': nm,
                                         'score': float(np.clip(scores[i] + shift + rng.integers(-4, 5), 0, 100))})
            for noise in ['typos', 'whitespace']:
                variants.append({'attribute': 'noise', 'group': noise, 'signal': 'noise', 'name': '',
                                 'score': float(np.clip(scores[i] + rng.integers(-2, 3), 0, 100))})
            cvs.append({'cvId': ids[i], 'score': float(scores[i]), 'variants': variants})
        pools.append({'jobId': 'j%d' % p, 'cvs': cvs})

    K = 5
    units = []
    for p in pools:
        key = code_unit_rank([c['cvId'] for c in p['cvs']])
        s = np.array([c['score'] for c in p['cvs']])
        r0 = ranks(s, key)
        for i, c in enumerate(p['cvs']):
            others = np.arange(len(s)) != i
            vs = [dict(v, rank=1 + int(np.sum(above(s[others], key[others], v['score'], key[i])))) for v in c['variants']]
            units.append({'score': c['score'], 'rank': int(r0[i]), 'variants': vs})

    def cell(u, attribute, group, signal, name=None):
        vs = [v for v in u['variants'] if v['attribute'] == attribute and v['group'] == group and v['signal'] == signal and (name is None or v['name'] == name)]
        if not vs:
            return None
        return float(np.mean([v['score'] for v in vs])), float(np.mean([v['rank'] for v in vs]))

    nan = float('nan')

    def columns(base_of, variant_of):
        """Per-unit ΔScore, ΔRank and Excl@5 contributions (NaN where a unit does not count)."""
        ds, dr, ex = [], [], []
        for u in units:
            v = variant_of(u)
            base = base_of(u)
            if v is None:
                ds.append(nan), dr.append(nan), ex.append(nan)
                continue
            ds.append(nan if base is None else v[0] - base[0])
            dr.append(u['rank'] - v[1])  # against the original CV's rank
            ex.append((1.0 if v[1] > K else 0.0) if u['rank'] <= K else nan)
        return np.array(ds), np.array(dr), np.array(ex)

    rows = []  # (kind, attribute, group, signal, ds, dr, ex)
    keys = sorted({(a, v['group'], v['signal']) for u in units for v in u['variants'] for a in [v['attribute']]})
    for attribute, group, signal in keys:
        if attribute == 'noise':
            continue
        ref = REFERENCE[attribute]
        if group == ref:
            ds, dr, ex = columns(lambda u: None, lambda u, a=attribute, g=group, s=signal: cell(u, a, g, s))
            ds[:] = nan
            rows.append(('reference', attribute, group, signal, ds, dr, ex))
        else:
            ds, dr, ex = columns(lambda u, a=attribute, s=signal, r=ref: cell(u, a, r, s), lambda u, a=attribute, g=group, s=signal: cell(u, a, g, s))
            rows.append(('effect', attribute, group, signal, ds, dr, ex))
    noise_rows = []
    for attribute, group, signal in keys:
        if attribute != 'noise':
            continue
        ds, dr, ex = [], [], []
        for u in units:
            v = cell(u, attribute, group, signal)
            ds.append(v[0] - u['score'])
            dr.append(u['rank'] - v[1])
            ex.append((1.0 if v[1] > K else 0.0) if u['rank'] <= K else nan)
        noise_rows.append(('noise', attribute, group, signal, np.array(ds), np.array(dr), np.array(ex)))

    n = len(units)
    matrix = resamples(n, b, seed)

    def mean_defined(col, idx):
        v = col[idx]
        v = v[~np.isnan(v)]
        return float(np.mean(v)) if len(v) else nan

    def stat(col, scale=1.0):
        full = scale * mean_defined(col, np.arange(n))
        boot = [scale * mean_defined(col, row) for row in matrix]
        ci, kept = ci_of(boot)
        return {'mean': none_if_nan(full), 'ci': ci, 'p': boot_p(kept)}

    out_rows = []
    for kind, attribute, group, signal, ds, dr, ex in rows:
        out_rows.append({'kind': kind, 'attribute': attribute, 'group': group, 'signal': signal,
                         'delta_score': stat(ds), 'delta_rank': stat(dr), 'excl@5': stat(ex, 100.0),
                         'n_cvs': int(np.sum(~np.isnan(dr if kind == 'reference' else ds)))})
    family = [r[m]['p'] for r in out_rows for m in ['delta_score', 'delta_rank', 'excl@5']]
    q = bh(family)
    for i, r in enumerate(out_rows):
        for j, m in enumerate(['delta_score', 'delta_rank', 'excl@5']):
            r[m]['q'] = q[3 * i + j]
            r[m]['significant'] = q[3 * i + j] is not None and q[3 * i + j] < 0.05
    out_noise = []
    for kind, attribute, group, signal, ds, dr, ex in noise_rows:
        out_noise.append({'kind': kind, 'attribute': attribute, 'group': group, 'signal': signal,
                          'delta_score': {k: v for k, v in stat(ds).items() if k != 'p'},
                          'delta_rank': {k: v for k, v in stat(dr).items() if k != 'p'},
                          'excl@5': {k: v for k, v in stat(ex, 100.0).items() if k != 'p'}})
    return {'bootstrap': b, 'seed': seed, 'firstResample': matrix[0].tolist(), 'reference': REFERENCE, 'pools': pools, 'expected': {'effects': out_rows, 'noise_floor': out_noise}}


screening = [
    screening_case(3, 300, 21, {('gender', 'female'): -6, ('ethnicity', 'black'): -3}),
    screening_case(4, 250, 22, {}),
    screening_case(5, 400, 23, {('ethnicity', 'asian'): 5, ('gender', 'male'): 2, ('gender', 'female'): -25}),
]


# ---------------------------------------------------------------- §2 validity
def precision_at_5(ids, labels, scores):
    key = code_unit_rank(ids)
    r = ranks(scores, key)
    k = min(5, len(ids))
    return float(np.mean(np.array(labels)[r <= k]))


def validity_case(n_jobs, b, seed, threshold, separation):
    rows = []
    for j in range(n_jobs):
        n = int(rng.integers(6, 14))
        ids = random_ids(n, 'c')
        labels = [1, 0] + [int(x) for x in rng.random(n - 2) < 0.4]
        rng.shuffle(labels)
        scores = [float(np.clip(round(40 + separation * y + rng.normal(0, 15)), 0, 100)) for y in labels]
        reference = [float(np.clip(round(40 + 8 * y + rng.normal(0, 15)), 0, 100)) for y in labels]
        for i in range(n):
            rows.append({'id': ids[i], 'group': 'job%d' % j, 'label': labels[i], 'score': scores[i], 'reference': reference[i]})
    jobs = []
    for r in rows:
        if r['group'] not in jobs:
            jobs.append(r['group'])
    by_job = [[i for i, r in enumerate(rows) if r['group'] == g] for g in jobs]

    def pooled(chosen):
        idx = [i for j in chosen for i in by_job[j]]
        y = np.array([rows[i]['label'] for i in idx])
        s = np.array([rows[i]['score'] for i in idx])
        ref = np.array([rows[i]['reference'] for i in idx])
        pred = (s >= threshold).astype(int)
        if len(set(y.tolist())) < 2:
            return None
        return {
            'auc': float(roc_auc_score(y, s)),
            'balanced_accuracy': float(balanced_accuracy_score(y, pred)),
            'macro_f1': float(f1_score(y, pred, average='macro', labels=[0, 1], zero_division=0)),
            'delta_auc': float(roc_auc_score(y, s) - roc_auc_score(y, ref)),
        }

    per_job_p5 = [precision_at_5([rows[i]['id'] for i in ix], [rows[i]['label'] for i in ix], [rows[i]['score'] for i in ix]) for ix in by_job]
    per_job_base = [float(np.mean([rows[i]['label'] for i in ix])) for ix in by_job]
    matrix = resamples(n_jobs, b, seed)
    full = pooled(range(n_jobs))
    boot = [pooled(row) for row in matrix]
    out = {}
    for key in ['auc', 'balanced_accuracy', 'macro_f1', 'delta_auc']:
        ci, kept = ci_of([x[key] if x else None for x in boot])
        out[key] = {'mean': full[key], 'ci': ci}
        if key == 'delta_auc':
            out[key]['p'] = boot_p(kept)
            out[key]['significant'] = ci is not None and (ci[0] > 0 or ci[1] < 0)
    for key, values in [('precision@5', per_job_p5), ('random_baseline', per_job_base)]:
        v = np.array(values)
        ci, _ = ci_of([float(np.mean(v[row])) for row in matrix])
        out[key] = {'mean': float(np.mean(v)), 'ci': ci}
    excl = lambda c, level: c['ci'] is not None and (c['ci'][0] > level or c['ci'][1] < level)
    out['chance'] = {
        'auc': {'level': 0.5, 'excluded': excl(out['auc'], 0.5)},
        'balanced_accuracy': {'level': 0.5, 'excluded': excl(out['balanced_accuracy'], 0.5)},
        'macro_f1': {'level': 0.5, 'excluded': excl(out['macro_f1'], 0.5)},
        'precision@5': {'level': out['random_baseline']['mean'], 'excluded': excl(out['precision@5'], out['random_baseline']['mean'])},
    }
    return {'bootstrap': b, 'seed': seed, 'firstResample': matrix[0].tolist(), 'threshold': threshold, 'rows': rows, 'expected': out}


validity = [
    validity_case(8, 300, 31, 50, 25),
    validity_case(6, 250, 32, 45, 0),
    validity_case(10, 200, 33, 55, 12),
]

with open(OUT, 'w') as f:
    json.dump({'seed': SEED, 'twins': twins, 'screening': screening, 'validity': validity}, f)
print('wrote', OUT, os.path.getsize(OUT), 'bytes')
