#!/usr/bin/python3
"""Reference values for the twin, consistency, screening and lexical-baseline
metrics (METRICS.md §3, §4, §5, §9.4), written from METRICS.md with NumPy,
SciPy and scikit-learn, independently of the TypeScript code.

Run:  /usr/bin/python3 scripts/reference/metrics_b.py
Writes test/fixtures/reference/metrics-b.json (checked by
test/unit/core/reference-b.test.ts to 1e-9).
"""
import json
import math
import os
import re

import numpy as np
from scipy.stats import kendalltau
from sklearn.feature_extraction.text import TfidfVectorizer

SEED = 20240611
rng = np.random.default_rng(SEED)
OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'test', 'fixtures', 'reference', 'metrics-b.json')


def random_ids(n):
    """Distinct ASCII identifiers of varied length (so code-unit order is not numeric order)."""
    ids = set()
    while len(ids) < n:
        ids.add('d' + str(int(rng.integers(0, 10 * n))))
    ids = sorted(ids)
    rng.shuffle(ids)
    return ids


def id_rank(ids):
    """Position of each id in ascending code-point order (ASCII: = code-unit order)."""
    order = sorted(range(len(ids)), key=lambda i: ids[i])
    key = np.empty(len(ids), dtype=np.int64)
    key[order] = np.arange(len(ids))
    return key


def above(s_x, k_x, s, k):
    """Vectorised tie rule: x ranks above (s, k) iff s_x > s or (s_x == s and k_x > k)."""
    return (s_x > s) | ((s_x == s) & (k_x > k))


def ranks(scores, key):
    """1-based rank of each item: 1 + #{x ranked above it} (distinct keys)."""
    s = np.asarray(scores, dtype=float)
    return np.array([1 + int(np.sum(above(s, key, s[i], key[i]))) for i in range(len(s))])


def top_k(scores, key, k):
    r = ranks(scores, key)
    return set(np.nonzero(r <= k)[0].tolist())


# ---------------------------------------------------------------- §3 twins
def twin_case(n, n_twins, k, tie_grid):
    ids = random_ids(n)
    key = id_rank(ids)
    scores = np.round(rng.uniform(0, 1, n) * tie_grid) / tie_grid
    members = rng.choice(n, size=n_twins, replace=False)
    twin_scores = np.clip(scores[members] + np.round(rng.normal(0, 0.15, n_twins) * tie_grid) / tie_grid, 0, 1)
    # some twins score exactly the original
    same = rng.random(n_twins) < 0.2
    twin_scores[same] = scores[members][same]
    first = rng.choice(['original', 'twin', 'neither'], size=n_twins, p=[0.45, 0.45, 0.10])
    rank_o = ranks(scores, key)
    rank_t = np.empty(n_twins, dtype=np.int64)
    for j, d in enumerate(members):
        others = np.arange(n) != d
        rank_t[j] = 1 + int(np.sum(above(scores[others], key[others], twin_scores[j], key[d])))
    shift = float(np.mean(np.abs(rank_o[members] - rank_t)))
    world = scores.copy()
    world[members] = twin_scores
    A = top_k(scores, key, k)
    B = top_k(world, key, k)
    iou = len(A & B) / len(A | B)
    s_in_a = [d for d in members.tolist() if d in A]
    dropout = 0.0 if not s_in_a else sum(d not in B for d in s_in_a) / len(s_in_a)
    tau = kendalltau(scores, world, variant='b')[0]
    tau = None if (np.all(world == world[0]) or np.all(scores == scores[0]) or np.isnan(tau)) else float(tau)
    orig_s = scores[members]
    if n_twins < 2 or np.all(orig_s == orig_s[0]) or np.all(twin_scores == twin_scores[0]):
        r = None
    else:
        r = float(np.corrcoef(orig_s, twin_scores)[0, 1])
    rf = np.where(first == 'original', rank_o[members], rank_t)
    rm = np.where(first == 'original', rank_t, rank_o[members])
    valid = first != 'neither'
    w_f = int(np.sum(valid & (rf < rm)))
    w_m = int(np.sum(valid & (rm < rf)))
    return {
        'ids': ids, 'scores': scores.tolist(), 'k': k,
        'pairs': [{'index': int(d), 'twinScore': float(t), 'firstGroup': str(f)} for d, t, f in zip(members, twin_scores, first)],
        'expected': {
            'rankT': rank_t.tolist(), 'rankO': rank_o[members].tolist(),
            'rankShift': shift, 'iou': iou, 'dropout': dropout, 'kendallTau': tau, 'pearson': r,
            'winsFirst': w_f, 'winsSecond': w_m,
        },
    }


twins = []
for i in range(24):
    n = int(rng.integers(6, 70))
    twins.append(twin_case(n, int(rng.integers(1, max(2, n // 2))), int(rng.integers(1, 12)), [5, 10, 20, 1000][i % 4]))


# ------------------------------------------------------- §5 consistency
def consistency_case(n_pools, runs):
    pools = []
    for _ in range(n_pools):
        n = int(rng.integers(3, 12))
        base = rng.integers(20, 90, n)
        noise = rng.integers(-6, 7, (n, runs))
        scores = np.clip(base[:, None] + noise, 0, 100).astype(float)
        if rng.random() < 0.3:
            scores[:, :] = scores[:, :1]  # identical runs in this pool
        pools.append({'cvIds': random_ids(n), 'scores': scores})
    rows, sd_score, sd_rank, flips_all, miss, shortlisted = [], [], [], [], [], []
    flip_by_cutoff = np.zeros(91)
    for p in pools:
        s = p['scores']
        key = id_rank(p['cvIds'])
        n = s.shape[0]
        rows.append(s)
        sd_score.extend(np.std(s, axis=1, ddof=1).tolist())
        rk = np.stack([ranks(s[:, t], key) for t in range(runs)], axis=1)
        sd_rank.extend(np.std(rk, axis=1, ddof=1).tolist())
        for c_i, cutoff in enumerate(range(5, 96)):
            fit = (s >= cutoff).sum(axis=1)
            flip_by_cutoff[c_i] += np.sum(np.where(fit >= runs - fit, runs - fit, fit))
        # Disag@5: h per run with shared ties at the fifth place
        h = np.zeros((n, runs))
        for t in range(runs):
            col = s[:, t]
            if n <= 5:
                h[:, t] = 1
                continue
            fifth = np.sort(col)[::-1][4]
            c = np.sum(col > fifth)
            m = np.sum(col == fifth)
            h[:, t] = np.where(col > fifth, 1.0, np.where(col == fifth, (5 - c) / m, 0.0))
        ref = ranks(s.mean(axis=1), key) <= 5
        shortlisted.extend(ref.tolist())
        miss.extend(np.where(ref, 1 - h.mean(axis=1), 0).tolist())
    X = np.vstack(rows)
    n, k = X.shape
    grand = X.mean()
    msr = k * np.sum((X.mean(axis=1) - grand) ** 2) / (n - 1)
    msc = n * np.sum((X.mean(axis=0) - grand) ** 2) / (k - 1)
    sse = np.sum((X - grand) ** 2) - msr * (n - 1) - msc * (k - 1)
    mse = sse / ((n - 1) * (k - 1))
    icc = (msr - mse) / (msr + (k - 1) * mse + k * (msc - mse) / n)
    sl = np.array(shortlisted)
    return {
        'runs': runs,
        'pools': [{'cvIds': p['cvIds'], 'scores': p['scores'].ravel().tolist()} for p in pools],
        'expected': {
            'icc': float(icc), 'sigmaScore': float(np.mean(sd_score)), 'sigmaRank': float(np.mean(sd_rank)),
            'labelFlipPct': float(flip_by_cutoff[45] * 100 / (n * k)),
            'disag': float(100 * np.array(miss)[sl].mean()),
            'flipByCutoff': (flip_by_cutoff * 100 / (n * k)).tolist(),
        },
    }


consistency = [consistency_case(int(rng.integers(2, 6)), int(rng.integers(2, 8))) for _ in range(8)]


# ---------------------------------------------------------- §4 screening
def screening_case(n_pools):
    names = {'female': ['Anna', 'Maria'], 'male': ['Jan', 'Peter']}
    pools = []
    for _ in range(n_pools):
        n = int(rng.integers(4, 14))
        ids = random_ids(n)
        scores = rng.integers(30, 80, n).astype(float)
        cvs = []
        for i in range(n):
            variants = []
            for g in ['female', 'male']:
                variants.append({'attribute': 'gender', 'group': g, 'signal': 'explicit', 'name': '',
                                 'score': float(scores[i] + rng.integers(-5, 6))})
                for nm in names[g]:
                    variants.append({'attribute': 'gender', 'group': g, 'signal': 'implicit', 'name': nm,
                                     'score': float(scores[i] + rng.integers(-5, 6))})
            variants.append({'attribute': 'noise', 'group': 'whitespace', 'signal': '-', 'name': '',
                             'score': float(scores[i] + rng.integers(-2, 3))})
            cvs.append({'cvId': ids[i], 'score': float(scores[i]), 'variants': variants})
        pools.append({'jobId': 'j%d' % len(pools), 'cvs': cvs})

    # per unit: original rank and the (score, rank) of each variant
    units = []
    for p in pools:
        ids = [c['cvId'] for c in p['cvs']]
        key = id_rank(ids)
        s = np.array([c['score'] for c in p['cvs']])
        r0 = ranks(s, key)
        for i, c in enumerate(p['cvs']):
            others = np.arange(len(s)) != i
            vr = []
            for v in c['variants']:
                rank = 1 + int(np.sum(above(s[others], key[others], v['score'], key[i])))
                vr.append(dict(v, rank=rank))
            units.append({'score': c['score'], 'rank': int(r0[i]), 'variants': vr})

    def cell(u, group, signal, name=None):
        vs = [v for v in u['variants'] if v['group'] == group and v['signal'] == signal and (name is None or v['name'] == name)]
        return np.mean([v['score'] for v in vs]), np.mean([v['rank'] for v in vs])

    K = 5
    expected = []
    for signal in ['explicit', 'implicit']:
        ds, dr, ex = [], [], []
        for u in units:
            sg, rg = cell(u, 'female', signal)
            sref, _ = cell(u, 'male', signal)
            ds.append(sg - sref)
            dr.append(u['rank'] - rg)
            if u['rank'] <= K:
                ex.append(1.0 if rg > K else 0.0)
        expected.append({'kind': 'effect', 'attribute': 'gender', 'group': 'female', 'signal': signal,
                         'deltaScore': float(np.mean(ds)), 'deltaRank': float(np.mean(dr)), 'excl': float(100 * np.mean(ex)) if ex else None})
    # the reference group's own row (METRICS.md §3 of the issue: ΔScore is the reference, "ref."; ΔRank
    # and Excl@5 against the original CV, as for any group)
    for signal in ['explicit', 'implicit']:
        dr, ex = [], []
        for u in units:
            _, rg = cell(u, 'male', signal)
            dr.append(u['rank'] - rg)
            if u['rank'] <= K:
                ex.append(1.0 if rg > K else 0.0)
        expected.append({'kind': 'reference', 'attribute': 'gender', 'group': 'male', 'signal': signal,
                         'deltaScore': None, 'deltaRank': float(np.mean(dr)), 'excl': float(100 * np.mean(ex)) if ex else None})
    ds, dr, ex = [], [], []
    for u in units:
        sv, rv = cell(u, 'whitespace', '-')
        ds.append(sv - u['score'])
        dr.append(u['rank'] - rv)
        if u['rank'] <= K:
            ex.append(1.0 if rv > K else 0.0)
    expected.append({'kind': 'noise', 'attribute': 'noise', 'group': 'whitespace', 'signal': '-',
                     'deltaScore': float(np.mean(ds)), 'deltaRank': float(np.mean(dr)), 'excl': float(100 * np.mean(ex)) if ex else None})
    for g in ['female', 'male']:
        n1, n2 = sorted(names[g])
        ds, dr, ex = [], [], []
        for u in units:
            s1, r1 = cell(u, g, 'implicit', n1)
            s2, r2 = cell(u, g, 'implicit', n2)
            ds.append(s2 - s1)
            dr.append(r1 - r2)
            if r1 <= K:
                ex.append(1.0 if r2 > K else 0.0)
        expected.append({'kind': 'second-name', 'attribute': 'gender', 'group': g, 'signal': 'implicit',
                         'deltaScore': float(np.mean(ds)), 'deltaRank': float(np.mean(dr)), 'excl': float(100 * np.mean(ex)) if ex else None})
    return {'k': K, 'reference': {'gender': 'male'}, 'pools': pools, 'expected': expected}


screening = [screening_case(int(rng.integers(1, 4))) for _ in range(5)]


# ------------------------------------------------------------ §9.4 TF-IDF
ALPHABET = list('abcde AB\t\n')


def random_text():
    return ''.join(rng.choice(ALPHABET, size=int(rng.integers(0, 14))))


def preprocess(t):
    return re.sub(r'\s+', ' ', t.lower()).strip()


tfidf = []
for _ in range(6):
    corpus = [random_text() for _ in range(int(rng.integers(3, 12)))]
    corpus.append(corpus[0])  # a duplicate: IDF is fitted on unique texts
    query = random_text() + ' ab'
    texts = [preprocess(t) for t in corpus]
    vec = TfidfVectorizer(analyzer='char', ngram_range=(2, 2), smooth_idf=True, norm='l2', lowercase=False)
    vec.fit(sorted(set(texts)))
    D = vec.transform(texts)
    q = vec.transform([preprocess(query)])
    tfidf.append({'corpus': corpus, 'query': query, 'expected': (D @ q.T).toarray().ravel().tolist()})


# ------------------------------------------------------------- BM25
WORDS = ['data', 'engineer', 'python', 'sql', 'senior', 'nurse', 'care', 'lead', 'java', 'cloud']


def bm25_scores(corpus, query, k1=1.2, b=0.75):
    docs = [re.findall(r'[a-z0-9]+', d.lower()) for d in corpus]
    N = len(docs)
    avgdl = np.mean([len(d) for d in docs])
    out = np.zeros(N)
    for t in re.findall(r'[a-z0-9]+', query.lower()):
        df = sum(t in d for d in docs)
        idf = math.log(1 + (N - df + 0.5) / (df + 0.5))
        for i, d in enumerate(docs):
            tf = d.count(t)
            out[i] += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(d) / avgdl))
    return out


bm25 = []
for _ in range(6):
    corpus = [', '.join(rng.choice(WORDS, size=int(rng.integers(1, 9)))).title() for _ in range(int(rng.integers(3, 15)))]
    query = ' '.join(rng.choice(WORDS + ['unknown'], size=int(rng.integers(1, 5))))
    bm25.append({'corpus': corpus, 'query': query, 'expected': bm25_scores(corpus, query).tolist()})

with open(OUT, 'w') as f:
    json.dump({'seed': SEED, 'twins': twins, 'consistency': consistency, 'screening': screening, 'tfidf': tfidf, 'bm25': bm25}, f)
print('wrote', OUT, os.path.getsize(OUT), 'bytes')
